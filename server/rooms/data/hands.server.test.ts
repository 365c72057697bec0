import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { listHands, lowerHand, raiseHand, setOnStage } from './hands.server';

const db = testDatabase();
const EVENT = 'abcdefabcdef';

describe('raised hands', () => {
  it('raises, keeps the first raise time, lists in order and lowers', async () => {
    const t = uniqueTenantId();
    const first = await raiseHand(db, t, EVENT, { identity: 'u1', name: 'Uma' }, new Date('2030-01-01T10:00:00Z'));
    expect(first).toEqual({ identity: 'u1', name: 'Uma', raisedAt: '2030-01-01T10:00:00.000Z', onStage: false });
    await raiseHand(db, t, EVENT, { identity: 'u2', name: 'Vic' }, new Date('2030-01-01T10:01:00Z'));
    const again = await raiseHand(db, t, EVENT, { identity: 'u1', name: 'Uma B' }, new Date('2030-01-01T10:05:00Z'));
    expect(again.raisedAt).toBe('2030-01-01T10:00:00.000Z');
    expect((await listHands(db, t, EVENT)).map((h) => [h.identity, h.name])).toEqual([
      ['u1', 'Uma B'],
      ['u2', 'Vic'],
    ]);
    expect(await lowerHand(db, t, EVENT, 'u1')).toBe(true);
    expect(await lowerHand(db, t, EVENT, 'nobody')).toBe(false);
    expect((await listHands(db, t, EVENT)).map((h) => h.identity)).toEqual(['u2']);
  });

  it('brings on stage (even without a raised hand), keeps them there when they lower, and sends back', async () => {
    const t = uniqueTenantId();
    await raiseHand(db, t, EVENT, { identity: 'u1', name: 'Uma' });
    expect(await setOnStage(db, t, EVENT, { identity: 'u1', name: 'Uma' }, true)).toMatchObject({ identity: 'u1', onStage: true });
    expect(await setOnStage(db, t, EVENT, { identity: 'u3', name: 'Wes' }, true)).toMatchObject({ identity: 'u3', name: 'Wes', onStage: true });
    expect(await lowerHand(db, t, EVENT, 'u1')).toBe(false);
    expect((await listHands(db, t, EVENT)).filter((h) => h.onStage).map((h) => h.identity).sort()).toEqual(['u1', 'u3']);
    expect(await setOnStage(db, t, EVENT, { identity: 'u1', name: 'Uma' }, false)).toBeNull();
    expect((await listHands(db, t, EVENT)).map((h) => h.identity)).toEqual(['u3']);
  });

  it("never shows one tenant's hands to another", async () => {
    const a = uniqueTenantId();
    const b = uniqueTenantId();
    await raiseHand(db, a, EVENT, { identity: 'u1', name: 'Uma' });
    expect(await listHands(db, b, EVENT)).toEqual([]);
    expect(await lowerHand(db, b, EVENT, 'u1')).toBe(false);
    expect(await listHands(db, a, EVENT)).toHaveLength(1);
  });
});
