/** Ledger entries are booked once each, whether they come together in one transaction or one by one in a replay. */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '#app/lib/payments/ledger';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { addLedgerEntries, addLedgerEntry, listLedger } from './payouts.server';

const db = testDatabase();
const entry = (entryId: string, amount: number): LedgerEntry => ({
  entryId,
  sellerId: 'seller-1',
  kind: amount < 0 ? 'platform_fee' : 'sale',
  orderId: 'ord_1',
  title: 'T',
  amount: { amount, currency: 'USD' },
  at: '2026-12-01T00:00:00.000Z',
  buyerName: 'B',
});

describe('ledger entries', () => {
  it('booked together the first time, and each once when some were booked before', async () => {
    const t = uniqueTenantId('ledger');
    await addLedgerEntries(db, t, [entry('ord_1#0', 1000), entry('ord_1#fee#seller-1', -50)]);
    await addLedgerEntries(db, t, [entry('ord_1#0', 1000), entry('ord_1#fee#seller-1', -50)]);
    expect((await listLedger(db, t, 'seller-1')).map((e) => e.entryId).sort()).toEqual(['ord_1#0', 'ord_1#fee#seller-1']);

    expect(await addLedgerEntry(db, t, entry('ord_2#0', 700))).toBe(true);
    await addLedgerEntries(db, t, [entry('ord_2#0', 700), entry('ord_2#fee#seller-1', -35)]);
    const ledger = await listLedger(db, t, 'seller-1');
    expect(ledger.map((e) => e.entryId).sort()).toEqual(['ord_1#0', 'ord_1#fee#seller-1', 'ord_2#0', 'ord_2#fee#seller-1']);
    expect(ledger.reduce((sum, e) => sum + e.amount.amount, 0)).toBe(1000 - 50 + 700 - 35);
  });
});
