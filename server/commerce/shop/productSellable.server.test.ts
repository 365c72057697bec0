import { describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import type { Order, OrderLine } from '#app/lib/payments/model';
import { productInputSchema } from '#app/lib/shop/model';
import { loadEnv } from '#server/env.server';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { isRefusal, orderCapturedListeners, sellableFor, type SellContext } from '../payments/sellables.server';
import './productSellable.server';

const db = testDatabase();
const MEDIA = 'aaaaaaaaa000000000009';

async function setup(fields: Record<string, unknown> = {}) {
  const tenantId = uniqueTenantId();
  const data = tenantData({ db }, tenantId);
  const ctx: SellContext = { tenant: { id: tenantId, currency: 'USD' } as Tenant, data, env: loadEnv(), buyer: { userId: 'buyer', email: 'b@example.com', name: 'B' } };
  const channel = await data.channels.create({ userId: 'seller', name: 'Seller' }, { name: 'Shop', about: '', introVideoId: null, links: [] }, 'USD');
  const product = await data.products.create(
    { userId: 'seller' },
    productInputSchema.parse({ channelId: channel.channelId, title: 'Album', price: 1500, delivers: 'download', mediaIds: [MEDIA], published: true, stock: 2, ...fields }),
    'USD',
  );
  return { ctx, data, product };
}

const order = (lines: OrderLine[], orderId = 'order-1'): Order => ({
  orderId,
  buyerId: 'buyer',
  buyerEmail: 'b@example.com',
  buyerName: 'B',
  currency: 'USD',
  lines,
  total: { amount: 0, currency: 'USD' },
  applicationFee: { amount: 0, currency: 'USD' },
  refunded: { amount: 0, currency: 'USD' },
  status: 'captured',
  provider: 'test',
  returnPath: '/',
  createdAt: new Date().toISOString(),
});

describe("the 'product' sellable", () => {
  it('prices from the stored product and refuses drafts, the seller’s own, too many and unknown ids', async () => {
    const { ctx, product } = await setup();
    const sellable = sellableFor('product');
    const line = await sellable.price(ctx, { kind: 'product', refId: product.productId, quantity: 2, amount: 1 });
    expect(line).toMatchObject({ kind: 'product', refId: product.productId, quantity: 2, unitAmount: 1500, sellerId: 'seller', title: 'Album' });
    expect(await sellable.price(ctx, { kind: 'product', refId: product.productId, quantity: 3 })).toEqual({ refused: 'sold_out' });
    expect(await sellable.price({ ...ctx, buyer: { userId: 'seller', email: 's@example.com', name: 'S' } }, { kind: 'product', refId: product.productId, quantity: 1 })).toEqual({ refused: 'own_item' });
    expect(await sellable.price(ctx, { kind: 'product', refId: 'zzzzzzzzz000000000000', quantity: 1 })).toEqual({ refused: 'not_found' });
    const draft = await setup({ published: false });
    expect(await sellable.price(draft.ctx, { kind: 'product', refId: draft.product.productId, quantity: 1 })).toEqual({ refused: 'not_for_sale' });
    // An event ticket cannot be sold while nothing grants event access.
    const ticket = await setup({ delivers: 'ticket', eventId: 'evt123456789', mediaIds: [] });
    expect(await sellable.price(ticket.ctx, { kind: 'product', refId: ticket.product.productId, quantity: 1 })).toEqual({ refused: 'not_for_sale' });
  });

  it('holds stock per order, grants the download once paid, drops it from the cart, and revokes it after a refund', async () => {
    const { ctx, data, product } = await setup();
    const sellable = sellableFor('product');
    const line = await sellable.price(ctx, { kind: 'product', refId: product.productId, quantity: 2 });
    if (isRefusal(line)) throw new Error('refused');
    const paid = order([line]);
    expect(await sellable.reserve!(ctx, paid, line)).toBe(true);
    expect(await sellable.reserve!(ctx, order([line], 'order-2'), line)).toBe(false);
    await data.carts.change({ userId: 'buyer' }, (lines) => [...lines, { kind: 'product', refId: product.productId, quantity: 3, title: 'Album', unitAmount: 1500, currency: 'USD' }]);
    await sellable.fulfil(ctx, paid, line);
    await sellable.fulfil(ctx, paid, line);
    for (const listener of orderCapturedListeners()) await listener(ctx, paid);
    expect(await data.products.hasDownload('buyer', MEDIA)).toBe(true);
    expect((await data.carts.get({ userId: 'buyer' })).cartItemsCnt).toBe(1);
    // A sold hold is never given back by a late release.
    await sellable.release!(ctx, paid, line);
    expect((await data.products.get(product.productId))?.stock).toBe(0);
    await sellable.revoke!(ctx, paid, line);
    expect(await data.products.hasDownload('buyer', MEDIA)).toBe(false);
  });
});
