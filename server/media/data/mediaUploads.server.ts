/**
 * Uploads in progress (docs/decisions/0060): from `start` until it is finished, aborted or swept,
 * an upload holds a reservation of its announced size against the quotas.
 *
 *   pk T#<tenant>#MEDIA_UPLOADING  sk <createdAt>#<id>   { id, ownerId, bytes }   (oldest first: the sweeper's list)
 *
 * The quota counters (media.server.ts, T#<tenant>#MEDIA_USAGE) count a reservation in `bytes`
 * from the start (so `bytes` is everything the quota holds) and also in `reserved` until the
 * upload is finished. The item, its reservation and both counters are written in one transaction
 * whose conditions keep each counter within its limit, so uploads started at the same moment
 * cannot together pass a quota. The S3 multipart upload ids signed for an item are kept on it
 * (`uploadIds`, never shown), so whoever ends the upload can abort them.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem } from '#app/lib/media/model';
import { isErrorNamed } from '#server/errors';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { transactOrRefused } from '#server/platform/dynamo/transactions.server';
import { mediaItemKey, newMediaItem, usageKey, type NewMediaItem } from './media.server';

/** A start that would pass a quota: the person's (user) or the tenant's. */
export class QuotaExceededError extends Error {
  constructor(readonly which: 'user' | 'tenant') {
    super(`the ${which} quota would be exceeded`);
    this.name = 'QuotaExceededError';
  }
}
export const isQuotaExceeded = (e: unknown): e is QuotaExceededError => isErrorNamed(e, 'QuotaExceededError');

/** The quotas a start must stay within; user null: the person has no quota of their own here (system media). */
export interface UploadLimits {
  user: number | null;
  tenant: number;
}

/** An upload's reservation. */
export interface UploadReservation {
  id: string;
  ownerId: string;
  bytes: number;
  createdAt: string;
}

const reservationKey = (t: TenantId, item: Pick<MediaItem, 'createdAt' | 'id'>) => ({ pk: tenantKey(t, 'MEDIA_UPLOADING'), sk: `${item.createdAt}#${item.id}` });

function counterUpdate(db: Database, t: TenantId, owner: string | null, change: { bytes: number; reserved: number }, limit?: number | null) {
  const bounded = limit !== undefined && limit !== null;
  return {
    Update: {
      TableName: db.table,
      Key: usageKey(t, owner),
      UpdateExpression: 'SET tenantId = :t ADD bytes :b, reserved :r',
      ExpressionAttributeValues: { ':t': t, ':b': change.bytes, ':r': change.reserved, ...(bounded ? { ':max': limit - change.bytes } : {}) },
      ...(bounded ? { ConditionExpression: 'attribute_not_exists(bytes) OR bytes <= :max' } : {}),
    },
  };
}

/** The writes that reserve an upload's bytes (its row and both counters, each kept within its limit), and the refusal a failed condition means. */
function reservationWrites(db: Database, t: TenantId, item: Pick<MediaItem, 'createdAt' | 'id' | 'ownerId'>, bytes: number, limits: UploadLimits) {
  if (limits.user !== null && bytes > limits.user) throw new QuotaExceededError('user');
  if (bytes > limits.tenant) throw new QuotaExceededError('tenant');
  const change = { bytes, reserved: bytes };
  return [
    { Put: { TableName: db.table, Item: { ...reservationKey(t, item), tenantId: t, id: item.id, ownerId: item.ownerId, bytes }, ConditionExpression: 'attribute_not_exists(pk)' } },
    counterUpdate(db, t, item.ownerId, change, limits.user),
    counterUpdate(db, t, null, change, limits.tenant),
  ];
}

/**
 * Sends a transaction whose last three writes are reservationWrites (conflicting writes retried):
 * a failed limit becomes QuotaExceededError; a reservation that already exists (a second finish
 * of the same upload) is left as it is.
 */
async function sendReserving(db: Database, transact: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  const failed = await transactOrRefused(() => db.doc.send(new TransactWriteCommand({ TransactItems: transact })));
  const rowAt = transact.length - 3;
  if (failed.length === 0 || failed.includes(rowAt)) return;
  if (failed.includes(rowAt + 1)) throw new QuotaExceededError('user');
  if (failed.includes(rowAt + 2)) throw new QuotaExceededError('tenant');
  throw new Error(`the upload's item could not be written (conditions failed: ${failed.join(', ')})`);
}

/**
 * Makes the item of a new upload (status uploading) with its reservation of `input.original.bytes`;
 * refuses with QuotaExceededError when the owner's or the tenant's counter would pass its limit.
 */
export async function startMediaUpload(db: Database, t: TenantId, input: NewMediaItem, limits: UploadLimits, now = new Date()): Promise<MediaItem> {
  const { item, puts } = newMediaItem(db, t, input, now);
  const reserve = reservationWrites(db, t, item, input.original.bytes, limits);
  await sendReserving(db, [...puts.map((Put) => ({ Put })), ...reserve]);
  return item;
}

/** Reserves the bytes of an upload that has no reservation (one started before reservations existed); QuotaExceededError as above. */
export async function reserveMediaUpload(db: Database, t: TenantId, item: Pick<MediaItem, 'createdAt' | 'id' | 'ownerId'>, bytes: number, limits: UploadLimits): Promise<void> {
  await sendReserving(db, reservationWrites(db, t, item, bytes, limits));
}

/** The upload's reservation, or null (finished, aborted, swept, or an upload started before reservations). */
export async function getUploadReservation(db: Database, t: TenantId, item: Pick<MediaItem, 'createdAt' | 'id'>): Promise<UploadReservation | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: reservationKey(t, item), ConsistentRead: true }));
  const raw = out.Item;
  if (!raw || raw.tenantId !== t || typeof raw.bytes !== 'number' || typeof raw.ownerId !== 'string') return null;
  return { id: String(raw.id), ownerId: raw.ownerId, bytes: raw.bytes, createdAt: item.createdAt };
}

/**
 * Ends the upload's reservation, once: `kept` (the file was accepted: its bytes stay counted, no
 * longer as reserved) or `released` (nothing is kept: the bytes leave the counters). False when
 * there was no reservation left to end (another request or instance ended it).
 */
export async function settleUploadReservation(db: Database, t: TenantId, item: Pick<MediaItem, 'createdAt' | 'id'>, outcome: 'kept' | 'released'): Promise<boolean> {
  const reservation = await getUploadReservation(db, t, item);
  if (!reservation) return false;
  const { bytes, ownerId } = reservation;
  const change = { bytes: outcome === 'kept' ? 0 : -bytes, reserved: -bytes };
  const failed = await transactOrRefused(() =>
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: db.table, Key: reservationKey(t, item), ConditionExpression: 'bytes = :b', ExpressionAttributeValues: { ':b': bytes } } },
          counterUpdate(db, t, ownerId, change),
          counterUpdate(db, t, null, change),
        ],
      }),
    ),
  );
  return failed.length === 0;
}

/** Reservations of uploads started before `before` (ISO time), oldest first. */
export async function staleUploadReservations(db: Database, t: TenantId, before: string): Promise<UploadReservation[]> {
  const rows = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk < :before',
    ExpressionAttributeValues: { ':pk': tenantKey(t, 'MEDIA_UPLOADING'), ':before': before },
  });
  return rows
    .filter((r) => r.tenantId === t && typeof r.id === 'string' && typeof r.bytes === 'number' && typeof r.ownerId === 'string')
    .map((r) => ({ id: r.id as string, ownerId: r.ownerId as string, bytes: r.bytes as number, createdAt: String(r.sk).slice(0, String(r.sk).lastIndexOf('#')) }));
}

/** The quota counters: bytes held (stored and reserved) and, of them, reserved for uploads in progress. */
export async function mediaQuotaUse(db: Database, t: TenantId, ownerId: string | null): Promise<{ used: number; reserved: number }> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: usageKey(t, ownerId), ConsistentRead: true }));
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return { used: num(out.Item?.bytes), reserved: num(out.Item?.reserved) };
}

/**
 * Records an S3 multipart upload id as one of the item's, while it uploads; at most `max` per item
 * (each may hold a whole file's parts until it is aborted). The item's ids and whether this one is
 * new; null when the item no longer uploads or has used up its ids.
 */
export async function registerUploadId(db: Database, t: TenantId, id: string, uploadId: string, max: number): Promise<{ ids: string[]; added: boolean } | null> {
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mediaItemKey(t, id),
        UpdateExpression: 'ADD uploadIds :one',
        ConditionExpression: 'attribute_exists(pk) AND #status = :uploading AND (attribute_not_exists(uploadIds) OR contains(uploadIds, :id) OR size(uploadIds) < :max)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':one': new Set([uploadId]), ':id': uploadId, ':uploading': 'uploading', ':max': max },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const before = new Set((out.Attributes?.uploadIds as Set<string> | undefined) ?? []);
    return { ids: [...new Set([...before, uploadId])], added: !before.has(uploadId) };
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** The S3 multipart upload ids signed for the item (none when it has none, or is gone). */
export async function itemUploadIds(db: Database, t: TenantId, id: string): Promise<string[]> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: mediaItemKey(t, id), ConsistentRead: true, ProjectionExpression: 'uploadIds' }));
  return [...((out.Item?.uploadIds as Set<string> | undefined) ?? [])];
}
