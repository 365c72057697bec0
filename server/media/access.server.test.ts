import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { newEventInput, type EventInput } from '#server/events/data/events.server';
import { tenantData } from '../data/tenantData.server';
import { mayViewMedia, mediaAccess } from './access.server';

const db = testDatabase();
const person = (sub: string, groups: SessionUser['groups'] = ['member']): SessionUser => ({ sub, username: sub, email: `${sub}@example.com`, emailVerified: true, groups });
const owner = person('owner', ['organizer']);
const admin = person('admin', ['admin']);
const other = person('other');

const item = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: 'abcdefghij0123456789a',
  scope: 'tenant',
  kind: 'video',
  ownerId: 'owner',
  ownerName: 'Owner',
  title: 'A video',
  description: '',
  tags: [],
  visibility: 'public',
  status: 'ready',
  original: { key: 'media/abcdefghij0123456789a/original.mp4', fileName: 'a.mp4', contentType: 'video/mp4', bytes: 10 },
  derived: {},
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

/** A tenant with an event organized by `owner`, `host` accepted as its host, and an item made from it. */
async function setUp(over: Partial<EventInput> = {}, kind: 'event' | 'rehearsal' = 'event') {
  const data = tenantData({ db }, uniqueTenantId('media'));
  const created = await data.events.create(
    newEventInput({ title: 'Talk', eventDateTime: new Date(Date.now() - 3 * 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', hosts: ['host@example.com'], ...over }),
    { sub: 'owner', name: 'Owner', email: 'owner@example.com', language: 'en' },
    { kind },
  );
  const event = await data.invitations.accept(created, { sub: 'host', email: 'host@example.com', emailVerified: true });
  return { data, event, made: (over2: Partial<MediaItem> = {}) => item({ origin: 'recording', eventId: event.eventId, ...over2 }) };
}

describe('the media rule', () => {
  it('shows finished items by their visibility, work in progress only to the owner and admins', async () => {
    const data = tenantData({ db }, uniqueTenantId('media'));
    const see = (user: SessionUser | null, over: Partial<MediaItem>) => mediaAccess(data, user).mayView(item(over));
    expect(await see(owner, { visibility: 'private', status: 'processing' })).toBe(true);
    expect(await see(admin, { visibility: 'private', status: 'pending_review' })).toBe(true);
    expect(await see(other, { visibility: 'private' })).toBe(false);
    expect(await see(other, { visibility: 'tenant' })).toBe(true);
    expect(await see(null, { visibility: 'tenant' })).toBe(false);
    expect(await see(null, { visibility: 'public' })).toBe(true);
    expect(await see(other, { visibility: 'tenant', status: 'pending_review' })).toBe(false);
    expect(await see(null, { visibility: 'public', status: 'processing' })).toBe(false);
  });

  it("keeps what was made from a paid event for its ticket and replay holders, hosts, organizer and admins, whatever the item's visibility", async () => {
    const { data, event, made } = await setUp({ ticketPrice: 1500, replayPrice: 500 });
    await data.tickets.grant({ eventId: event.eventId, userId: 'ticket', orderId: 'o-1', kind: 'ticket' });
    await data.tickets.grant({ eventId: event.eventId, userId: 'replay', orderId: 'o-2', kind: 'replay' });
    for (const visibility of ['public', 'tenant'] as const) {
      const recording = made({ visibility });
      const see = (user: SessionUser | null) => mediaAccess(data, user).mayView(recording);
      expect(await see(null), `${visibility} signed out`).toBe(false);
      expect(await see(other), `${visibility} member`).toBe(false);
      expect(await see(person('ticket')), `${visibility} ticket`).toBe(true);
      expect(await see(person('replay')), `${visibility} replay`).toBe(true);
      expect(await see(person('host')), `${visibility} host`).toBe(true);
      expect(await see(owner), `${visibility} organizer`).toBe(true);
      expect(await see(admin), `${visibility} admin`).toBe(true);
    }
    // Its own visibility still holds for buyers: private stays with the owner and admins.
    expect(await mediaAccess(data, person('ticket')).mayView(made({ visibility: 'private' }))).toBe(false);
    // A kept broadcast and captions on it answer the same.
    expect(await mediaAccess(data, other).mayView(made({ origin: 'broadcast', captions: { en: { language: 'en', key: 'k', source: 'live', cueCount: 1, updatedAt: '' } } }))).toBe(false);
  });

  it('asks a replay sold apart of a free event for the replay, and lets anyone watch what a free event that sells nothing made', async () => {
    const apart = await setUp({ replayPrice: 300 });
    expect(await mediaAccess(apart.data, other).mayView(apart.made())).toBe(false);
    await apart.data.tickets.grant({ eventId: apart.event.eventId, userId: 'other', orderId: 'o-3', kind: 'replay' });
    expect(await mediaAccess(apart.data, other).mayView(apart.made())).toBe(true);

    const free = await setUp();
    const reads = vi.spyOn(free.data.tickets, 'ticket');
    expect(await mediaAccess(free.data, null).mayView(free.made())).toBe(true);
    expect(await mediaAccess(free.data, null).mayView(free.made({ visibility: 'tenant' }))).toBe(false);
    expect(await mediaAccess(free.data, other).mayView(free.made({ visibility: 'tenant' }))).toBe(true);
    expect(reads).not.toHaveBeenCalled();
  });

  it("keeps a rehearsal's recording with its organizer, hosts and admins, and one of a missing event (or naming none) with its owner and admins", async () => {
    const rehearsal = await setUp({}, 'rehearsal');
    expect(await mediaAccess(rehearsal.data, other).mayView(rehearsal.made())).toBe(false);
    expect(await mediaAccess(rehearsal.data, person('host')).mayView(rehearsal.made())).toBe(true);
    expect(await mediaAccess(rehearsal.data, admin).mayView(rehearsal.made())).toBe(true);

    const gone = item({ eventId: 'nosuchevent1', origin: 'recording' });
    expect(await mediaAccess(rehearsal.data, other).mayView(gone)).toBe(false);
    expect(await mediaAccess(rehearsal.data, owner).mayView(gone)).toBe(true);
    // A recording or kept broadcast naming no event: its owner and admins alone; an upload as its visibility says.
    for (const origin of ['recording', 'broadcast'] as const) {
      expect(await mediaAccess(rehearsal.data, other).mayView(item({ origin }))).toBe(false);
      expect(await mediaAccess(rehearsal.data, admin).mayView(item({ origin }))).toBe(true);
    }
    expect(await mediaAccess(rehearsal.data, other).mayView(item({ origin: 'upload' }))).toBe(true);
    expect(await mediaAccess(rehearsal.data, null).mayView(item())).toBe(true);
  });

  it('reads each event once for a whole listing, and filters it in order', async () => {
    const { data, event, made } = await setUp({ ticketPrice: 1500 });
    await data.tickets.grant({ eventId: event.eventId, userId: 'other', orderId: 'o-4', kind: 'ticket' });
    const events = vi.spyOn(data.events, 'get');
    const access = mediaAccess(data, other);
    const listed = [made({ id: 'a'.repeat(21) }), item({ id: 'b'.repeat(21) }), null, made({ id: 'c'.repeat(21), visibility: 'private' }), made({ id: 'd'.repeat(21) })];
    expect((await access.visible(listed)).map((i) => i.id)).toEqual(['a'.repeat(21), 'b'.repeat(21), 'd'.repeat(21)]);
    expect(events).toHaveBeenCalledTimes(1);
  });

  it('lets the buyer of a product that delivers the item see it (the single-item routes)', async () => {
    const { data, made } = await setUp({ ticketPrice: 1500 });
    const hasDownload = vi.spyOn(data.products, 'hasDownload').mockResolvedValue(true);
    expect(await mayViewMedia(data, other, made())).toBe(true);
    hasDownload.mockResolvedValue(false);
    expect(await mayViewMedia(data, other, made())).toBe(false);
    expect(await mayViewMedia(data, null, made())).toBe(false);
  });
});
