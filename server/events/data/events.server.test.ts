import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { eventStatus } from '#app/lib/events/model';
import {
  cancelEvent,
  createEvent,
  endEventNow,
  EventConflictError,
  EventNotFoundError,
  isEventConflictError,
  isEventNotFoundError,
  getEvent,
  getEventByShortCode,
  listEvents,
  listEventsInRange,
  listRoomsToClose,
  markRoomClosed,
  newEventInput,
  setUserBlocked,
  updateEvent,
  type EventInput,
} from './events.server';
import { invitedEventIds, listMyEvents } from './myEvents.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga Organizer', email: 'Olga@Example.com', language: 'en' };
const minutes = (n: number) => n * 60_000;

function input(over: Partial<EventInput> = {}): EventInput {
  return newEventInput({
    title: 'Launch night',
    description: 'We launch.',
    eventDateTime: new Date(Date.now() + minutes(120)).toISOString(),
    eventTimeZone: 'America/New_York',
    eventLanguage: 'en',
    ...over,
  });
}

describe('events repository (against DynamoDB Local)', () => {
  it('creates an event with defaults, a room name and short code, and reads it back per tenant only', async () => {
    const t = uniqueTenantId();
    const other = uniqueTenantId();
    const e = await createEvent(db, t, input({ hosts: ['Host@Example.com', 'host@example.com', 'olga@example.com'] }), organizer);
    expect(e).toMatchObject({ tenantId: t, channelName: `${t}_${e.eventId}`, hosts: ['host@example.com'], enableRecording: 'cloud', recordingDestination: 'cloud', organizerEmail: 'olga@example.com' });
    expect(Date.parse(e.eventExpiration) - Date.parse(e.eventDateTime)).toBe(minutes(90));
    expect(await getEvent(db, t, e.eventId)).toEqual(e);
    expect(await getEvent(db, other, e.eventId)).toBeNull();
    expect((await getEventByShortCode(db, t, e.shortCode))?.eventId).toBe(e.eventId);
    expect(await getEventByShortCode(db, other, e.shortCode)).toBeNull();
  });

  it('lists live and upcoming events in start order, pages, searches and drops cancelled and ended ones', async () => {
    const t = uniqueTenantId();
    const now = Date.now();
    const live = await createEvent(db, t, input({ title: 'Café live', eventDateTime: new Date(now - minutes(10)).toISOString() }), organizer);
    const past = await createEvent(db, t, input({ title: 'Old', eventDateTime: new Date(now - minutes(200)).toISOString() }), organizer);
    const soon = await createEvent(db, t, input({ title: 'Soon', eventDateTime: new Date(now + minutes(10)).toISOString(), eventLanguage: 'es' }), organizer);
    const later = await createEvent(db, t, input({ title: 'Later', eventDateTime: new Date(now + minutes(100)).toISOString() }), organizer);
    const gone = await createEvent(db, t, input({ title: 'Gone', eventDateTime: new Date(now + minutes(50)).toISOString() }), organizer);
    await cancelEvent(db, t, gone.eventId);
    await createEvent(db, t, input({ title: 'Rehearsal' }), organizer, { kind: 'rehearsal' });

    const all = await listEvents(db, t, { now });
    expect(all.items.map((e) => e.title)).toEqual(['Café live', 'Soon', 'Later']);
    expect((await listEvents(db, t, { now, filter: 'live' })).items.map((e) => e.eventId)).toEqual([live.eventId]);
    expect((await listEvents(db, t, { now, filter: 'upcoming' })).items.map((e) => e.eventId)).toEqual([soon.eventId, later.eventId]);
    expect((await listEvents(db, t, { now, q: 'cafe' })).items.map((e) => e.eventId)).toEqual([live.eventId]);
    expect((await listEvents(db, t, { now, language: 'es' })).items.map((e) => e.eventId)).toEqual([soon.eventId]);

    const first = await listEvents(db, t, { now, limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.cursor).not.toBeNull();
    const second = await listEvents(db, t, { now, limit: 2, cursor: first.cursor });
    expect(second.items.map((e) => e.eventId)).toEqual([later.eventId]);
    expect(second.cursor).toBeNull();

    const range = await listEventsInRange(db, t, new Date(now - minutes(300)).toISOString(), new Date(now + minutes(60)).toISOString());
    expect(range.map((e) => e.eventId)).toEqual([past.eventId, live.eventId, soon.eventId]);
    expect(await listEvents(db, uniqueTenantId(), { now })).toEqual({ items: [], cursor: null });
  });

  it('updates with optimistic concurrency and keeps host references in step', async () => {
    const t = uniqueTenantId();
    const e = await createEvent(db, t, input({ hosts: ['a@example.com'] }), organizer);
    const updated = await updateEvent(db, t, e.eventId, input({ title: 'Renamed', hosts: ['b@example.com'] }), e.updatedAt);
    expect(updated.title).toBe('Renamed');
    await expect(updateEvent(db, t, e.eventId, input({ title: 'Stale' }), e.updatedAt)).rejects.toBeInstanceOf(EventConflictError);
    // Invitations by address follow the list (accepting them: hostInvitations.server.test.ts).
    expect(await invitedEventIds(db, t, 'a@example.com')).toEqual([]);
    expect(await invitedEventIds(db, t, 'B@example.com')).toEqual([e.eventId]);
    expect((await listMyEvents(db, t, { sub: organizer.sub })).organizing.map((x) => x.eventId)).toEqual([e.eventId]);
  });

  it('blocks and unblocks users, ends an event now and closes its room once', async () => {
    const t = uniqueTenantId();
    const e = await createEvent(db, t, input({ eventDateTime: new Date(Date.now() - minutes(5)).toISOString() }), organizer);
    expect((await setUserBlocked(db, t, e.eventId, 'u1', true)).blockedUsers).toEqual(['u1']);
    expect((await setUserBlocked(db, t, e.eventId, 'u1', true)).blockedUsers).toEqual(['u1']);
    expect((await setUserBlocked(db, t, e.eventId, 'u1', false)).blockedUsers).toEqual([]);
    const ended = await endEventNow(db, t, e.eventId);
    expect(eventStatus(ended, Date.now() + 1)).toBe('expired');
    expect((await listRoomsToClose(db, t, Date.now() + 1)).map((x) => x.eventId)).toEqual([e.eventId]);
    expect(await markRoomClosed(db, t, e.eventId)).toBe(true);
    expect(await markRoomClosed(db, t, e.eventId)).toBe(false);
    expect(await listRoomsToClose(db, t, Date.now() + 1)).toEqual([]);
  });
});

describe('event errors', () => {
  it('are recognised by name, so a route bundle’s own copy of the class still knows them (server/errors.ts)', () => {
    // What the Remix build's copy of events.server.ts defines: the same class, another identity.
    class BundledConflict extends Error {
      constructor() {
        super('the event was changed by someone else');
        this.name = 'EventConflictError';
      }
    }
    expect(new BundledConflict()).not.toBeInstanceOf(EventConflictError);
    expect(isEventConflictError(new BundledConflict())).toBe(true);
    expect(isEventConflictError(new EventConflictError())).toBe(true);
    expect(isEventNotFoundError(new EventNotFoundError())).toBe(true);
    expect(isEventNotFoundError(new EventConflictError())).toBe(false);
    expect(isEventConflictError(new Error('the event was changed by someone else'))).toBe(false);
  });
});
