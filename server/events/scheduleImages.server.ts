/**
 * Event images for /scheduleEvents: presigned uploads straight to storage, then the server makes
 * the thumbnail, banner and poster from the original. An upload is either for a saved event
 * (under the event's folder) or a draft of the create form (under the organizer's own folder),
 * attached when the event is created. A key outside the right folder is refused.
 */
import { randomBytes } from 'node:crypto';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { ImageActionData } from '#app/components/schedule/EventImages';
import { EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_TYPES } from '#app/lib/events/eventImages';
import type { EventImageSize, EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { KeyIn } from '#app/lib/i18n/keys';
import { isEventNotFoundError } from './data/events.server';
import { isImageError } from '#server/platform/images.server';
import { isStorageError } from '#server/platform/storage.server';
import { NO_STORE } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
type ImageErrorKey = KeyIn<'schedule.images.errors'>;

export const imageRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('presignImage'), contentType: z.string().max(100), size: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('processImage'), key: z.string().min(1).max(900) }),
]);

/** Where the originals of one event land; the made sizes go beside them. */
export const eventUploadPrefix = (eventId: string) => `events/${eventId}/uploads/`;
/** Where the create form's upload waits until the event exists: one organizer's own folder. */
export const draftUploadPrefix = (user: SessionUser) => `drafts/${user.sub}/event-images/`;

const fail = (key: ImageErrorKey, status = 400) => json<ImageActionData>({ imageError: key }, { status, headers: NO_STORE });

/** intent=presignImage: a presigned PUT under `prefix`, after checking type and size. */
export async function presignImage(args: Args, prefix: string, form: FormData) {
  const parsed = imageRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || parsed.data.intent !== 'presignImage') return fail('schedule.images.errors.process');
  const { contentType, size } = parsed.data;
  if (!(EVENT_IMAGE_TYPES as readonly string[]).includes(contentType)) return fail('schedule.images.errors.type');
  if (size > EVENT_IMAGE_MAX_BYTES) return fail('schedule.images.errors.size');
  try {
    const upload = await args.context.data.files.presignUpload({
      key: `${prefix}${Date.now()}-${randomBytes(6).toString('hex')}`,
      contentType,
      size,
      maxBytes: EVENT_IMAGE_MAX_BYTES,
      allowedTypes: EVENT_IMAGE_TYPES,
    });
    return json<ImageActionData>({ presigned: { url: upload.url, key: upload.key, headers: upload.headers } }, { headers: NO_STORE });
  } catch (e) {
    if (isStorageError(e)) return fail(e.code === 'TOO_LARGE' ? 'schedule.images.errors.size' : 'schedule.images.errors.type');
    return fail('schedule.images.errors.storage', 503);
  }
}

/**
 * Makes the sizes of an uploaded original and stores them on the event. The key must lie under
 * `prefix` of this tenant. Answers null on success, else the error key and its status.
 */
export async function attachUploadedImage(args: Args, event: EventRecord, rawKey: string, prefix: string): Promise<{ key: ImageErrorKey; status: number } | null> {
  const { files, events } = args.context.data;
  let key: string;
  try {
    key = files.objectKey(rawKey);
  } catch {
    return { key: 'schedule.images.errors.process', status: 400 };
  }
  if (!key.startsWith(files.prefix + prefix)) return { key: 'schedule.images.errors.process', status: 400 };
  let input: Buffer;
  try {
    input = await files.read(key);
  } catch (e) {
    const name = (e as Error).name;
    return name === 'NoSuchKey' || name === 'NotFound' ? { key: 'schedule.images.errors.upload', status: 400 } : { key: 'schedule.images.errors.storage', status: 503 };
  }
  try {
    if (input.length === 0 || input.length > EVENT_IMAGE_MAX_BYTES) return { key: 'schedule.images.errors.size', status: 400 };
    const variants = await files.storeImageVariants(`events/${event.eventId}/images/${Date.now()}`, input, 'event');
    const images = Object.fromEntries(variants.map((v) => [v.size, v.key])) as Partial<Record<EventImageSize, string>>;
    await events.patch(event.eventId, () => ({ images }));
    return null;
  } catch (e) {
    if (isImageError(e)) return { key: 'schedule.images.errors.process', status: 422 };
    if (isEventNotFoundError(e)) throw new Response('Not Found', { status: 404 });
    return { key: 'schedule.images.errors.storage', status: 503 };
  } finally {
    // The original is not kept: only the made sizes are.
    await files.delete(key).catch(() => undefined);
  }
}

/** intent=presignImage | processImage on a saved event's edit page. */
export async function eventImageAction(args: Args, event: EventRecord, form: FormData) {
  const intent = form.get('intent');
  if (intent === 'presignImage') return presignImage(args, eventUploadPrefix(event.eventId), form);
  const parsed = imageRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || parsed.data.intent !== 'processImage') return fail('schedule.images.errors.process');
  const failed = await attachUploadedImage(args, event, parsed.data.key, eventUploadPrefix(event.eventId));
  return failed ? fail(failed.key, failed.status) : json<ImageActionData>({ processed: true }, { headers: NO_STORE });
}
