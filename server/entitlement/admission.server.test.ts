import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { newEventInput, type EventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { admitToRoom } from './admission.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const min = 60_000;

/** An event of a fresh tenant starting at `start`, an hour long, with `host@example.com` accepted by 'host-1'. */
async function setUp(over: Partial<EventInput> = {}) {
  const data = tenantData({ db }, uniqueTenantId());
  const start = Date.now() + 60 * min;
  const created = await data.events.create(
    newEventInput({ title: 'Talk', eventDateTime: new Date(start).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', hosts: ['host@example.com'], ...over }),
    organizer,
  );
  const event = await data.invitations.accept(created, { sub: 'host-1', email: 'host@example.com', emailVerified: true });
  return { data, event, start, reads: vi.spyOn(data.tickets, 'ticket') };
}

const paid = { ticketPrice: 1500, replayPrice: 500 };

describe('admitToRoom: may this person be in the event’s room now', () => {
  it('lets the organizer, a host and a tenant admin into a paid room without a ticket, and reads no ticket for them', async () => {
    const { data, event, start, reads } = await setUp(paid);
    expect(await admitToRoom(data, event, { sub: 'org-1' }, start)).toEqual({ ok: true, role: 'organizer' });
    expect(await admitToRoom(data, event, { sub: 'host-1' }, start)).toEqual({ ok: true, role: 'host' });
    expect(await admitToRoom(data, event, { sub: 'admin-1', groups: ['admin'] }, start)).toEqual({ ok: true, role: 'organizer' });
    expect(reads).not.toHaveBeenCalled();
  });

  it('refuses a member without a ticket (and one holding only the replay) with where to buy one, and admits a ticket holder', async () => {
    const { data, event, start } = await setUp(paid);
    const buyUrl = `/preview?event=${event.eventId}`;
    expect(await admitToRoom(data, event, { sub: 'ana' }, start)).toEqual({ ok: false, role: 'participant', reason: 'ticketRequired', buyUrl });
    await data.tickets.grant({ eventId: event.eventId, userId: 'rex', orderId: 'o-replay', kind: 'replay' });
    expect(await admitToRoom(data, event, { sub: 'rex' }, start)).toMatchObject({ ok: false, reason: 'ticketRequired' });
    await data.tickets.grant({ eventId: event.eventId, userId: 'ana', orderId: 'o-ticket', kind: 'ticket' });
    expect(await admitToRoom(data, event, { sub: 'ana' }, start)).toEqual({ ok: true, role: 'participant' });
  });

  it('asks a free event with a capacity for a registration, and a free open event for nothing (no read)', async () => {
    const limited = await setUp({ capacity: 10 });
    expect(await admitToRoom(limited.data, limited.event, { sub: 'bo' }, limited.start)).toMatchObject({ ok: false, reason: 'registrationRequired', buyUrl: `/preview?event=${limited.event.eventId}` });
    expect(await limited.data.tickets.registerFree({ eventId: limited.event.eventId, userId: 'bo', capacity: 10 })).toBe('registered');
    expect(await admitToRoom(limited.data, limited.event, { sub: 'bo' }, limited.start)).toEqual({ ok: true, role: 'participant' });

    const open = await setUp();
    expect(await admitToRoom(open.data, open.event, { sub: 'cy' }, open.start)).toEqual({ ok: true, role: 'participant' });
    expect(open.reads).not.toHaveBeenCalled();
  });

  it('refuses the blocked, those too early (with the opening time), and everyone once the event ended, expired or was cancelled: before any ticket read', async () => {
    const { data, event, start, reads } = await setUp({ ...paid, eventDuration: 60 });
    await data.tickets.grant({ eventId: event.eventId, userId: 'ana', orderId: 'o-1', kind: 'ticket' });
    reads.mockClear();
    const blocked = { ...event, blockedUsers: ['ana'] };
    expect(await admitToRoom(data, blocked, { sub: 'ana' }, start)).toEqual({ ok: false, role: 'participant', reason: 'blocked' });
    expect(await admitToRoom(data, event, { sub: 'ana' }, start - 6 * min)).toEqual({ ok: false, role: 'participant', reason: 'notYetOpen', opensAt: new Date(start - 5 * min).toISOString() });
    expect(await admitToRoom(data, event, { sub: 'host-1' }, start - 31 * min)).toMatchObject({ ok: false, reason: 'notYetOpen', opensAt: new Date(start - 30 * min).toISOString() });
    expect(await admitToRoom(data, { ...event, endedAt: new Date(start + min).toISOString() }, { sub: 'org-1' }, start + 2 * min)).toMatchObject({ ok: false, reason: 'ended' });
    expect(await admitToRoom(data, event, { sub: 'ana' }, start + 24 * 60 * min)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await admitToRoom(data, { ...event, cancelledAt: new Date(start).toISOString() }, { sub: 'org-1' }, start)).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(reads).not.toHaveBeenCalled();
    expect(await admitToRoom(data, event, { sub: 'ana' }, start)).toEqual({ ok: true, role: 'participant' });
  });

  it('takes a seat already checked for this person (a socket admitted at its join) without reading it again', async () => {
    const { data, event, start, reads } = await setUp(paid);
    expect(await admitToRoom(data, event, { sub: 'ana' }, start, { seated: true })).toEqual({ ok: true, role: 'participant' });
    expect(reads).not.toHaveBeenCalled();
    // The seat spares the ticket read only: a block still refuses at once.
    expect(await admitToRoom(data, { ...event, blockedUsers: ['ana'] }, { sub: 'ana' }, start, { seated: true })).toMatchObject({ ok: false, reason: 'blocked' });
  });
});
