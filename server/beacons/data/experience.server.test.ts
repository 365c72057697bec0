import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { addExperience, readExperience } from './experience.server';

const db = testDatabase();
const EVENT = 'experienc001';

describe('viewer experience counters', () => {
  it('sums the shards of one event of one tenant, buckets included', async () => {
    const t = uniqueTenantId('xp');
    await addExperience(db, t, EVENT, 0, { plays: 2, su_0: 1, su_3: 1, badPlays: 1, watchMs: 90_000, stallMs: 1000 });
    await addExperience(db, t, EVENT, 3, { plays: 1, su_0: 1, failures: 1, badPlays: 1, joins: 1, jt_1: 1 });
    await addExperience(db, t, EVENT, 3, { reconnects: 2, switches: 4, 'bad name': 5 });
    const x = await readExperience(db, t, EVENT);
    expect(x).toMatchObject({ plays: 3, failures: 1, badPlays: 2, joins: 1, reconnects: 2, switches: 4, watchMs: 90_000, stallMs: 1000 });
    expect(x.startup).toEqual([2, 0, 0, 1, 0]);
    expect(x.join).toEqual([0, 1, 0, 0, 0]);
    // Another tenant, and another event, see none of it.
    expect((await readExperience(db, uniqueTenantId('xp'), EVENT)).plays).toBe(0);
    expect((await readExperience(db, t, 'experienc002')).plays).toBe(0);
  });
});
