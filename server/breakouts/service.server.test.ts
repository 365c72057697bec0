import { describe, expect, it, vi } from 'vitest';
import { TokenVerifier } from 'livekit-server-sdk';
import type { Tenant } from '#app/lib/config/tenant';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { VideoService } from '#server/platform/video.server';
import { admitToBreakout, breakoutChatFor, chooseOwnRoom, hostChange, mintBreakoutToken, type BreakoutContext } from './service.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const env = { LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' };
const people = [
  { userId: 'ana', name: 'Ana' },
  { userId: 'bo', name: 'Bo' },
  { userId: 'cy', name: 'Cy' },
];

/** A running event of a fresh tenant with an accepted host, and the breakouts' context with the chat's notices caught. */
async function setUp() {
  const tenantId = uniqueTenantId();
  const data = tenantData({ db }, tenantId);
  const created = await data.events.create(
    newEventInput({ title: 'Workshop', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', hosts: ['host@example.com'] }),
    organizer,
  );
  const event = await data.invitations.accept(created, { sub: 'host-1', email: 'host@example.com', emailVerified: true });
  const broadcast = vi.fn(async () => undefined);
  const ctx = { data, tenant: { id: tenantId, video: undefined } as unknown as Tenant, services: { chat: { broadcast }, video: new VideoService(env) } } as unknown as BreakoutContext;
  return { data, event, ctx, broadcast, tenantId };
}

describe('breakout rooms', () => {
  it('a host opens two rooms split automatically; the state reaches the main chat and each breakout’s', async () => {
    const { event, ctx, broadcast } = await setUp();
    const opened = await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: 10, allowChoose: false, auto: true, people });
    expect(opened.ok && opened.state.members.map((m) => [m.userId, m.roomId])).toEqual([
      ['ana', 'b1'],
      ['bo', 'b2'],
      ['cy', 'b1'],
    ]);
    expect(broadcast.mock.calls.map((c) => (c as unknown[])[1]).sort()).toEqual([event.eventId, `${event.eventId}.b1`, `${event.eventId}.b2`]);
    expect(await ctx.data.breakouts.get(event.eventId)).toMatchObject({ open: true, version: 1 });
  });

  it('admits a participant to their own breakout only, the organizer and hosts to any, and nobody once they are over', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: null, allowChoose: false, auto: true, people });
    expect(await admitToBreakout(data, event, { sub: 'ana' } as never)).toMatchObject({ ok: true, role: 'participant', room: { id: 'b1' } });
    expect(await admitToBreakout(data, event, { sub: 'ana' } as never, 'b2')).toEqual({ ok: false, error: 'notAssigned' });
    expect(await admitToBreakout(data, event, { sub: 'dee' } as never, 'b1')).toEqual({ ok: false, error: 'notAssigned' });
    expect(await admitToBreakout(data, event, { sub: 'host-1' } as never, 'b2')).toMatchObject({ ok: true, role: 'host', room: { id: 'b2' } });
    expect(await admitToBreakout(data, event, { sub: 'org-1' } as never, 'b3')).toEqual({ ok: false, error: 'roomNotFound' });
    // The event's own rules first: a blocked person placed in a room is refused like at the main room's door.
    expect(await admitToBreakout(data, { ...event, blockedUsers: ['ana'] }, { sub: 'ana' } as never)).toMatchObject({ ok: false, refused: { reason: 'blocked' } });
    // The chat socket's ?breakout= follows the same rule.
    expect(await breakoutChatFor(data, event, 'bo', 'participant', 'b2')).toBe(`${event.eventId}.b2`);
    expect(await breakoutChatFor(data, event, 'bo', 'participant', 'b1')).toBeNull();
    expect(await breakoutChatFor(data, event, 'bo', 'participant', 'b1; DROP')).toBeNull();
    expect(await breakoutChatFor(data, event, 'host-1', 'host', 'b1')).toBe(`${event.eventId}.b1`);

    await hostChange(ctx, event, 'Olga', { intent: 'end', eventId: event.eventId });
    expect(await admitToBreakout(data, event, { sub: 'ana' } as never)).toEqual({ ok: false, error: 'breakoutsClosed' });
    expect(await hostChange(ctx, event, 'Olga', { intent: 'rename', eventId: event.eventId, roomId: 'b1', name: 'Late' })).toEqual({ ok: false, error: 'breakoutsClosed' });
  });

  it('ends by itself at its end time', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: 1, allowChoose: false, auto: true, people });
    expect(await admitToBreakout(data, event, { sub: 'ana' } as never, undefined, Date.now() + 30_000)).toMatchObject({ ok: true });
    expect(await admitToBreakout(data, event, { sub: 'ana' } as never, undefined, Date.now() + 61_000)).toEqual({ ok: false, error: 'breakoutsClosed' });
  });

  it('mints a token for the breakout’s own LiveKit room, named after the main room', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: null, allowChoose: false, auto: true, people });
    const entry = await admitToBreakout(data, event, { sub: 'bo', email: 'bo@example.com' } as never);
    if (!entry.ok) throw new Error('not admitted');
    const token = await mintBreakoutToken(ctx, event, { sub: 'bo', email: 'bo@example.com' } as never, entry);
    expect(token.grants.room).toBe(`${event.channelName}-b2`);
    expect(token.grants.room.startsWith(`${ctx.tenant.id}_`)).toBe(true);
    const claims = await new TokenVerifier('devkey', 'secret').verify(token.token);
    expect(claims.video?.room).toBe(`${event.channelName}-b2`);
  });

  it('lets a participant choose a room only while the host allows it; hand moves and renames keep the rest', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 3, minutes: null, allowChoose: false, auto: false, people });
    expect((await data.breakouts.get(event.eventId)).members).toEqual([]);
    expect(await chooseOwnRoom(ctx, event, { userId: 'dee', name: 'Dee' }, 'b3')).toEqual({ ok: false, error: 'notAssigned' });
    await hostChange(ctx, event, 'Olga', { intent: 'allowChoose', eventId: event.eventId, allowChoose: true });
    expect(await chooseOwnRoom(ctx, event, { userId: 'dee', name: 'Dee' }, 'b3')).toMatchObject({ ok: true });
    expect(await chooseOwnRoom(ctx, event, { userId: 'dee', name: 'Dee' }, 'b9' as never)).toEqual({ ok: false, error: 'roomNotFound' });
    await hostChange(ctx, event, 'Olga', { intent: 'assign', eventId: event.eventId, person: { userId: 'ana', name: 'Ana' }, roomId: 'b2' });
    await hostChange(ctx, event, 'Olga', { intent: 'rename', eventId: event.eventId, roomId: 'b2', name: 'Design' });
    await hostChange(ctx, event, 'Olga', { intent: 'broadcast', eventId: event.eventId, text: 'Five minutes left' });
    const state = await data.breakouts.get(event.eventId);
    expect(state.members.map((m) => [m.userId, m.roomId])).toEqual([
      ['dee', 'b3'],
      ['ana', 'b2'],
    ]);
    expect(state.rooms[1]).toEqual({ id: 'b2', name: 'Design' });
    expect(state.message).toMatchObject({ text: 'Five minutes left', from: 'Olga' });
    expect(state.version).toBe(6);
  });

  it('keeps tenants apart: another tenant’s data sees no breakouts of this event and cannot change them', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: null, allowChoose: false, auto: true, people });
    const other = tenantData({ db }, uniqueTenantId('other'));
    expect(await other.events.get(event.eventId)).toBeNull();
    expect(await other.breakouts.get(event.eventId)).toMatchObject({ open: false, version: 0, members: [] });
    // Even handed this tenant's event, a change through the other tenant's data lands in its own partition only.
    const otherCtx = { ...ctx, data: other } as BreakoutContext;
    await hostChange(otherCtx, event, 'Mallory', { intent: 'end', eventId: event.eventId });
    expect(await data.breakouts.get(event.eventId)).toMatchObject({ open: true, version: 1 });
    expect(await admitToBreakout(other, event, { sub: 'ana' } as never)).toEqual({ ok: false, error: 'breakoutsClosed' });
  });

  it('refuses a stale write: two hosts changing at once both land, one after the other', async () => {
    const { event, ctx, data } = await setUp();
    await hostChange(ctx, event, 'Olga', { intent: 'open', eventId: event.eventId, count: 2, minutes: null, allowChoose: false, auto: false, people: [] });
    const stale = await data.breakouts.get(event.eventId);
    await hostChange(ctx, event, 'Olga', { intent: 'rename', eventId: event.eventId, roomId: 'b1', name: 'First' });
    expect(await data.breakouts.put({ ...stale, version: stale.version + 1, allowChoose: true })).toBe(false);
    await Promise.all([
      hostChange(ctx, event, 'Olga', { intent: 'assign', eventId: event.eventId, person: { userId: 'ana', name: 'Ana' }, roomId: 'b1' }),
      hostChange(ctx, event, 'Hana', { intent: 'assign', eventId: event.eventId, person: { userId: 'bo', name: 'Bo' }, roomId: 'b2' }),
    ]);
    expect((await data.breakouts.get(event.eventId)).members.map((m) => m.userId).sort()).toEqual(['ana', 'bo']);
  });
});
