import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { roomEntry } from './roomEntry.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const person = (i: number): SessionUser => ({ sub: `member-${i}`, username: `member-${i}`, email: `m${i}@example.com`, emailVerified: true, groups: ['member'] });
const startingIn = (minutes: number) =>
  newEventInput({ title: 'Entry', eventDateTime: new Date(Date.now() + minutes * 60_000).toISOString(), eventDuration: 60, eventTimeZone: 'UTC', eventLanguage: 'en' });

afterEach(() => vi.restoreAllMocks());

describe('roomEntry', () => {
  it('people arriving together share one event read; nothing is kept after it answers', async () => {
    const tenant = uniqueTenantId();
    const data = tenantData({ db }, tenant);
    const event = await createEvent(db, tenant, startingIn(-1), organizer);
    const send = vi.spyOn(db.doc, 'send');
    const entries = await Promise.all(Array.from({ length: 20 }, (_, i) => roomEntry(data, person(i), event.eventId)));
    expect(entries.every((e) => e.kind === 'room' && e.closed === null)).toBe(true);
    // One read (reads go out batched: server/platform/dynamo/batched.server.ts).
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
});
