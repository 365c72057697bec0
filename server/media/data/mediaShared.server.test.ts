import { describe, expect, it } from 'vitest';
import type { MediaKind, MediaVisibility } from '#app/lib/media/model';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import { mediaAccess } from '../access.server';
import { newEventInput } from '#server/events/data/events.server';
import { createMediaItem, setMediaStatus } from './media.server';
import { findPitchDeck, listSharedMedia } from './mediaShared.server';
import { tenantData } from '#server/data/tenantData.server';

const db = testDatabase();
const user = (sub: string, groups: string[] = ['member']): SessionUser => ({ sub, username: sub, email: null, emailVerified: false, groups });
const me = user('me');
const boss = user('boss', ['admin']);
const someone = user('someone');
const org = user('org', ['organizer']);
const x = user('x');
/** What the viewer may see of tenant t's media (the one rule). */
const as = (t: TenantId, viewer: SessionUser | null) => mediaAccess(tenantData({ db }, t), viewer);

async function item(t: TenantId, ownerId: string, visibility: MediaVisibility, options: { kind?: MediaKind; ready?: boolean; tags?: string[]; title?: string; eventId?: string } = {}) {
  const kind = options.kind ?? 'image';
  const created = await createMediaItem(db, t, {
    kind,
    ownerId,
    ownerName: ownerId,
    title: options.title ?? `${ownerId} ${visibility}`,
    visibility,
    tags: options.tags ?? [],
    ...(options.eventId ? { origin: 'recording' as const, eventId: options.eventId } : {}),
    original: { fileName: kind === 'document' ? 'deck.pdf' : 'photo.jpg', contentType: kind === 'document' ? 'application/pdf' : 'image/jpeg', bytes: 10, extension: kind === 'document' ? 'pdf' : 'jpg' },
  });
  if (options.ready === false) return (await setMediaStatus(db, t, created.id, { status: 'processing' }))!;
  return (await setMediaStatus(db, t, created.id, { status: 'ready' }))!;
}

describe('media shared with a viewer', () => {
  it('lists the finished public and tenant items and the viewer’s own private ones, newest first', async () => {
    const t = uniqueTenantId();
    const mine = await item(t, 'me', 'private');
    const theirsPrivate = await item(t, 'other', 'private');
    const tenantWide = await item(t, 'other', 'tenant');
    const open = await item(t, 'other', 'public');
    const unfinished = await item(t, 'other', 'public', { ready: false });
    const doc = await item(t, 'other', 'tenant', { kind: 'document' });

    const ids = (items: { id: string }[]) => items.map((i) => i.id);
    expect(ids(await listSharedMedia(db, t, as(t, me)))).toEqual([doc.id, open.id, tenantWide.id, mine.id]);
    expect(ids(await listSharedMedia(db, t, as(t, me), 'image'))).toEqual([open.id, tenantWide.id, mine.id]);
    expect(ids(await listSharedMedia(db, t, as(t, null)))).toEqual([open.id]);
    expect(ids(await listSharedMedia(db, t, as(t, boss), 'image'))).toEqual([open.id, tenantWide.id, theirsPrivate.id, mine.id]);
    expect(ids(await listSharedMedia(db, t, as(t, boss)))).not.toContain(unfinished.id);
    // Another tenant sees none of them.
    expect(await listSharedMedia(db, uniqueTenantId(), as(uniqueTenantId(), boss))).toEqual([]);
  });

  it('finds the pitch deck: the newest finished one the viewer may see, else one still being processed', async () => {
    const t = uniqueTenantId();
    expect(await findPitchDeck(db, t, as(t, null))).toBeNull();
    const first = await item(t, 'org', 'public', { kind: 'document', tags: ['pitch-deck'] });
    await item(t, 'org', 'public', { kind: 'document', tags: ['brochure'] });
    expect((await findPitchDeck(db, t, as(t, null)))?.id).toBe(first.id);
    const newer = await item(t, 'org', 'public', { kind: 'document', tags: ['pitch-deck'], ready: false });
    expect((await findPitchDeck(db, t, as(t, null)))?.id).toBe(first.id);
    const privateDeck = await item(t, 'org', 'private', { kind: 'document', tags: ['pitch-deck'] });
    expect((await findPitchDeck(db, t, as(t, someone)))?.id).toBe(first.id);
    expect((await findPitchDeck(db, t, as(t, org)))?.id).toBe(privateDeck.id);

    const t2 = uniqueTenantId();
    const processing = await item(t2, 'org', 'tenant', { kind: 'document', tags: ['pitch-deck'], ready: false });
    expect((await findPitchDeck(db, t2, as(t2, x)))?.id).toBe(processing.id);
    expect(await findPitchDeck(db, t2, as(t2, null))).toBeNull();
    expect(newer.status).toBe('processing');
  });

  it("leaves out what a paid event made for those who have not paid for it", async () => {
    const t = uniqueTenantId();
    const event = await tenantData({ db }, t).events.create(
      newEventInput({ title: 'Paid', eventDateTime: new Date(Date.now() - 7_200_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', ticketPrice: 900 }),
      { sub: 'org', name: 'Org', email: 'org@example.com', language: 'en' },
    );
    const recording = await item(t, 'org', 'public', { kind: 'video', eventId: event.eventId });
    const open = await item(t, 'org', 'public', { kind: 'video' });
    const ids = async (viewer: SessionUser | null) => (await listSharedMedia(db, t, as(t, viewer), 'video')).map((i) => i.id);
    expect(await ids(null)).toEqual([open.id]);
    expect(await ids(someone)).toEqual([open.id]);
    await tenantData({ db }, t).tickets.grant({ eventId: event.eventId, userId: someone.sub, orderId: 'o-1', kind: 'ticket' });
    expect(await ids(someone)).toEqual([open.id, recording.id]);
    expect(await ids(boss)).toEqual([open.id, recording.id]);
  });
});
