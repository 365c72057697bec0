import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaKind } from '#app/lib/media/model';
import { isFinished } from '#app/lib/media/sharing';
import { parseMajorAmount } from '#app/lib/money/money';
import { productInputSchema, type ProductInput } from '#app/lib/shop/model';
import type { AppContext } from '#server/context';
import { acceptShop, fieldErrorsOf, managesChannel, readShopRequest, refuseShop, type ShopFieldErrors } from '#server/commerce/shop/shopApi.server';

const shopId = z.string().regex(/^[a-z0-9]{21}$/);
const requestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), fields: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ intent: z.literal('update'), productId: shopId, fields: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ intent: z.literal('delete'), productId: shopId }).strict(),
]);

/** The typed form: price in major units ("19.99", "19,99"), stock as text (empty = unlimited). */
function readFields(fields: Record<string, unknown>, currency: string): { input?: unknown; errors: ShopFieldErrors } {
  const errors: ShopFieldErrors = {};
  const priceText = typeof fields.price === 'string' ? fields.price : '';
  const price = parseMajorAmount(priceText, currency);
  if (price === null) errors.price = 'shop.errors.price';
  const stockText = typeof fields.stock === 'string' ? fields.stock.trim() : '';
  const stock = stockText === '' ? null : /^\d+$/.test(stockText) ? Number(stockText) : NaN;
  if (Number.isNaN(stock)) errors.stock = 'shop.errors.stock';
  return { input: { ...fields, price, stock, eventId: typeof fields.eventId === 'string' && fields.eventId ? fields.eventId : undefined }, errors };
}

/** Every chosen media item must be the owner's finished item of the field's kind; every event the owner's. */
async function checkReferences(context: AppContext, ownerId: string, input: ProductInput): Promise<ShopFieldErrors> {
  const errors: ShopFieldErrors = {};
  const check = async (field: 'images' | 'videos' | 'audios' | 'mediaIds', ids: string[], kind?: MediaKind) => {
    const items = await Promise.all(ids.map((id) => context.data.media.get(id)));
    if (items.some((item) => !item || item.ownerId !== ownerId || item.scope !== 'tenant' || !isFinished(item) || (kind && item.kind !== kind))) errors[field] = 'shop.errors.media';
  };
  await Promise.all([check('images', input.images, 'image'), check('videos', input.videos, 'video'), check('audios', input.audios, 'audio'), check('mediaIds', input.mediaIds)]);
  if (input.delivers !== 'download') {
    const event = input.eventId ? await context.data.events.get(input.eventId) : null;
    if (!event || event.organizerId !== ownerId) errors.eventId = 'shop.errors.event';
  }
  return errors;
}

async function managedProduct(context: AppContext, user: SessionUser, productId: string) {
  const product = await context.data.products.get(productId);
  if (!product) return null;
  const channel = await context.data.channels.get(product.channelId);
  return channel && managesChannel(user, channel) ? product : null;
}

/**
 * POST /api/products (organizers, admins), on the caller's channels only (another person's or
 * tenant's channel or product answers 404): `create` or `update` a product (title, description,
 * price typed in major units of the tenant's currency, media of the owner's library, stock, what it
 * delivers, published or draft); `delete` it.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readShopRequest(args);
  if (read instanceof Response) return read;
  const { user, body: raw } = read;
  const { context } = args;
  const { language } = context;
  if (raw.productId !== undefined) {
    const named = shopId.safeParse(raw.productId);
    if (!named.success || !(await managedProduct(context, user, named.data))) return refuseShop(language, 404, 'notFound');
  }
  const request = requestSchema.safeParse(raw);
  if (!request.success) return refuseShop(language, 400, 'badRequest');
  const body = request.data;
  if (body.intent === 'delete') {
    return (await context.data.products.delete(body.productId)) ? acceptShop({ productId: body.productId }) : refuseShop(language, 404, 'notFound');
  }

  const existing = body.intent === 'update' ? await managedProduct(context, user, body.productId) : null;
  const fields = { ...body.fields, ...(existing ? { channelId: existing.channelId } : {}) };
  const channel = await context.data.channels.get(typeof fields.channelId === 'string' ? fields.channelId : '');
  if (!channel || !managesChannel(user, channel)) return refuseShop(language, 404, 'channel');
  const typed = readFields(fields, context.tenant.currency);
  const parsed = productInputSchema.safeParse(typed.input);
  const errors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)), ...typed.errors };
  if (!parsed.success || Object.keys(errors).length) return refuseShop(language, 400, 'badRequest', errors);
  const referenceErrors = await checkReferences(context, channel.ownerId, parsed.data);
  if (Object.keys(referenceErrors).length) return refuseShop(language, 400, 'badRequest', referenceErrors);
  if (existing) {
    const saved = await context.data.products.update(existing.productId, parsed.data);
    return saved ? acceptShop({ productId: saved.productId }) : refuseShop(language, 404, 'notFound');
  }
  const created = await context.data.products.create({ userId: channel.ownerId }, parsed.data, context.tenant.currency);
  return acceptShop({ productId: created.productId });
}

export const loader = (args: ActionFunctionArgs) => readShopRequest(args).then((r) => (r instanceof Response ? r : refuseShop(args.context.language, 405, 'badRequest')));
