/**
 * The 'product' kind of the sellables registry (server/payments/sellables.server.ts): priced from
 * the stored product, its stock held per order while the buyer pays, and fulfilled with media
 * downloads or event access. Bought lines leave the buyer's cart once the order is captured.
 */
import type { Order, OrderLine } from '#app/lib/payments/model';
import { removeBought } from '../data/carts.server';
import { onOrderCaptured, registerSellable, type Refusal, type SellContext } from '../payments/sellables.server';
import { eventAccessGrants } from './eventAccess.server';

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
      if (!eventAccessGrants() || !product.eventId || !(await ctx.data.events.get(product.eventId))) return { refused: 'not_for_sale' };
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
    return ctx.data.products.reserve(line.refId, order.orderId, line.quantity);
  },
  async release(ctx, order, line) {
    await ctx.data.products.release(line.refId, order.orderId);
  },
  async fulfil(ctx, order, line) {
    const product = await storedProduct(ctx, line);
    await ctx.data.products.markSold(line.refId, order.orderId, line.quantity);
    if (product.delivers === 'download') {
      await ctx.data.products.grantDownloads(order.buyerId, order.orderId, product.productId, product.mediaIds ?? []);
      return;
    }
    const grants = eventAccessGrants();
    if (!grants || !product.eventId) throw new Error(`event access cannot be granted for product ${product.productId}`);
    await grants.grantEventAccess(ctx.data, { eventId: product.eventId, userId: order.buyerId, orderId: order.orderId, access: product.delivers });
  },
  async revoke(ctx, order, line) {
    const product = await storedProduct(ctx, line);
    if (product.delivers === 'download') {
      await ctx.data.products.revokeDownloads(order.buyerId, order.orderId, product.mediaIds ?? []);
      return;
    }
    const grants = eventAccessGrants();
    if (!grants || !product.eventId) throw new Error(`event access cannot be revoked for product ${product.productId}`);
    await grants.revokeEventAccess(ctx.data, { eventId: product.eventId, userId: order.buyerId, orderId: order.orderId, access: product.delivers });
  },
});

/** What a captured order bought leaves the buyer's cart. */
export async function dropBoughtFromCart(ctx: SellContext, order: Order) {
  const bought = order.lines.filter((line) => line.kind === 'product').map((line) => ({ refId: line.refId, quantity: line.quantity }));
  if (bought.length > 0) await ctx.data.carts.change({ userId: order.buyerId }, removeBought(bought));
}
onOrderCaptured(dropBoughtFromCart);
