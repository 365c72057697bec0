import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '../data/tenantData.server';
import { mayViewMedia } from './access.server';

const db = testDatabase();
const person = (sub: string): SessionUser => ({ sub, username: sub, email: `${sub}@example.com`, emailVerified: true, groups: [] });

describe('media a buyer was granted', () => {
  it('lets the buyer of a product that delivers a private item view and download it, and no one else; a refund takes it back', async () => {
    const data = tenantData({ db }, uniqueTenantId());
    const created = await data.media.create({ kind: 'audio', ownerId: 'seller', ownerName: 'Seller', title: 'Album', original: { fileName: 'a.mp3', contentType: 'audio/mpeg', bytes: 10, extension: 'mp3' } });
    await data.media.setStatus(created.id, { status: 'ready', progress: 100, derived: {} }, ['uploading']);
    const item = (await data.media.get(created.id))!;
    expect(item.visibility).toBe('private');
    expect(await mayViewMedia(data, person('buyer'), item)).toBe(false);
    await data.products.grantDownloads('buyer', 'order-1', 'product-1', [item.id]);
    expect(await mayViewMedia(data, person('buyer'), item)).toBe(true);
    expect(await mayViewMedia(data, person('someone'), item)).toBe(false);
    expect(await mayViewMedia(data, null, item)).toBe(false);
    // Another tenant's grant for the same ids counts for nothing here.
    const other = tenantData({ db }, uniqueTenantId());
    await other.products.grantDownloads('buyer2', 'order-2', 'product-1', [item.id]);
    expect(await mayViewMedia(data, person('buyer2'), item)).toBe(false);
    await data.products.revokeDownloads('buyer', 'order-1', [item.id]);
    expect(await mayViewMedia(data, person('buyer'), item)).toBe(false);
  });
});
