/**
 * The media library per tenant (docs/PRODUCT.md, Data: Media; model in app/lib/media/model.ts).
 *
 *   pk T#<tenant>#MEDIA            sk ITEM#<id>          the item (every item of the tenant, newest id last)
 *      gsi1pk T#<tenant>#MEDIA_OWNER#<ownerId>  gsi1sk <createdAt>#<id>   (an owner's items by date)
 *   pk T#<tenant>#MEDIA_USAGE      sk USER#<ownerId> | TENANT   { bytes }   (quota counters)
 *   pk T#<tenant>#EVENT_MEDIA#<eventId>  sk ITEM#<id>   (an event's items: recordings, kept broadcasts)
 *
 * Every key is built from the tenant id: no read here reaches another tenant's item, and another
 * tenant's id simply is not found.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaDerived, MediaEdit, MediaItem, MediaKind, MediaOrigin, MediaScope, MediaStatus, MediaVisibility } from '#app/lib/media/model';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { isConditionFailure, queryAll, queryPage, tenantKey, type Database, type Item, type Page } from '#server/platform/dynamo/dynamo.server';
import { shownStoredName } from '#app/lib/identity/displayName';

export const mediaItemKey = (t: TenantId, id: string) => ({ pk: tenantKey(t, 'MEDIA'), sk: `ITEM#${id}` });
const eventLinkKey = (t: TenantId, eventId: string, id: string) => ({ pk: tenantKey(t, 'EVENT_MEDIA', eventId), sk: `ITEM#${id}` });
export const usageKey = (t: TenantId, owner: string | null) => ({ pk: tenantKey(t, 'MEDIA_USAGE'), sk: owner === null ? 'TENANT' : `USER#${owner}` });
/** Item ids sort by creation time (a time prefix), so the tenant's partition reads newest-last. */
const newMediaId = () => `${Date.now().toString(36).padStart(9, '0')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
export const MEDIA_ID = /^[a-z0-9]{21}$/;
const ID = MEDIA_ID;

/** The folder of an item's files in the tenant's storage: original and derived files live under it. */
export const mediaFolder = (id: string) => `media/${id}`;

const STORED_FIELDS = [
  'id',
  'scope',
  'kind',
  'ownerId',
  'ownerName',
  'title',
  'description',
  'tags',
  'visibility',
  'status',
  'original',
  'derived',
  'progress',
  'failure',
  'review',
  'origin',
  'eventId',
  'startedAt',
  'language',
  'trim',
  'captions',
  'createdAt',
  'updatedAt',
] as const;

export function toMediaItem(tenantId: TenantId, raw: Item): MediaItem | null {
  if (raw.tenantId !== tenantId || typeof raw.id !== 'string') return null;
  const item = Object.fromEntries(STORED_FIELDS.filter((f) => raw[f] !== undefined).map((f) => [f, raw[f]])) as unknown as MediaItem;
  item.tags ??= [];
  item.derived ??= {};
  item.description ??= '';
  // Older uploads stored the uploader's address as the owner's name: never shown (docs/decisions/0065).
  item.ownerName = shownStoredName(item.ownerName);
  return item;
}

export interface NewMediaItem {
  kind: MediaKind;
  ownerId: string;
  ownerName: string;
  title: string;
  description?: string;
  tags?: string[];
  visibility?: MediaVisibility;
  original: { fileName: string; contentType: string; bytes: number; extension: string };
  /** Sent for review (/reviewVideoUpload): once processed it waits as pending_review instead of ready. */
  review?: boolean;
  /** system: stored in the system pseudo-tenant (docs/decisions/0025); default tenant. */
  scope?: MediaScope;
  /** Default upload. */
  origin?: MediaOrigin;
  /** The event the item belongs to (a recording, a kept broadcast); listed by listEventMedia. */
  eventId?: string;
  /** Recordings and kept broadcasts: when the recorded content began (ISO); chapters and the chat replay count from it. */
  startedAt?: string;
  /** A recorded take's part to keep (/mediaCapture): the processors cut the rest. */
  trim?: MediaItem['trim'];
}

/** A new item in status uploading (its original's key is `media/<id>/original.<extension>`), and the writes that store it. */
export function newMediaItem(db: Database, tenantId: TenantId, input: NewMediaItem, now = new Date()) {
  const id = newMediaId();
  const at = now.toISOString();
  const item: MediaItem = {
    id,
    scope: input.scope ?? 'tenant',
    kind: input.kind,
    ownerId: input.ownerId,
    ownerName: input.ownerName,
    title: input.title,
    description: input.description ?? '',
    tags: input.tags ?? [],
    visibility: input.visibility ?? 'private',
    status: 'uploading',
    original: {
      key: `${mediaFolder(id)}/original.${input.original.extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin'}`,
      fileName: input.original.fileName,
      contentType: input.original.contentType,
      bytes: input.original.bytes,
    },
    derived: {},
    ...(input.review ? { review: { requested: true } } : {}),
    origin: input.origin ?? 'upload',
    ...(input.eventId ? { eventId: input.eventId } : {}),
    ...(input.startedAt ? { startedAt: input.startedAt } : {}),
    ...(input.trim ? { trim: { startSeconds: input.trim.startSeconds, endSeconds: input.trim.endSeconds } } : {}),
    createdAt: at,
    updatedAt: at,
  };
  const put = {
    TableName: db.table,
    Item: {
      ...mediaItemKey(tenantId, id),
      gsi1pk: tenantKey(tenantId, 'MEDIA_OWNER', input.ownerId),
      gsi1sk: `${at}#${id}`,
      tenantId,
      ...item,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  // The item and its event link are written together, so an event never lists a missing item.
  const link = input.eventId ? { TableName: db.table, Item: { ...eventLinkKey(tenantId, input.eventId, id), tenantId, id } } : null;
  return { item, puts: link ? [put, link] : [put] };
}

/** Stores a new item in status uploading; its original's key is `media/<id>/original.<extension>`. */
export async function createMediaItem(db: Database, tenantId: TenantId, input: NewMediaItem, now = new Date()): Promise<MediaItem> {
  const { item, puts } = newMediaItem(db, tenantId, input, now);
  if (puts.length === 1) await db.doc.send(new PutCommand(puts[0]!));
  else await db.doc.send(new TransactWriteCommand({ TransactItems: puts.map((Put) => ({ Put })) }));
  return item;
}

/** The tenant's item, or null (also for a malformed id or another tenant's id). */
export async function getMediaItem(db: Database, tenantId: TenantId, id: string): Promise<MediaItem | null> {
  if (!ID.test(id)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: mediaItemKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toMediaItem(tenantId, out.Item) : null;
}

export interface MediaListQuery {
  /** Only this owner's items (newest first, through the owner index); otherwise every item of the tenant, newest first. */
  ownerId?: string;
  kind?: MediaKind;
  status?: MediaStatus;
  /** Keeps only the items this accepts (who may see them, a search); applied before the page is counted. */
  match?: (item: MediaItem) => boolean | Promise<boolean>;
  limit?: number;
  startKey?: Item | null;
  /** Continue the tenant-wide list after this item id (a cursor a URL can carry; ignored with ownerId). */
  afterId?: string;
}

/** One page of the tenant's items (or one owner's), newest first, optionally of one kind and status. */
export async function listMedia(db: Database, tenantId: TenantId, query: MediaListQuery = {}): Promise<Page<MediaItem>> {
  const read = async (raw: Item) => {
    const item = toMediaItem(tenantId, raw);
    if (!item) return null;
    if (query.kind && item.kind !== query.kind) return null;
    if (query.status && item.status !== query.status) return null;
    if (query.match && !(await query.match(item))) return null;
    return item;
  };
  const input = query.ownerId
    ? {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': tenantKey(tenantId, 'MEDIA_OWNER', query.ownerId) },
        ScanIndexForward: false,
      }
    : {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :item)',
        ExpressionAttributeValues: { ':pk': tenantKey(tenantId, 'MEDIA'), ':item': 'ITEM#' },
        ScanIndexForward: false,
      };
  const startKey = !query.ownerId && query.afterId && ID.test(query.afterId) ? mediaItemKey(tenantId, query.afterId) : query.startKey;
  return queryPage(db, input, { limit: query.limit ?? 50, startKey, read, pageSize: 100 });
}

/** The owner's edit (title, description, tags, visibility, language: absent unchanged, empty removed); null when there is no such item. */
export async function editMediaItem(db: Database, tenantId: TenantId, id: string, edit: MediaEdit, now = new Date()): Promise<MediaItem | null> {
  const fields: Record<string, unknown> = {
    title: edit.title,
    description: edit.description,
    tags: edit.tags,
    visibility: edit.visibility,
    updatedAt: now.toISOString(),
  };
  if (edit.language) fields.language = edit.language;
  return updateExisting(db, tenantId, id, fields, edit.language === '' ? ['language'] : []);
}

export interface MediaProgress {
  status: MediaStatus;
  progress?: number;
  failure?: string;
  derived?: MediaDerived;
  /** The original as the server found it after the upload: its real type (from its bytes) and size. */
  original?: MediaItem['original'];
  review?: MediaItem['review'];
}

/**
 * Moves an item along its lifecycle (upload finished, worker progress, done, failed, reviewed).
 * `from`, when given, must be the item's current status (a stale worker or a double click changes
 * nothing); null when the item is gone or was not in `from`.
 */
export async function setMediaStatus(
  db: Database,
  tenantId: TenantId,
  id: string,
  change: MediaProgress,
  from?: MediaStatus | readonly MediaStatus[],
  now = new Date(),
): Promise<MediaItem | null> {
  const fields: Record<string, unknown> = { status: change.status, updatedAt: now.toISOString() };
  for (const name of ['progress', 'failure', 'derived', 'original', 'review'] as const) if (change[name] !== undefined) fields[name] = change[name];
  const remove = change.status === 'failed' ? [] : change.failure === undefined ? ['failure'] : [];
  return updateExisting(db, tenantId, id, fields, remove, from === undefined ? undefined : Array.isArray(from) ? from : [from as MediaStatus]);
}

async function updateExisting(
  db: Database,
  tenantId: TenantId,
  id: string,
  fields: Record<string, unknown>,
  remove: string[] = [],
  from?: readonly MediaStatus[],
): Promise<MediaItem | null> {
  if (!ID.test(id)) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const removes = remove.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  let condition = 'attribute_exists(pk)';
  if (from?.length) {
    names['#status'] = 'status';
    const allowed = from.map((status, i) => {
      values[`:from${i}`] = status;
      return `:from${i}`;
    });
    condition += ` AND #status IN (${allowed.join(', ')})`;
  }
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mediaItemKey(tenantId, id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toMediaItem(tenantId, out.Attributes) : null;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** An event's items (recordings, kept broadcasts, trailer), newest first. */
export async function listEventMedia(db: Database, tenantId: TenantId, eventId: string): Promise<MediaItem[]> {
  const links = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :item)',
    ExpressionAttributeValues: { ':pk': tenantKey(tenantId, 'EVENT_MEDIA', eventId), ':item': 'ITEM#' },
    ScanIndexForward: false,
  });
  const ids = links.map((l) => l.id).filter((id): id is string => typeof id === 'string' && ID.test(id));
  const raws = await Promise.all(ids.map((id) => batchedGet(db, mediaItemKey(tenantId, id), true)));
  return raws.map((raw) => (raw ? toMediaItem(tenantId, raw) : null)).filter((i): i is MediaItem => i !== null && i.eventId === eventId);
}

/**
 * Removes the item's record and its event link (its files are the caller's to delete first); false
 * when there was none, or when it was not in `whileStatus` (an upload finished meanwhile).
 */
export async function deleteMediaItem(db: Database, tenantId: TenantId, id: string, whileStatus?: MediaStatus): Promise<boolean> {
  if (!ID.test(id)) return false;
  const onlyIf = whileStatus
    ? { ConditionExpression: 'attribute_exists(pk) AND #status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':status': whileStatus } }
    : { ConditionExpression: 'attribute_exists(pk)' };
  try {
    const out = await db.doc.send(new DeleteCommand({ TableName: db.table, Key: mediaItemKey(tenantId, id), ...onlyIf, ReturnValues: 'ALL_OLD' }));
    const eventId = out.Attributes?.eventId;
    if (typeof eventId === 'string') await db.doc.send(new DeleteCommand({ TableName: db.table, Key: eventLinkKey(tenantId, eventId, id) }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Bytes stored by one owner (ownerId) or by the whole tenant (null). */
export async function mediaUsage(db: Database, tenantId: TenantId, ownerId: string | null): Promise<number> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: usageKey(tenantId, ownerId), ConsistentRead: true }));
  return typeof out.Item?.bytes === 'number' ? out.Item.bytes : 0;
}

/** Adds (or, negative, subtracts) bytes to the owner's and the tenant's counters, atomically each. */
export async function addMediaUsage(db: Database, tenantId: TenantId, ownerId: string, bytes: number): Promise<void> {
  for (const owner of [ownerId, null]) {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: usageKey(tenantId, owner),
        UpdateExpression: 'SET tenantId = :t ADD bytes :b',
        ExpressionAttributeValues: { ':t': tenantId, ':b': bytes },
      }),
    );
  }
}
