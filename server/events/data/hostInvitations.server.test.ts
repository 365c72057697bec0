import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import { roleOf, type EventUser } from '#app/lib/events/permissions';
import { createEvent, eventKey, getEvent, newEventInput, setUserBlocked, updateEvent, type EventInput } from './events.server';
import { acceptHostInvitation, acceptInvitationsFor, getEventFor } from './hostInvitations.server';
import { listMyEvents } from './myEvents.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga Organizer', email: 'olga@example.com', language: 'en' };
const input = (over: Partial<EventInput> = {}) =>
  newEventInput({ title: 'Panel', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', ...over });
const verified = (sub: string, email: string): EventUser => ({ sub, email, emailVerified: true });
const hostedIds = async (t: TenantId, sub: string) => (await listMyEvents(db, t, { sub })).hosting.map((e) => e.eventId);

describe('host invitations (DynamoDB Local)', () => {
  it('binds the invitation to the first verified holder of the address; nobody else gets it afterwards', async () => {
    const t = uniqueTenantId('inv');
    const e = await createEvent(db, t, input({ hosts: ['Hana@Example.com'] }), organizer);

    // An unverified claim accepts nothing.
    const claimed = await acceptHostInvitation(db, t, e, { sub: 'mallory', email: 'hana@example.com', emailVerified: false });
    expect(claimed.acceptedHosts).toEqual({});
    expect(roleOf(claimed, { sub: 'mallory' })).toBe('participant');

    const accepted = await acceptHostInvitation(db, t, e, verified('hana', 'HANA@example.com'));
    expect(accepted.acceptedHosts).toEqual({ 'hana@example.com': 'hana' });
    expect(roleOf(accepted, { sub: 'hana', email: 'hana-new@example.com' })).toBe('host');
    expect((await getEvent(db, t, e.eventId))?.acceptedHosts).toEqual({ 'hana@example.com': 'hana' });
    expect(await hostedIds(t, 'hana')).toEqual([e.eventId]);

    // Whoever holds the address later (verified or not) is a participant.
    const later = await getEventFor(db, t, e.eventId, verified('newcomer', 'hana@example.com'));
    expect(later?.acceptedHosts).toEqual({ 'hana@example.com': 'hana' });
    expect(roleOf(later!, { sub: 'newcomer' })).toBe('participant');
    expect(await hostedIds(t, 'newcomer')).toEqual([]);
  });

  it('lets exactly one of two accounts accepting at the same moment have it', async () => {
    const t = uniqueTenantId('inv');
    const e = await createEvent(db, t, input({ hosts: ['twin@example.com'] }), organizer);
    const [a, b] = await Promise.all([acceptHostInvitation(db, t, e, verified('a', 'twin@example.com')), acceptHostInvitation(db, t, e, verified('b', 'twin@example.com'))]);
    const winner = (await getEvent(db, t, e.eventId))!.acceptedHosts['twin@example.com'];
    expect(['a', 'b']).toContain(winner);
    for (const seen of [a, b]) expect(seen.acceptedHosts).toEqual({ 'twin@example.com': winner });
    expect([...(await hostedIds(t, 'a')), ...(await hostedIds(t, 'b'))]).toEqual([e.eventId]);
  });

  it('taking the address off the list removes the binding and the dashboard entry; adding it back opens a new invitation', async () => {
    const t = uniqueTenantId('inv');
    const e = await createEvent(db, t, input({ hosts: ['keep@example.com', 'drop@example.com'] }), organizer);
    await acceptHostInvitation(db, t, e, verified('keeper', 'keep@example.com'));
    const bound = await acceptHostInvitation(db, t, e, verified('dropped', 'drop@example.com'));
    expect(Object.keys(bound.acceptedHosts).sort()).toEqual(['drop@example.com', 'keep@example.com']);

    const edited = await updateEvent(db, t, e.eventId, input({ hosts: ['keep@example.com'] }), bound.updatedAt);
    expect(edited.acceptedHosts).toEqual({ 'keep@example.com': 'keeper' });
    expect(roleOf(edited, { sub: 'dropped' })).toBe('participant');
    expect(await hostedIds(t, 'dropped')).toEqual([]);
    expect(await hostedIds(t, 'keeper')).toEqual([e.eventId]);

    const again = await updateEvent(db, t, e.eventId, input({ hosts: ['keep@example.com', 'drop@example.com'] }), edited.updatedAt);
    expect(again.acceptedHosts).toEqual({ 'keep@example.com': 'keeper' });
    const reaccepted = await acceptHostInvitation(db, t, again, verified('someone-else', 'drop@example.com'));
    expect(reaccepted.acceptedHosts['drop@example.com']).toBe('someone-else');
  });

  it('an edit loaded before an acceptance, and server-side changes, keep the binding', async () => {
    const t = uniqueTenantId('inv');
    const e = await createEvent(db, t, input({ hosts: ['hana@example.com'] }), organizer);
    // The organizer opened the edit form (updatedAt = e.updatedAt); then the host arrived.
    const accepted = await acceptHostInvitation(db, t, e, verified('hana', 'hana@example.com'));
    expect(accepted.updatedAt).toBe(e.updatedAt);
    const edited = await updateEvent(db, t, e.eventId, input({ title: 'Renamed', hosts: ['hana@example.com'] }), e.updatedAt);
    expect(edited).toMatchObject({ title: 'Renamed', acceptedHosts: { 'hana@example.com': 'hana' } });
    const blocked = await setUserBlocked(db, t, e.eventId, 'someone', true);
    expect(blocked.acceptedHosts).toEqual({ 'hana@example.com': 'hana' });
  });

  it('accepts on events stored before invitations were bound (no acceptedHosts attribute)', async () => {
    const t = uniqueTenantId('inv');
    const e = await createEvent(db, t, input({ hosts: ['old@example.com'] }), organizer);
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...legacyItem(e), ...eventKey(t, e.eventId) } }));
    const legacy = await getEvent(db, t, e.eventId);
    expect(legacy?.acceptedHosts).toEqual({});
    const accepted = await acceptHostInvitation(db, t, legacy!, verified('oldtimer', 'old@example.com'));
    expect(accepted.acceptedHosts).toEqual({ 'old@example.com': 'oldtimer' });
  });

  it('accepts every open invitation to the verified address for the dashboard, and none for an unverified one', async () => {
    const t = uniqueTenantId('inv');
    const [one, two] = await Promise.all([
      createEvent(db, t, input({ hosts: ['multi@example.com'] }), organizer),
      createEvent(db, t, input({ hosts: ['multi@example.com', 'other@example.com'] }), organizer),
    ]);
    await acceptInvitationsFor(db, t, { sub: 'multi', email: 'multi@example.com', emailVerified: false });
    expect(await hostedIds(t, 'multi')).toEqual([]);
    await acceptInvitationsFor(db, t, verified('multi', 'Multi@Example.com'));
    expect((await hostedIds(t, 'multi')).sort()).toEqual([one.eventId, two.eventId].sort());
  });
});

/** The event item as stored before acceptedHosts existed. */
function legacyItem(e: Awaited<ReturnType<typeof createEvent>>) {
  const { acceptedHosts: _dropped, ...rest } = e;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
}
