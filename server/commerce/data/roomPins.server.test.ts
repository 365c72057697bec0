import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { PinnedSale } from '#app/lib/roomSales/model';
import { clearPin, getPin, savePin } from './roomPins.server';

const db = testDatabase();
const EVENT = 'abcdefabcdef';
const sale = (title: string): PinnedSale => ({ kind: 'replay', refId: EVENT, title, price: { amount: 990, currency: 'USD' }, imageUrl: null, pinnedBy: 'org', pinnedAt: '2030-01-01T00:00:00.000Z' });

describe('room pins (DynamoDB Local)', () => {
  it('starts empty, keeps the latest pin, and its version only grows, even when the clock does not', async () => {
    const t = uniqueTenantId('pin');
    expect(await getPin(db, t, EVENT)).toEqual({ pin: null, version: 0 });
    const first = await savePin(db, t, EVENT, sale('One'), 1000);
    expect(first).toEqual({ pin: sale('One'), version: 1000 });
    // The same millisecond, or a clock that went back: still a newer version.
    const second = await savePin(db, t, EVENT, sale('Two'), 1000);
    expect(second.version).toBeGreaterThan(first.version);
    const cleared = await clearPin(db, t, EVENT, 500);
    expect(cleared.pin).toBeNull();
    expect(cleared.version).toBeGreaterThan(second.version);
    expect(await getPin(db, t, EVENT)).toEqual(cleared);
  });

  it('racing pins each get their own version', async () => {
    const t = uniqueTenantId('pin');
    const states = await Promise.all(['A', 'B', 'C', 'D'].map((title) => savePin(db, t, EVENT, sale(title), 2000)));
    expect(new Set(states.map((s) => s.version)).size).toBe(4);
    const newest = states.reduce((a, b) => (b.version > a.version ? b : a));
    expect(await getPin(db, t, EVENT)).toEqual(newest);
  });

  it("keeps tenants apart", async () => {
    const [a, b] = [uniqueTenantId('pin'), uniqueTenantId('pin')];
    await savePin(db, a, EVENT, sale('Mine'));
    expect(await getPin(db, b, EVENT)).toEqual({ pin: null, version: 0 });
  });
});
