import { describe, expect, it } from 'vitest';
import { productInputSchema, type ProductInput } from '#app/lib/shop/model';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createChannel, getChannel, listChannels, listChannelsByOwner, updateChannel } from '#server/events/data/channels.server';
import { createProduct, getProduct, grantDownloads, hasDownload, listChannelProducts, markStockSold, releaseStock, reserveStock, revokeDownloads, updateProduct } from './products.server';

const db = testDatabase();
const MEDIA = 'aaaaaaaaa000000000001';

function input(channelId: string, fields: Partial<ProductInput> = {}): ProductInput {
  return productInputSchema.parse({ channelId, title: 'Poster', price: 1999, delivers: 'download', mediaIds: [MEDIA], published: true, ...fields });
}

async function channelOf(t: ReturnType<typeof uniqueTenantId>, owner = 'owner-1') {
  return createChannel(db, t, { userId: owner, name: 'Olga' }, { name: 'Studio', about: '', introVideoId: null, links: [] }, 'USD');
}

describe('channels', () => {
  it('creates, reads, lists and edits a channel; another tenant never sees it', async () => {
    const t = uniqueTenantId();
    const other = uniqueTenantId();
    const channel = await channelOf(t);
    const second = await channelOf(t, 'owner-2');
    expect(await getChannel(db, t, channel.channelId)).toMatchObject({ name: 'Studio', ownerId: 'owner-1', currency: 'USD' });
    expect((await listChannels(db, t)).map((c) => c.channelId).sort()).toEqual([channel.channelId, second.channelId].sort());
    expect((await listChannelsByOwner(db, t, 'owner-2')).map((c) => c.channelId)).toEqual([second.channelId]);
    const edited = await updateChannel(db, t, channel.channelId, { name: 'Studio B', about: 'Hi https://example.com', introVideoId: null, links: [{ label: 'Site', url: 'https://example.com' }] });
    expect(edited).toMatchObject({ name: 'Studio B', links: [{ label: 'Site', url: 'https://example.com' }] });
    expect(await getChannel(db, other, channel.channelId)).toBeNull();
    expect(await listChannels(db, other)).toEqual([]);
    expect(await updateChannel(db, other, channel.channelId, { name: 'x', about: '', introVideoId: null, links: [] })).toBeNull();
  });
});

describe('products', () => {
  it('stores the price in minor units and lists a channel’s products; another tenant’s id is not found', async () => {
    const t = uniqueTenantId();
    const channel = await channelOf(t);
    const product = await createProduct(db, t, { userId: 'owner-1' }, input(channel.channelId, { stock: 3 }), 'USD');
    expect(await getProduct(db, t, product.productId)).toMatchObject({ price: 1999, currency: 'USD', stock: 3, delivers: 'download', mediaIds: [MEDIA] });
    expect((await listChannelProducts(db, t, channel.channelId)).map((p) => p.productId)).toEqual([product.productId]);
    expect(await getProduct(db, uniqueTenantId(), product.productId)).toBeNull();
  });

  it('sells exactly the stock when 50 orders reserve at once for a stock of 10', async () => {
    const t = uniqueTenantId();
    const channel = await channelOf(t);
    const product = await createProduct(db, t, { userId: 'owner-1' }, input(channel.channelId, { stock: 10 }), 'USD');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveStock(db, t, product.productId, `order-${i}`, 1)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect((await getProduct(db, t, product.productId))?.stock).toBe(0);
  });

  it('is idempotent per order: a retried reserve holds once, a release gives back once, a sold hold is never given back', async () => {
    const t = uniqueTenantId();
    const channel = await channelOf(t);
    const product = await createProduct(db, t, { userId: 'owner-1' }, input(channel.channelId, { stock: 5 }), 'USD');
    expect(await reserveStock(db, t, product.productId, 'o1', 2)).toBe(true);
    expect(await reserveStock(db, t, product.productId, 'o1', 2)).toBe(true);
    expect((await getProduct(db, t, product.productId))?.stock).toBe(3);
    await Promise.all([releaseStock(db, t, product.productId, 'o1'), releaseStock(db, t, product.productId, 'o1')]);
    expect((await getProduct(db, t, product.productId))?.stock).toBe(5);
    // A released hold is not re-held by a late retry of the same order.
    expect(await reserveStock(db, t, product.productId, 'o1', 2)).toBe(false);
    expect(await reserveStock(db, t, product.productId, 'o2', 3)).toBe(true);
    await markStockSold(db, t, product.productId, 'o2', 3);
    await releaseStock(db, t, product.productId, 'o2');
    expect((await getProduct(db, t, product.productId))?.stock).toBe(2);
    expect(await reserveStock(db, t, product.productId, 'o3', 3)).toBe(false);
  });

  it('holds a product once per order: a second hold of the same order for other units is refused, not taken as held', async () => {
    const t = uniqueTenantId();
    const channel = await channelOf(t);
    const product = await createProduct(db, t, { userId: 'owner-1' }, input(channel.channelId, { stock: 1 }), 'USD');
    expect(await reserveStock(db, t, product.productId, 'o1', 1)).toBe(true);
    // A second line of the same product in the same order: its unit was never taken from the stock.
    expect(await reserveStock(db, t, product.productId, 'o1', 2)).toBe(false);
    expect((await getProduct(db, t, product.productId))?.stock).toBe(0);
    // The same hold again (a retry) is still held; the release gives back exactly the one unit held.
    expect(await reserveStock(db, t, product.productId, 'o1', 1)).toBe(true);
    await releaseStock(db, t, product.productId, 'o1');
    expect((await getProduct(db, t, product.productId))?.stock).toBe(1);
  });

  it('never runs out with unlimited stock, and an edit never overwrites a sale made since it was read', async () => {
    const t = uniqueTenantId();
    const channel = await channelOf(t);
    const product = await createProduct(db, t, { userId: 'owner-1' }, input(channel.channelId), 'USD');
    expect(product.stock).toBeNull();
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => reserveStock(db, t, product.productId, `u-${i}`, 20)));
    expect(many.every(Boolean)).toBe(true);
    const limited = await updateProduct(db, t, product.productId, input(channel.channelId, { stock: 4, title: 'Poster 2' }));
    expect(limited).toMatchObject({ stock: 4, title: 'Poster 2' });
    expect(await reserveStock(db, t, product.productId, 'l-1', 1)).toBe(true);
    expect((await getProduct(db, t, product.productId))?.stock).toBe(3);
  });

  it('grants and revokes downloads per order', async () => {
    const t = uniqueTenantId();
    await grantDownloads(db, t, 'buyer', 'o1', 'p1', [MEDIA]);
    await grantDownloads(db, t, 'buyer', 'o2', 'p1', [MEDIA]);
    expect(await hasDownload(db, t, 'buyer', MEDIA)).toBe(true);
    expect(await hasDownload(db, t, 'other', MEDIA)).toBe(false);
    expect(await hasDownload(db, uniqueTenantId(), 'buyer', MEDIA)).toBe(false);
    await revokeDownloads(db, t, 'buyer', 'o1', [MEDIA]);
    expect(await hasDownload(db, t, 'buyer', MEDIA)).toBe(true);
    await revokeDownloads(db, t, 'buyer', 'o2', [MEDIA]);
    expect(await hasDownload(db, t, 'buyer', MEDIA)).toBe(false);
  });
});
