import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { CHAT_PRESENCE_STALE_MS, listChatPresent, markChatConnected, markChatDisconnected, refreshChatConnections } from './chatPresence.server';

const db = testDatabase();
const EVENT = 'abcdefabcdef';
const NOW = Date.parse('2030-01-01T10:00:00.000Z');
const uma = { identity: 'u1', name: 'Uma', role: 'participant' as const };

describe('chat presence', () => {
  it('lists each person with an open socket once, until their last socket closes; per tenant', async () => {
    const t = uniqueTenantId();
    await markChatConnected(db, t, EVENT, { ...uma, connectionId: 'tab-1' }, NOW);
    await markChatConnected(db, t, EVENT, { ...uma, connectionId: 'tab-2' }, NOW);
    await markChatConnected(db, t, EVENT, { identity: 'h1', name: 'Hal', role: 'host', connectionId: 'c' }, NOW);
    expect(await listChatPresent(db, t, EVENT, NOW)).toEqual([
      { identity: 'h1', name: 'Hal', role: 'host' },
      { identity: 'u1', name: 'Uma', role: 'participant' },
    ]);
    expect(await listChatPresent(db, uniqueTenantId(), EVENT, NOW)).toEqual([]);
    expect(await listChatPresent(db, t, 'bcdefabcdefa', NOW)).toEqual([]);

    await markChatDisconnected(db, t, EVENT, { identity: 'u1', connectionId: 'tab-1' });
    expect((await listChatPresent(db, t, EVENT, NOW)).map((p) => p.identity)).toEqual(['h1', 'u1']);
    await markChatDisconnected(db, t, EVENT, { identity: 'u1', connectionId: 'tab-2' });
    expect((await listChatPresent(db, t, EVENT, NOW)).map((p) => p.identity)).toEqual(['h1']);
  });

  it("forgets sockets not refreshed for the stale time (an instance that died cannot delete its items); a refresh keeps them", async () => {
    const t = uniqueTenantId();
    await markChatConnected(db, t, EVENT, { ...uma, connectionId: 'a' }, NOW);
    await markChatConnected(db, t, EVENT, { identity: 'u2', name: 'Vic', role: 'participant', connectionId: 'b' }, NOW);
    const later = NOW + CHAT_PRESENCE_STALE_MS + 1;
    expect(await listChatPresent(db, t, EVENT, later)).toEqual([]);

    // 30 open sockets refresh in two batches.
    const open = Array.from({ length: 30 }, (_, i) => ({ eventId: EVENT, connection: { ...uma, connectionId: `s${i}` } }));
    await refreshChatConnections(db, t, [...open, { eventId: EVENT, connection: { ...uma, name: 'Uma L', connectionId: 'a' } }], later);
    expect(await listChatPresent(db, t, EVENT, later)).toEqual([{ identity: 'u1', name: 'Uma L', role: 'participant' }]);
  });
});
