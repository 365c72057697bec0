/**
 * The 'product' kind of the sellables registry (server/commerce/payments/sellables.server.ts): priced from
 * the stored product, its stock held per order while the buyer pays, and fulfilled with media
 * downloads or event access. Bought lines leave the buyer's cart once the order is captured.
 */
import type { Order, OrderLine } from '#app/lib/payments/model';
import { removeBought } from '../data/carts.server';
import { onOrderCaptured, registerSellable, type Refusal, type SellContext } from '../payments/sellables.server';
import { giveEventAccess, holdEventAccess, releaseEventAccess, revokeEventAccess } from './eventAccess.server';

async function storedProduct(ctx: SellContext, line: Pick<OrderLine, 'refId'>) {
  const product = await ctx.data.products.get(line.refId);
  if (!product) throw new Error(`product ${line.refId} of a priced line is gone`);
  return product;
}

registerSellable({
  kind: 'product',
  async price(ctx, request): Promise<OrderLine | Refusal> {
    const product = await ctx.data.products.get(request.refId);
    if (!product) return { refused: 'not_found' };
    if (!product.published || product.currency !== ctx.tenant.currency) return { refused: 'not_for_sale' };
    if (ctx.buyer && ctx.buyer.userId === product.ownerId) return { refused: 'own_item' };
    if (product.stock !== null && product.stock < request.quantity) return { refused: 'sold_out' };
    if (product.delivers !== 'download') {
      if (!product.eventId || !(await ctx.data.events.get(product.eventId))) return { refused: 'not_for_sale' };
      // One ticket or replay per buyer: the grant is per person.
      if (request.quantity !== 1) return { refused: 'not_for_sale' };
    }
    return {
      kind: 'product',
      refId: product.productId,
      quantity: request.quantity,
      title: product.title,
      unitAmount: product.price,
      sellerId: product.ownerId,
      channelId: product.channelId,
    };
  },
  async reserve(ctx, order, line) {
    if (!(await ctx.data.products.reserve(line.refId, order.orderId, line.quantity))) return false;
    const product = await storedProduct(ctx, line);
    if (product.delivers === 'download' || !product.eventId) return true;
    if (await holdEventAccess(ctx.data, { eventId: product.eventId, orderId: order.orderId, access: product.delivers })) return true;
    await ctx.data.products.release(line.refId, order.orderId);
    return false;
  },
  async release(ctx, order, line) {
    await ctx.data.products.release(line.refId, order.orderId);
    const product = await storedProduct(ctx, line);
    if (product.delivers !== 'download' && product.eventId) await releaseEventAccess(ctx.data, { eventId: product.eventId, orderId: order.orderId, access: product.delivers });
  },
  async fulfil(ctx, order, line) {
    const product = await storedProduct(ctx, line);
    await ctx.data.products.markSold(line.refId, order.orderId, line.quantity);
    if (product.delivers === 'download') {
      await ctx.data.products.grantDownloads(order.buyerId, order.orderId, product.productId, product.mediaIds ?? []);
      return;
    }
    if (!product.eventId) throw new Error(`event access cannot be granted for product ${product.productId}`);
    await giveEventAccess(ctx.data, { eventId: product.eventId, userId: order.buyerId, orderId: order.orderId, access: product.delivers });
  },
  async revoke(ctx, order, line) {
    const product = await storedProduct(ctx, line);
    if (product.delivers === 'download') {
      await ctx.data.products.revokeDownloads(order.buyerId, order.orderId, product.mediaIds ?? []);
      return;
    }
    if (!product.eventId) throw new Error(`event access cannot be revoked for product ${product.productId}`);
    await revokeEventAccess(ctx.data, { eventId: product.eventId, userId: order.buyerId, orderId: order.orderId, access: product.delivers });
  },
});

/** What a captured order bought leaves the buyer's cart. */
export async function dropBoughtFromCart(ctx: SellContext, order: Order) {
  const bought = order.lines.filter((line) => line.kind === 'product').map((line) => ({ refId: line.refId, quantity: line.quantity }));
  if (bought.length > 0) await ctx.data.carts.change({ userId: order.buyerId }, removeBought(bought));
}
onOrderCaptured(dropBoughtFromCart);
