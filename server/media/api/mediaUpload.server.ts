/**
 * The media upload API's handlers (contract: app/lib/media/uploadApi.ts; docs/decisions/0025, 0060).
 * Nothing is signed before the type, the size and the quotas pass, and the announced size is
 * reserved against the quotas when the upload starts; the bytes go from the browser to object
 * storage, every signed call bound to the announced size (the single PUT's length, each part's
 * length, the parts checked before completion); `finish` then checks what was really stored (type
 * by its bytes, size) and hands the item to the processing queue (startProcessing), its
 * reservation becoming stored bytes. Every item is looked up in the caller's scope with the
 * caller's rights: another tenant's id, or someone else's upload, is simply not found (404).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import type { TFunction } from 'i18next';
import { MAX_BYTES, kindOfType, type MediaItem, type MediaKind } from '#app/lib/media/model';
import {
  EXTENSIONS,
  abortUploadSchema,
  finishUploadSchema,
  partBytesFor,
  partSizeFor,
  signRequestSchema,
  startUploadSchema,
  uploadProblem,
  usesMultipart,
  type FinishUploadResponse,
  type SignRequest,
  type SignResponse,
  type StartUploadResponse,
  type UploadScope,
} from '#app/lib/media/uploadApi';
import type { SessionUser } from '#app/lib/identity/types';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import type { TenantData } from '#server/data/tenantData.server';
import { startProcessing } from '../startProcessing.server';
import { isOutage } from '#server/platform/unavailable.server';
import type { MediaS3Call } from '../mediaObjects.server';
import { canManageItem, isPlatformAdmin, scopeData, scopeTenant } from './mediaAccess.server';
import { reserveExistingUpload, startReservedUpload } from './mediaQuota.server';
import { abortItemUploads, admitUploadId, partsMatch } from './mediaUploadParts.server';
import { answer, sizeText, typesText, UploadRefusal } from './mediaRequest.server';
import { sniffMediaType, SNIFF_BYTES } from './mediaSniff.server';
import { shownName } from '#app/lib/identity/displayName';

type Args = Pick<ActionFunctionArgs, 'request' | 'context'>;

const tooLarge = (t: TFunction, kind: MediaKind, language: string) =>
  new UploadRefusal(413, 'tooLarge', t('upload.errors.tooLarge', { kind: t(`upload.kinds.${kind}`), limit: sizeText(t, MAX_BYTES[kind], language) }));

/** The item the user is uploading, in the scope; 404 when it is not there or not theirs to change. */
async function ownUpload(args: Args, user: SessionUser, scope: UploadScope, mediaId: string): Promise<{ data: TenantData; item: MediaItem }> {
  if (scope === 'system' && !isPlatformAdmin(user, args.context.env)) throw new UploadRefusal(403, 'forbidden');
  const data = scopeData(args.context, scope);
  const item = await data.media.get(mediaId);
  if (!item || !canManageItem(user, item, scope, args.context.env)) throw new UploadRefusal(404, 'notFound');
  return { data, item };
}

/** Like ownUpload, and the upload is still in progress (parts may still be sent). */
async function openUpload(args: Args, user: SessionUser, scope: UploadScope, mediaId: string) {
  const found = await ownUpload(args, user, scope, mediaId);
  if (found.item.status !== 'uploading') throw new UploadRefusal(404, 'notFound');
  return found;
}

/** The event a browser recording upload belongs to: only its organizer and hosts may send one, only a video, only to the tenant's library. */
async function recordedEvent(args: Args, user: SessionUser, scope: UploadScope, eventId: string, kind: MediaKind) {
  if (scope !== 'tenant' || kind !== 'video') throw new UploadRefusal(400, 'badRequest');
  const event = await args.context.data.events.getFor(eventId, user);
  if (!event || !isStaff(roleOf(event, user))) throw new UploadRefusal(404, 'notFound');
  // The browser uploads after it stopped recording: the recording's start (the newest browser one)
  // is when the video's first frame was seen, which the replay of chat and questions is timed from.
  const [newest] = await args.context.data.recordings.list(eventId, 1);
  return { event, startedAt: newest?.mode === 'browser' ? newest.startedAt : undefined };
}

/** POST /api/media/upload/start: checks what the browser announces and makes the item (status uploading). */
export const startUpload = (args: Args) =>
  answer(args, startUploadSchema, async ({ user, data: input, t }): Promise<StartUploadResponse> => {
    const { context } = args;
    if (input.scope === 'system' && !isPlatformAdmin(user, context.env)) throw new UploadRefusal(403, 'forbidden', t('upload.admin.forbidden'));
    const problem = uploadProblem(input.contentType, input.size, input.kinds);
    const kind = kindOfType(input.contentType);
    if (problem === 'type' || !kind) throw new UploadRefusal(415, 'type', t('upload.errors.type', { types: typesText(t, input.kinds) }));
    if (problem === 'tooLarge') throw tooLarge(t, kind, context.language);
    // Only sound and pictures that move can be cut.
    if (input.trim && kind !== 'video' && kind !== 'audio') throw new UploadRefusal(400, 'badRequest');
    const recordingOf = input.origin === 'recording' && input.eventId ? await recordedEvent(args, user, input.scope, input.eventId, kind) : null;
    const data = scopeData(context, input.scope);
    // The item and the reservation of its size against the quotas, in one conditional write.
    const item = await startReservedUpload({ data, env: context.env, scope: input.scope, t, language: context.language }, {
      kind,
      scope: input.scope,
      ownerId: user.sub,
      ownerName: shownName(user, await context.data.profiles.get(user.sub)),
      title: input.title || input.fileName.replace(/\.[^.]*$/, '') || input.fileName,
      ...(input.visibility ? { visibility: input.visibility } : {}),
      // A recording's audience is the event's choice, not the uploader's: the library (tenant) or the organizer alone.
      ...(recordingOf
        ? {
            visibility: recordingOf.event.recordingDestination === 'cloud' ? ('tenant' as const) : ('private' as const),
            origin: 'recording' as const,
            eventId: recordingOf.event.eventId,
            ...(recordingOf.startedAt ? { startedAt: recordingOf.startedAt } : {}),
          }
        : {}),
      original: { fileName: input.fileName, contentType: input.contentType, bytes: input.size, extension: EXTENSIONS[input.contentType] ?? 'bin' },
      ...(input.review ? { review: true } : {}),
      ...(input.trim ? { trim: input.trim } : {}),
    });
    const mode = usesMultipart(input.size) ? 'multipart' : 'single';
    return { mediaId: item.id, scope: input.scope, key: item.original.key, mode, partSize: partSizeFor(input.size) };
  });

/** The S3 call a sign request names, when it is one this upload may make; null otherwise. */
export function uploadCall(item: MediaItem, request: SignRequest['request']): MediaS3Call | null {
  if (request.key !== item.original.key) return null;
  const key = item.original.key;
  const multipart = usesMultipart(item.original.bytes);
  const { contentType, bytes } = item.original;
  if (request.uploadId === undefined) {
    if (request.method === 'PUT' && !multipart) return { op: 'putObject', key, contentType, bytes };
    if (request.method === 'POST' && multipart) return { op: 'createMultipart', key, contentType };
    if (request.method === 'DELETE') return { op: 'deleteObject', key };
    return null;
  }
  const uploadId = request.uploadId;
  if (!multipart) return null;
  if (request.method === 'PUT' && request.partNumber !== undefined) {
    // Only the parts the announced size has, each signed for its exact length.
    const partBytes = partBytesFor(bytes, request.partNumber);
    return partBytes === null ? null : { op: 'uploadPart', key, uploadId, partNumber: request.partNumber, bytes: partBytes };
  }
  if (request.partNumber !== undefined) return null;
  if (request.method === 'GET') return { op: 'listParts', key, uploadId };
  if (request.method === 'POST') return { op: 'completeMultipart', key, uploadId };
  return { op: 'abortMultipart', key, uploadId };
}

/**
 * POST /api/media/upload/sign: a presigned URL for one S3 call of the upload, only on the item's
 * own key, only while it is uploading, only the calls its mode needs; the single PUT carries the
 * announced type and exact length in its signature, each part its exact length. A multipart
 * upload is recorded on the item before anything is signed for it, and its completion is signed
 * only when storage holds exactly the parts the announced size gives (else it is all discarded).
 */
export const signUpload = (args: Args) =>
  answer(args, signRequestSchema, async ({ user, data: input, t }): Promise<SignResponse> => {
    const { data, item } = await openUpload(args, user, input.scope, input.mediaId);
    const call = uploadCall(item, input.request);
    if (!call) throw new UploadRefusal(400, 'badRequest');
    if ((call.op === 'uploadPart' || call.op === 'listParts' || call.op === 'completeMultipart') && !(await admitUploadId(data, item, call.uploadId))) {
      throw new UploadRefusal(400, 'badRequest');
    }
    if (call.op === 'completeMultipart') {
      const parts = await data.files.listParts(call.key, call.uploadId);
      if (!parts) throw new UploadRefusal(409, 'notUploaded');
      if (!partsMatch(parts, item.original.bytes)) {
        await discard(data, item);
        throw new UploadRefusal(422, 'mismatch', t('upload.errors.mismatch'));
      }
    }
    const signed = await data.files.presignS3Call(call);
    return call.op === 'createMultipart' || call.op === 'putObject' ? { ...signed, key: item.original.key } : signed;
  });

/** POST /api/media/upload/abort: a cancelled upload leaves nothing behind (parts, object, item). */
export const abortUpload = (args: Args) =>
  answer(args, abortUploadSchema, async ({ user, data: input }) => {
    const { data, item } = await openUpload(args, user, input.scope, input.mediaId);
    await discard(data, item, input.uploadId);
    return { aborted: true };
  });

/**
 * Removes an upload that will not be kept: its multipart uploads (and `uploadId`), its stored
 * original (if any) and its record, then gives its reservation back (last: a reservation left by
 * an interruption is the sweeper's sign to finish the job).
 */
async function discard(data: TenantData, item: MediaItem, uploadId?: string): Promise<void> {
  await abortItemUploads(data, item, uploadId);
  await data.files.delete(item.original.key);
  await data.media.delete(item.id);
  await data.media.settleUpload(item, 'released');
}

/**
 * POST /api/media/upload/finish: the stored object must exist, be the size announced and be of a
 * type its kind accepts by its own bytes; then it is queued and its reservation becomes stored
 * bytes. A refused file is deleted and its reservation given back. A second finish of the same
 * upload answers the item as it is.
 */
export const finishUpload = (args: Args) =>
  answer(args, finishUploadSchema, async ({ user, data: input, t }): Promise<FinishUploadResponse> => {
    const { context } = args;
    const { data, item } = await ownUpload(args, user, input.scope, input.mediaId);
    if (item.status !== 'uploading') return { item };
    const queue = context.services.mediaQueue;
    if (!queue) throw new UploadRefusal(503, 'unavailable');
    const tenantId = scopeTenant(context, input.scope);

    const stored = await data.files.stat(item.original.key);
    if (!stored) throw new UploadRefusal(409, 'notUploaded');
    if (stored.bytes > MAX_BYTES[item.kind]) {
      await discard(data, item);
      throw tooLarge(t, item.kind, context.language);
    }
    if (stored.bytes !== item.original.bytes) {
      await discard(data, item);
      throw new UploadRefusal(422, 'mismatch');
    }
    const realType = await sniffMediaType(await data.files.readFirstBytes(item.original.key, SNIFF_BYTES), item.kind);
    if (!realType) {
      await discard(data, item);
      throw new UploadRefusal(415, 'type', t('upload.errors.lying', { claimed: t(`upload.typeNames.${item.kind}`) }));
    }
    // Nothing of the upload stays in storage beside the object (an earlier attempt's parts).
    await abortItemUploads(data, item);
    try {
      await reserveExistingUpload({ data, env: context.env, scope: input.scope, t, language: context.language }, item);
    } catch (e) {
      // Only a refusal discards the upload: after an outage the bytes stay for the client's retry.
      if (!isOutage(e)) await discard(data, item);
      throw e;
    }

    // What storage really holds, recorded while the upload is still this request's to finish.
    const original = { ...item.original, contentType: realType, bytes: stored.bytes };
    const checked = await data.media.setStatus(item.id, { status: 'uploading', original }, 'uploading');
    if (!checked) return current(data, item.id);
    const started = await startProcessing(data.media, queue, tenantId, checked, 'uploading');
    // Not started: the upload keeps its reservation, for a retry (or the sweeper).
    if (started.state === 'unavailable') throw new UploadRefusal(503, 'unavailable');
    if (started.state === 'conflict') return current(data, item.id);
    await data.media.settleUpload(item, 'kept');
    return { item: started.item };
  });

/** The item as it is now (another request moved it on); 404 when it is gone (aborted, swept). */
async function current(data: TenantData, id: string): Promise<FinishUploadResponse> {
  const item = await data.media.get(id);
  if (!item) throw new UploadRefusal(404, 'notFound');
  return { item };
}
