/**
 * Helpers of the room-sales browser tests: prices written on a seeded event (the price form is
 * the tickets task's and is tested there).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eventKey } from '#server/events/data/events.server';
import { testTenantId } from '#tests/support/tenants';
import { e2eDatabase } from './events-helpers';

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
