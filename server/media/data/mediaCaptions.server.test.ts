import { describe, expect, it } from 'vitest';
import type { TenantId } from '#app/lib/config/tenant';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createMediaItem, getMediaItem } from './media.server';
import { captionsKey, removeMediaCaptions, setMediaCaptions } from './mediaCaptions.server';

const db = testDatabase();
const media = (t: TenantId) => ({
  get: (id: string) => getMediaItem(db, t, id),
  setCaptions: setMediaCaptions.bind(null, db, t),
  removeCaptions: removeMediaCaptions.bind(null, db, t),
});

async function newItem(tenant: TenantId) {
  return createMediaItem(db, tenant, { kind: 'video', ownerId: 'u1', ownerName: 'Ana', title: 'Talk', original: { fileName: 'talk.mp4', contentType: 'video/mp4', bytes: 10, extension: 'mp4' } });
}

describe('media captions tracks', () => {
  it('records one track per language, replaces it, removes it', async () => {
    const tenant = uniqueTenantId();
    const data = { media: media(tenant) };
    const item = await newItem(tenant);
    const en = await data.media.setCaptions(item.id, { language: 'en', source: 'transcript', cueCount: 3 });
    expect(en?.captions?.en).toMatchObject({ language: 'en', source: 'transcript', cueCount: 3, key: `media/${item.id}/captions/en.vtt` });
    await data.media.setCaptions(item.id, { language: 'es-MX', source: 'upload', cueCount: 1 });
    const replaced = await data.media.setCaptions(item.id, { language: 'en', source: 'live', cueCount: 9 });
    expect(Object.keys(replaced!.captions!).sort()).toEqual(['en', 'es-MX']);
    expect(replaced!.captions!.en!.source).toBe('live');
    expect((await data.media.get(item.id))!.captions!.en!.cueCount).toBe(9);
    const removed = await data.media.removeCaptions(item.id, 'es-MX');
    expect(Object.keys(removed!.captions!)).toEqual(['en']);
    expect(await data.media.removeCaptions(item.id, 'es-MX')).toBeNull();
  });

  it('answers null for another tenant’s item and for bad ids or languages', async () => {
    const owner = uniqueTenantId();
    const item = await newItem(owner);
    const other = { media: media(uniqueTenantId()) };
    expect(await other.media.setCaptions(item.id, { language: 'en', source: 'upload', cueCount: 1 })).toBeNull();
    expect(await other.media.get(item.id)).toBeNull();
    const data = { media: media(owner) };
    expect(await data.media.setCaptions('../x', { language: 'en', source: 'upload', cueCount: 1 })).toBeNull();
    expect(await data.media.setCaptions(item.id, { language: 'en/../../x', source: 'upload', cueCount: 1 })).toBeNull();
    expect(() => captionsKey(item.id, '../en')).toThrow();
    expect((await data.media.get(item.id))!.captions).toBeUndefined();
  });
});
