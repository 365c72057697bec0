import type { ActionFunctionArgs } from '@remix-run/node';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CHANNEL_IMAGE_SLOTS, channelInputSchema, type ChannelInput } from '#app/lib/shop/model';
import { isStorageError } from '#server/platform/storage.server';
import { isImageError } from '#server/platform/images.server';
import { isIntroCandidate } from '#server/media/ondemand/intro.server';
import { acceptShop, fieldErrorsOf, managesChannel, readShopRequest, refuseShop } from '#server/commerce/shop/shopApi.server';
import { shownName } from '#app/lib/identity/displayName';

export const CHANNEL_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CHANNEL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const channelId = z.string().regex(/^[a-z0-9]{21}$/);
const uploadPrefix = (id: string) => `channels/${id}/uploads/`;

const requestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), fields: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ intent: z.literal('update'), channelId, fields: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ intent: z.literal('presignImage'), channelId, slot: z.enum(CHANNEL_IMAGE_SLOTS), contentType: z.string().max(100), size: z.number().int().min(1) }).strict(),
  z.object({ intent: z.literal('processImage'), channelId, slot: z.enum(CHANNEL_IMAGE_SLOTS), key: z.string().max(500) }).strict(),
]);

/**
 * POST /api/channels (organizers, admins): `create` or `update` a channel (name, about, intro
 * video: one of the owner's finished videos others may see, up to 5 https links); `presignImage`
 * and `processImage` upload an avatar or banner straight to storage, then make its sizes (like
 * event images). Another person's or tenant's channel answers 404.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readShopRequest(args);
  if (read instanceof Response) return read;
  const { user, body: raw } = read;
  const { context } = args;
  const { language } = context;
  const { channels, files, media } = context.data;
  if (raw.channelId !== undefined) {
    const named = channelId.safeParse(raw.channelId);
    const channel = named.success ? await channels.get(named.data) : null;
    if (!channel || !managesChannel(user, channel)) return refuseShop(language, 404, 'notFound');
  }
  const request = requestSchema.safeParse(raw);
  if (!request.success) return refuseShop(language, 400, 'badRequest');
  const body = request.data;

  if (body.intent === 'create' || body.intent === 'update') {
    const parsed = channelInputSchema.safeParse(body.fields);
    if (!parsed.success) return refuseShop(language, 400, 'badRequest', fieldErrorsOf(parsed.error.issues));
    const input: ChannelInput = parsed.data;
    const ownerId = body.intent === 'update' ? (await channels.get(body.channelId))!.ownerId : user.sub;
    if (input.introVideoId) {
      const item = await media.get(input.introVideoId);
      if (!item || !isIntroCandidate(ownerId, item)) return refuseShop(language, 400, 'badRequest', { introVideoId: 'shop.errors.introVideo' });
    }
    if (body.intent === 'update') {
      const saved = await channels.update(body.channelId, input);
      return saved ? acceptShop({ channelId: saved.channelId }) : refuseShop(language, 404, 'notFound');
    }
    const profile = await context.data.profiles.get(user.sub);
    const ownerName = shownName(user, profile);
    const created = await channels.create({ userId: user.sub, name: ownerName }, input, context.tenant.currency);
    return acceptShop({ channelId: created.channelId });
  }

  if (body.intent === 'presignImage') {
    if (!(CHANNEL_IMAGE_TYPES as readonly string[]).includes(body.contentType) || body.size > CHANNEL_IMAGE_MAX_BYTES) return refuseShop(language, 400, 'image');
    try {
      const upload = await files.presignUpload({
        key: `${uploadPrefix(body.channelId)}${Date.now()}-${randomBytes(6).toString('hex')}`,
        contentType: body.contentType,
        size: body.size,
        maxBytes: CHANNEL_IMAGE_MAX_BYTES,
        allowedTypes: CHANNEL_IMAGE_TYPES,
      });
      return acceptShop({ presigned: { url: upload.url, key: upload.key, headers: upload.headers } });
    } catch (e) {
      if (isStorageError(e)) return refuseShop(language, 400, 'image');
      return refuseShop(language, 503, 'storage');
    }
  }

  // processImage: only an upload for this very channel, under this tenant.
  let key: string;
  try {
    key = files.objectKey(body.key);
  } catch {
    return refuseShop(language, 400, 'image');
  }
  if (!key.startsWith(files.prefix + uploadPrefix(body.channelId))) return refuseShop(language, 400, 'image');
  try {
    const input = await files.read(key).catch(() => null);
    if (!input || input.length === 0 || input.length > CHANNEL_IMAGE_MAX_BYTES) return refuseShop(language, 400, 'image');
    const variants = await files.storeImageVariants(`channels/${body.channelId}/${body.slot}/${Date.now()}`, input, 'event');
    await channels.setImage(body.channelId, body.slot, Object.fromEntries(variants.map((v) => [v.size, v.key])));
    return acceptShop({ processed: true });
  } catch (e) {
    if (isImageError(e)) return refuseShop(language, 422, 'image');
    return refuseShop(language, 503, 'storage');
  } finally {
    // The original is not kept: only the made sizes are.
    await files.delete(key).catch(() => undefined);
  }
}

export const loader = (args: ActionFunctionArgs) => readShopRequest(args).then((r) => (r instanceof Response ? r : refuseShop(args.context.language, 405, 'badRequest')));
