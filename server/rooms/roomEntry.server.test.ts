import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import { setTimeout as sleep } from 'node:timers/promises';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { EVENT_COPY_MS } from '#server/events/data/eventCopies.server';
import { tenantData } from '#server/data/tenantData.server';
import { roomEntry } from './roomEntry.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const person = (i: number): SessionUser => ({ sub: `member-${i}`, username: `member-${i}`, email: `m${i}@example.com`, emailVerified: true, groups: ['member'] });
const startingIn = (minutes: number) =>
  newEventInput({ title: 'Entry', eventDateTime: new Date(Date.now() + minutes * 60_000).toISOString(), eventDuration: 60, eventTimeZone: 'UTC', eventLanguage: 'en' });

afterEach(() => vi.restoreAllMocks());

describe('roomEntry', () => {
  it('people arriving together share one event read, and those arriving a moment later read nothing', async () => {
    const tenant = uniqueTenantId();
    const data = tenantData({ db }, tenant);
    const event = await createEvent(db, tenant, startingIn(-1), organizer);
    const send = vi.spyOn(db.doc, 'send');
    const entries = await Promise.all(Array.from({ length: 20 }, (_, i) => roomEntry(data, person(i), event.eventId)));
    expect(entries.every((e) => e.kind === 'room' && e.closed === null)).toBe(true);
    // One read (reads go out batched: server/platform/dynamo/batched.server.ts).
    expect(send.mock.calls.filter(([command]) => command instanceof GetCommand || command instanceof BatchGetCommand)).toHaveLength(1);
    // The next wave, within EVENT_COPY_MS, enters on the copy (docs/decisions/0091).
    const later = await Promise.all(Array.from({ length: 20 }, (_, i) => roomEntry(data, person(20 + i), event.eventId)));
    expect(later.every((e) => e.kind === 'room' && e.closed === null)).toBe(true);
    expect(send.mock.calls.filter(([command]) => command instanceof GetCommand || command instanceof BatchGetCommand)).toHaveLength(1);

    // A block written afterwards is seen by the next entry at once.
    await data.events.setUserBlocked(event.eventId, person(3).sub, true);
    expect(await roomEntry(data, person(3), event.eventId)).toMatchObject({ kind: 'room', closed: 'blocked' });
    expect(await roomEntry(data, person(4), event.eventId)).toMatchObject({ kind: 'room', closed: null });
  });

  it('answers not found, lobby and room like the room page', async () => {
    const tenant = uniqueTenantId();
    const data = tenantData({ db }, tenant);
    const later = await createEvent(db, tenant, startingIn(60), organizer);
    expect(await roomEntry(data, person(1), 'NOT-AN-ID')).toEqual({ kind: 'notFound' });
    expect(await roomEntry(data, person(1), 'abcdefabcdef')).toEqual({ kind: 'notFound' });
    expect(await roomEntry(data, person(1), later.eventId)).toMatchObject({ kind: 'lobby' });
    // Another tenant's event is not there.
    expect(await roomEntry(tenantData({ db }, uniqueTenantId()), person(1), later.eventId)).toEqual({ kind: 'notFound' });
  });

  describe('every gate holds on the event copy (docs/decisions/0091)', () => {
    /** An event of a fresh tenant that is open now, its room entered once so this instance keeps a copy. */
    async function openRoom(over: Partial<Parameters<typeof newEventInput>[0]> = {}) {
      const tenant = uniqueTenantId();
      const data = tenantData({ db }, tenant);
      const event = await createEvent(db, tenant, { ...startingIn(-1), ...over }, organizer);
      expect(await roomEntry(data, person(1), event.eventId)).toMatchObject({ kind: 'room', closed: null });
      return { tenant, data, event };
    }

    it('a block, an unblock, an early end and a cancellation written on this instance count for the next entry', async () => {
      const { data, event } = await openRoom();
      await data.events.setUserBlocked(event.eventId, person(1).sub, true);
      expect(await roomEntry(data, person(1), event.eventId)).toMatchObject({ kind: 'room', closed: 'blocked' });
      expect(await roomEntry(data, person(2), event.eventId)).toMatchObject({ kind: 'room', closed: null });
      await data.events.setUserBlocked(event.eventId, person(1).sub, false);
      expect(await roomEntry(data, person(1), event.eventId)).toMatchObject({ kind: 'room', closed: null });
      await data.events.endNow(event.eventId);
      expect(await roomEntry(data, person(2), event.eventId)).toMatchObject({ kind: 'room', closed: 'ended' });

      const other = await openRoom();
      await other.data.events.cancel(other.event.eventId);
      expect(await roomEntry(other.data, person(1), other.event.eventId)).toMatchObject({ kind: 'room', closed: 'cancelled' });
    });

    it('an edit counts for the next entry: a start moved later sends people to the lobby, a host added is a host, a host removed is a participant again', async () => {
      const { data, event } = await openRoom();
      const host = { ...person(7), email: 'new-host@example.com' };
      expect(await roomEntry(data, host, event.eventId)).toMatchObject({ kind: 'room', admission: { role: 'participant' } });
      const edited = await data.events.update(event.eventId, { ...startingIn(-1), hosts: ['new-host@example.com'] });
      expect(await roomEntry(data, host, event.eventId)).toMatchObject({ kind: 'room', admission: { role: 'host' } });
      // The invitation was accepted by that entry (a write of the event): the binding is what the next one reads.
      expect((await data.events.recent(event.eventId))?.acceptedHosts).toEqual({ 'new-host@example.com': host.sub });
      await data.events.update(event.eventId, { ...startingIn(-1), hosts: [] }, (await data.events.get(event.eventId))!.updatedAt);
      expect(await roomEntry(data, host, event.eventId)).toMatchObject({ kind: 'room', admission: { role: 'participant' } });
      await data.events.update(event.eventId, startingIn(60), (await data.events.get(event.eventId))!.updatedAt);
      expect(await roomEntry(data, person(1), event.eventId)).toMatchObject({ kind: 'lobby' });
      expect(edited.eventId).toBe(event.eventId);
    });

    it('a paid room: a ticket bought lets the person in at once, a refund shuts them out at once (tickets are never kept)', async () => {
      const { data, event } = await openRoom({ ticketPrice: 1500 });
      expect(await roomEntry(data, person(2), event.eventId)).toMatchObject({ kind: 'room', gate: { reason: 'ticketRequired' } });
      await data.tickets.grant({ eventId: event.eventId, userId: person(2).sub, orderId: 'o-1', kind: 'ticket' });
      expect(await roomEntry(data, person(2), event.eventId)).toMatchObject({ kind: 'room', closed: null, gate: null, admission: { ok: true } });
      await data.tickets.revoke({ eventId: event.eventId, userId: person(2).sub, orderId: 'o-1', kind: 'ticket' });
      expect(await roomEntry(data, person(2), event.eventId)).toMatchObject({ kind: 'room', gate: { reason: 'ticketRequired' } });
    });

    it('a tenant admin enters as the organizer and a member does not (the person’s groups are asked per entry)', async () => {
      const { data, event } = await openRoom({ ticketPrice: 1500 });
      expect(await roomEntry(data, { ...person(3), groups: ['admin'] }, event.eventId)).toMatchObject({ kind: 'room', gate: null, admission: { ok: true, role: 'organizer' } });
      expect(await roomEntry(data, person(3), event.eventId)).toMatchObject({ kind: 'room', gate: { reason: 'ticketRequired' } });
    });

    it('another instance’s write counts here within EVENT_COPY_MS; another tenant never gets the copy', async () => {
      const { tenant, data, event } = await openRoom();
      const elsewhere = tenantData({ db: testDatabase() }, tenant);
      await elsewhere.events.setUserBlocked(event.eventId, person(1).sub, true);
      await sleep(EVENT_COPY_MS + 100);
      expect(await roomEntry(data, person(1), event.eventId)).toMatchObject({ kind: 'room', closed: 'blocked' });
      expect(await roomEntry(tenantData({ db }, uniqueTenantId()), person(1), event.eventId)).toEqual({ kind: 'notFound' });
    });
  });
});
