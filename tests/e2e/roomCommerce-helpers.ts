/**
 * Helpers of the donation and room-sales browser tests: prices written on a seeded event (the
 * price form is the tickets task's), and a stand-in for the payments API in one browser page
 * (until payments is on this branch: the test checks what the page asks checkout for, answers
 * as the contract says, and reports the status it is told).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { eventKey } from '#server/data/events.server';
import { testTenantId } from '#tests/support/tenants';
import { e2eDatabase } from './events-helpers';
import { tenantUrl } from './fixtures';

export async function setPrices(tenant: string, eventId: string, prices: { ticketPrice?: number; replayPrice?: number | null }) {
  const db = e2eDatabase();
  const names = Object.keys(prices);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: eventKey(testTenantId(tenant), eventId),
      UpdateExpression: `SET ${names.map((n) => `${n} = :${n}`).join(', ')}`,
      ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, prices[n as keyof typeof prices]])),
    }),
  );
}

export interface CheckoutStandIn {
  /** The JSON bodies the page posted to /api/checkout. */
  requests: Array<{ lines: unknown[]; returnPath: string; idempotencyKey: string }>;
  /** What GET /api/checkout/status answers from now on. */
  setStatus(status: string): void;
}

export async function standInCheckout(page: Page, tenant: string, orderId: string): Promise<CheckoutStandIn> {
  const requests: CheckoutStandIn['requests'] = [];
  let status = 'pending';
  await page.context().route('**/api/checkout', async (route) => {
    requests.push(route.request().postDataJSON() as CheckoutStandIn['requests'][number]);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ orderId, redirectUrl: tenantUrl(tenant, '/features') }) });
  });
  await page.context().route('**/api/checkout/status?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status }) }));
  return { requests, setStatus: (next) => void (status = next) };
}
