import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { addMediaUsage, createMediaItem, deleteMediaItem, editMediaItem, getMediaItem, listEventMedia, listMedia, mediaUsage, setMediaStatus, type NewMediaItem } from './media.server';

const db = testDatabase();
const photo = (ownerId: string, title = 'Stage photo'): NewMediaItem => ({
  kind: 'image',
  ownerId,
  ownerName: 'Uma',
  title,
  original: { fileName: 'stage.JPG', contentType: 'image/jpeg', bytes: 1234, extension: 'JPG' },
});

describe('media library', () => {
  it('creates an item uploading under its own folder, reads it back, edits it and moves it along its lifecycle', async () => {
    const t = uniqueTenantId();
    const item = await createMediaItem(db, t, photo('u1'));
    expect(item).toMatchObject({ status: 'uploading', visibility: 'private', scope: 'tenant', tags: [], derived: {} });
    expect(item.original.key).toBe(`media/${item.id}/original.jpg`);
    expect(await getMediaItem(db, t, item.id)).toEqual(item);

    const edited = await editMediaItem(db, t, item.id, { title: 'Keynote', description: 'Day one', tags: ['stage'], visibility: 'tenant' });
    expect(edited).toMatchObject({ title: 'Keynote', description: 'Day one', tags: ['stage'], visibility: 'tenant' });

    expect(await setMediaStatus(db, t, item.id, { status: 'processing', progress: 0 }, 'uploading')).toMatchObject({ status: 'processing' });
    // A stale transition (already processing) changes nothing.
    expect(await setMediaStatus(db, t, item.id, { status: 'processing' }, 'uploading')).toBeNull();
    expect(await setMediaStatus(db, t, item.id, { status: 'failed', failure: 'unreadable' }, ['processing'])).toMatchObject({ failure: 'unreadable' });
    const ready = await setMediaStatus(db, t, item.id, { status: 'ready', progress: 100, derived: { width: 4000, height: 3000 } }, ['failed', 'processing']);
    expect(ready).toMatchObject({ status: 'ready', derived: { width: 4000, height: 3000 } });
    expect(ready?.failure).toBeUndefined();

    expect(await deleteMediaItem(db, t, item.id)).toBe(true);
    expect(await getMediaItem(db, t, item.id)).toBeNull();
    expect(await deleteMediaItem(db, t, item.id)).toBe(false);
  });

  it('lists the tenant newest first, or one owner, filtered by kind and status, in pages', async () => {
    const t = uniqueTenantId();
    const a1 = await createMediaItem(db, t, photo('a', 'one'), new Date('2030-01-01T10:00:00Z'));
    const b1 = await createMediaItem(db, t, { ...photo('b', 'two'), kind: 'document' }, new Date('2030-01-01T10:01:00Z'));
    const a2 = await createMediaItem(db, t, photo('a', 'three'), new Date('2030-01-01T10:02:00Z'));
    expect((await listMedia(db, t)).items.map((i) => i.id)).toEqual([a2.id, b1.id, a1.id]);
    expect((await listMedia(db, t, { ownerId: 'a' })).items.map((i) => i.id)).toEqual([a2.id, a1.id]);
    expect((await listMedia(db, t, { kind: 'document' })).items.map((i) => i.id)).toEqual([b1.id]);
    const first = await listMedia(db, t, { limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await listMedia(db, t, { limit: 2, startKey: first.next });
    expect(second.items.map((i) => i.id)).toEqual([a1.id]);
    expect(second.next).toBeNull();
    expect((await listMedia(db, t, { afterId: b1.id })).items.map((i) => i.id)).toEqual([a1.id]);
    // A caller's own filter (who may see, a search) applies before the page is counted.
    const matched = await listMedia(db, t, { match: (i) => i.title !== 'three', limit: 1 });
    expect(matched.items.map((i) => i.id)).toEqual([b1.id]);
    expect((await listMedia(db, t, { match: (i) => i.title !== 'three', limit: 1, startKey: matched.next })).items.map((i) => i.id)).toEqual([a1.id]);
  });

  it("never shows, edits or deletes another tenant's item; a malformed id is simply not found", async () => {
    const a = uniqueTenantId();
    const b = uniqueTenantId();
    const item = await createMediaItem(db, a, photo('u1'));
    expect(await getMediaItem(db, b, item.id)).toBeNull();
    expect(await editMediaItem(db, b, item.id, { title: 'x', description: '', tags: [], visibility: 'public' })).toBeNull();
    expect(await setMediaStatus(db, b, item.id, { status: 'ready' })).toBeNull();
    expect(await deleteMediaItem(db, b, item.id)).toBe(false);
    expect((await listMedia(db, b)).items).toEqual([]);
    expect(await getMediaItem(db, a, '../../x')).toBeNull();
    expect(await getMediaItem(db, a, item.id)).toMatchObject({ title: 'Stage photo' });
  });

  it("lists an event's items newest first, only within the tenant, and forgets an item once deleted", async () => {
    const t = uniqueTenantId();
    const other = uniqueTenantId();
    const first = await createMediaItem(db, t, { ...photo('u1'), kind: 'video', origin: 'recording', eventId: 'ev1' });
    const second = await createMediaItem(db, t, { ...photo('u1'), kind: 'video', origin: 'broadcast', eventId: 'ev1' });
    await createMediaItem(db, t, { ...photo('u1'), eventId: 'ev2' });
    await createMediaItem(db, other, { ...photo('u1'), eventId: 'ev1' });
    const listed = await listEventMedia(db, t, 'ev1');
    expect(listed.map((i) => [i.id, i.origin, i.eventId])).toEqual([
      [second.id, 'broadcast', 'ev1'],
      [first.id, 'recording', 'ev1'],
    ]);
    expect((await getMediaItem(db, t, first.id))?.origin).toBe('recording');
    expect(await deleteMediaItem(db, t, second.id)).toBe(true);
    expect((await listEventMedia(db, t, 'ev1')).map((i) => i.id)).toEqual([first.id]);
    expect(await listEventMedia(db, other, 'ev2')).toEqual([]);
  });

  it('keeps a language set by its owner until it is changed or cleared, and a recording its start time', async () => {
    const t = uniqueTenantId();
    const item = await createMediaItem(db, t, { ...photo('u1'), kind: 'video', origin: 'recording', eventId: 'e1e1e1e1e1e1', startedAt: '2026-01-01T10:00:00.000Z' });
    expect((await getMediaItem(db, t, item.id))?.startedAt).toBe('2026-01-01T10:00:00.000Z');
    const base = { title: 'Talk', description: '', tags: [], visibility: 'public' as const };
    expect((await editMediaItem(db, t, item.id, { ...base, language: 'pt-BR' }))?.language).toBe('pt-BR');
    // An edit that does not name the language (a bulk visibility change) leaves it.
    expect((await editMediaItem(db, t, item.id, base))?.language).toBe('pt-BR');
    const cleared = await editMediaItem(db, t, item.id, { ...base, language: '' });
    expect(cleared).not.toHaveProperty('language');
  });

  it('counts bytes per owner and per tenant', async () => {
    const t = uniqueTenantId();
    await addMediaUsage(db, t, 'u1', 1000);
    await addMediaUsage(db, t, 'u2', 500);
    await addMediaUsage(db, t, 'u1', -200);
    expect(await mediaUsage(db, t, 'u1')).toBe(800);
    expect(await mediaUsage(db, t, null)).toBe(1300);
    expect(await mediaUsage(db, uniqueTenantId(), null)).toBe(0);
  });
});
