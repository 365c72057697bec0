import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import type { Order } from '#app/lib/payments/model';
import { countActivity, flushAnalytics, notePresence, orderDeltas } from './recorder.server';

const db = testDatabase();

describe('the analytics hooks', () => {
  it('sums activity in memory and writes it once per flush', async () => {
    const data = tenantData({ db }, uniqueTenantId('an'));
    for (let i = 0; i < 250; i++) countActivity(data, 'analytics002', 'chatMessages');
    countActivity(data, 'analytics002', 'reactions', 7);
    countActivity(data, 'analytics003', 'pollVotes');
    await flushAnalytics();
    const totals = await data.analytics.totals('analytics002');
    expect(totals.counts).toMatchObject({ chatMessages: 250, reactions: 7, pollVotes: 0 });
    expect((await data.analytics.totals('analytics003')).counts.pollVotes).toBe(1);
    // Nothing left to write: a second flush adds nothing.
    await flushAnalytics();
    expect((await data.analytics.totals('analytics002')).counts.chatMessages).toBe(250);
  });

  it('counts an order’s tickets, the event’s donations and its products with their revenue', () => {
    const order = {
      currency: 'usd',
      lines: [
        { kind: 'ticket', refId: 'eventaaaaaaa', quantity: 2, unitAmount: 1000, title: '', sellerId: 's' },
        { kind: 'donation', refId: 'eventaaaaaaa', quantity: 1, unitAmount: 500, title: '', sellerId: 's', meta: { eventId: 'eventaaaaaaa' } },
        { kind: 'donation', refId: 'channel1', quantity: 1, unitAmount: 700, title: '', sellerId: 's', meta: {} },
        { kind: 'product', refId: 'prod1', quantity: 3, unitAmount: 200, title: '', sellerId: 's' },
        { kind: 'product', refId: 'prod2', quantity: 1, unitAmount: 999, title: '', sellerId: 's' },
      ],
    } as unknown as Pick<Order, 'lines' | 'currency'>;
    const deltas = orderDeltas(order, new Map([['prod1', 'eventaaaaaaa']]));
    expect([...deltas.keys()]).toEqual(['eventaaaaaaa']);
    expect(deltas.get('eventaaaaaaa')).toEqual({
      c_tickets: 2,
      r_USD_tickets: 2000,
      c_donations: 1,
      r_USD_donations: 500,
      c_products: 3,
      r_USD_products: 600,
    });
  });

  it('never throws into its caller', async () => {
    const data = tenantData({ db }, uniqueTenantId('an'));
    const broken = { ...data, tenantId: data.tenantId, analytics: { ...data.analytics, recordPresence: () => Promise.reject(new Error('down')) } } as unknown as typeof data;
    await expect(notePresence(broken, 'analytics004', { identity: 'x', name: 'X', action: 'joined', at: new Date().toISOString(), webhookId: 'w' })).resolves.toBeUndefined();
  });
});
