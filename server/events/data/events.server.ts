/**
 * Events per tenant in the single table. Items (every key starts with the tenant):
 *
 *   event         pk T#<t>#EVENT#<id>   sk EVENT           the event (app/lib/events/model.ts)
 *                 gsi1pk T#<t>#EVENTS (listed) | T#<t>#UNLISTED (rehearsal, demo); none once cancelled
 *                 gsi1sk <eventDateTime>#<id>  → listings and calendars query a time range and page
 *   short code    pk T#<t>#SHORT#<code>     sk SHORT       → eventId
 *   invite code   pk T#<t>#INVITE#<code>    sk INVITE      → eventId (team demos)
 *   organizer ref pk T#<t>#USER#<sub>       sk ORGANIZES#<id>
 *   host ref      pk T#<t>#HOST#<email>     sk HOSTS#<id>    invitation by address (acceptance looks here)
 *   hosted ref    pk T#<t>#USER#<sub>       sk HOSTS#<id>    accepted invitation (the dashboard lists these)
 *
 * An invitation is accepted once, by the account whose verified email it names: the event's
 * acceptedHosts maps the address to that sub (hostInvitations.server.ts); removing the address
 * from the hosts list removes the binding and the hosted ref (docs/decisions/0013).
 *
 * Nothing here scans; every read is a key lookup or an index query bounded by time.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import {
  EXPIRATION_GRACE_MINUTES,
  MAX_DURATION_MINUTES,
  NEW_EVENT_SETTINGS,
  endMs,
  eventSchema,
  expirationFor,
  type EventInput,
  type EventKind,
  type EventRecord,
} from '#app/lib/events/model';
import { isErrorNamed } from '#server/errors';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { forgetEvent, recentEvent } from './eventCopies.server';
import { isConditionFailure, queryPage, tenantKey, type Database, type Item, type QueryInput } from '#server/platform/dynamo/dynamo.server';

export type { EventInput };

/** An EventInput from the fields that have no default, plus any overrides. */
export function newEventInput(fields: Pick<EventInput, 'title' | 'eventDateTime' | 'eventTimeZone' | 'eventLanguage'> & Partial<EventInput>): EventInput {
  return { ...NEW_EVENT_SETTINGS, hosts: [], ...fields };
}

export interface Organizer {
  sub: string;
  name: string;
  email: string;
  language: string;
}

export class EventNotFoundError extends Error {
  constructor() {
    super('event not found');
    this.name = 'EventNotFoundError';
  }
}
/** Someone else changed the event since it was read (optimistic concurrency). */
export class EventConflictError extends Error {
  constructor() {
    super('the event was changed by someone else');
    this.name = 'EventConflictError';
  }
}
/** By name, not instanceof: see server/errors.ts. */
export const isEventNotFoundError = (e: unknown): e is EventNotFoundError => isErrorNamed(e, 'EventNotFoundError');
export const isEventConflictError = (e: unknown): e is EventConflictError => isErrorNamed(e, 'EventConflictError');

const EVENT_SK = 'EVENT';
export const eventKey = (tenantId: TenantId, eventId: string) => ({ pk: tenantKey(tenantId, 'EVENT', eventId), sk: EVENT_SK });
const listedPartition = (tenantId: TenantId) => tenantKey(tenantId, 'EVENTS');
const unlistedPartition = (tenantId: TenantId) => tenantKey(tenantId, 'UNLISTED');
const sortKey = (e: Pick<EventRecord, 'eventDateTime' | 'eventId'>) => `${e.eventDateTime}#${e.eventId}`;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
export const newEventId = () => randomString(ID_ALPHABET, 12);
export const newShortCode = () => randomString(CODE_ALPHABET, 7);
/** LiveKit room names are shared by every tenant on one LiveKit project: the tenant leads. */
export const channelNameFor = (tenantId: TenantId, eventId: string) => `${tenantId}_${eventId}`;
export const tenantOfChannel = (channelName: string) => {
  const i = channelName.lastIndexOf('_');
  return i > 0 ? { tenantId: channelName.slice(0, i), eventId: channelName.slice(i + 1) } : null;
};

/** Lower-case, accent-free text the listing search matches against. */
export function searchText(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const normaliseHosts = (hosts: string[], organizerEmail: string) =>
  [...new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean))].filter((h) => h !== organizerEmail.toLowerCase());

/** The stored attributes of an event plus its index keys (nulls are omitted, not stored). */
function toItem(tenantId: TenantId, e: EventRecord) {
  // A consultation's private session is never listed.
  const partition = e.cancelledAt ? undefined : e.kind === 'event' && !e.consultationBookingId ? listedPartition(tenantId) : unlistedPartition(tenantId);
  return {
    ...eventKey(tenantId, e.eventId),
    ...Object.fromEntries(Object.entries(e).filter(([, v]) => v !== null)),
    eventEnd: new Date(endMs(e)).toISOString(),
    searchText: searchText(e.title, e.organizerName),
    ...(partition ? { gsi1pk: partition, gsi1sk: sortKey(e) } : {}),
  };
}

/** The event an item holds, if it is one of this tenant's (every read goes through here). */
export function fromItem(tenantId: TenantId, item: Record<string, unknown> | undefined): EventRecord | null {
  if (!item || item.tenantId !== tenantId) return null;
  const parsed = eventSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
}

function hostRef(tenantId: TenantId, email: string, eventId: string) {
  return { pk: tenantKey(tenantId, 'HOST', email), sk: `HOSTS#${eventId}` };
}
export function hostedRef(tenantId: TenantId, sub: string, eventId: string) {
  return { pk: tenantKey(tenantId, 'USER', sub), sk: `HOSTS#${eventId}` };
}
function organizerRef(tenantId: TenantId, sub: string, eventId: string) {
  return { pk: tenantKey(tenantId, 'USER', sub), sk: `ORGANIZES#${eventId}` };
}

/** Creates an event with a fresh id, short code (and invite code for team demos) in one transaction. */
export async function createEvent(
  db: Database,
  tenantId: TenantId,
  input: EventInput,
  organizer: Organizer,
  options: { kind?: EventKind; inviteCode?: boolean; now?: Date } = {},
): Promise<EventRecord> {
  const now = (options.now ?? new Date()).toISOString();
  for (let attempt = 0; attempt < 4; attempt++) {
    const eventId = newEventId();
    const shortCode = newShortCode();
    const inviteCode = options.inviteCode ? randomBytes(12).toString('base64url') : undefined;
    const event = eventSchema.parse({
      ...input,
      tenantId,
      eventId,
      kind: options.kind ?? 'event',
      hosts: normaliseHosts(input.hosts, organizer.email),
      eventExpiration: expirationFor(input.eventDateTime, input.eventDuration),
      organizerLanguageCode: organizer.language,
      channelName: channelNameFor(tenantId, eventId),
      organizerId: organizer.sub,
      organizerName: organizer.name,
      organizerEmail: organizer.email.toLowerCase(),
      shortCode,
      inviteCode,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: db.table, Item: toItem(tenantId, event), ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Put: {
                TableName: db.table,
                Item: { pk: tenantKey(tenantId, 'SHORT', shortCode), sk: 'SHORT', tenantId, eventId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...(inviteCode
              ? [{ Put: { TableName: db.table, Item: { pk: tenantKey(tenantId, 'INVITE', inviteCode), sk: 'INVITE', tenantId, eventId } } }]
              : []),
            { Put: { TableName: db.table, Item: { ...organizerRef(tenantId, organizer.sub, eventId), tenantId, eventId } } },
            ...event.hosts.map((email) => ({ Put: { TableName: db.table, Item: { ...hostRef(tenantId, email, eventId), tenantId, eventId } } })),
          ],
        }),
      );
      return event;
    } catch (e) {
      // A clash of id or short code (astronomically rare) cancels the transaction: try new ones.
      if ((e as Error).name !== 'TransactionCanceledException') throw e;
    }
  }
  throw new Error('could not allocate an event id and short code');
}

export async function getEvent(db: Database, tenantId: TenantId, eventId: string): Promise<EventRecord | null> {
  if (!/^[a-z0-9]{12}$/.test(eventId)) return null;
  // With the other reads of this turn (batched.server.ts): a whole audience reads it at once.
  return fromItem(tenantId, await batchedGet(db, eventKey(tenantId, eventId), true));
}

/**
 * The event as stored at most a moment ago, for the doors of its room (docs/decisions/0091): a
 * copy this instance read within the last EVENT_COPY_MS, forgotten when this instance writes the
 * event. Writers and edit forms read getEvent.
 */
export const getRecentEvent = (db: Database, tenantId: TenantId, eventId: string): Promise<EventRecord | null> =>
  /^[a-z0-9]{12}$/.test(eventId) ? recentEvent(db, tenantId, eventId, () => getEvent(db, tenantId, eventId)) : Promise.resolve(null);

/**
 * What the doors of a room read (docs/decisions/0091): `recent`, the event as stored at most a
 * moment ago; `forgetRecent`, for when another instance's change is heard (its chat said so).
 */
export const recentEventSection = (db: Database, tenantId: TenantId) => ({
  recent: (eventId: string) => getRecentEvent(db, tenantId, eventId),
  forgetRecent: (eventId: string) => forgetEvent(db, tenantId, eventId),
});

/** Sends a write of the event item; whatever its outcome, this instance's copy of the event no longer counts. */
export async function writeEventItem<T>(db: Database, tenantId: TenantId, eventId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    forgetEvent(db, tenantId, eventId);
  }
}

async function eventByCode(db: Database, tenantId: TenantId, kind: 'SHORT' | 'INVITE', code: string): Promise<EventRecord | null> {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: tenantKey(tenantId, kind, code), sk: kind } }));
  if (!out.Item || out.Item.tenantId !== tenantId) return null;
  return getEvent(db, tenantId, String(out.Item.eventId));
}
export const getEventByShortCode = (db: Database, tenantId: TenantId, code: string) => eventByCode(db, tenantId, 'SHORT', code);
export const getEventByInviteCode = (db: Database, tenantId: TenantId, code: string) => eventByCode(db, tenantId, 'INVITE', code);

/**
 * Replaces the organizer-editable fields. `expectedUpdatedAt` (from the form) makes a concurrent
 * edit fail with EventConflictError instead of silently overwriting it.
 */
export async function updateEvent(
  db: Database,
  tenantId: TenantId,
  eventId: string,
  input: EventInput,
  expectedUpdatedAt?: string,
): Promise<EventRecord> {
  // An invitation accepted meanwhile changes no updatedAt: then the edit is simply written again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getEvent(db, tenantId, eventId);
    if (!current) throw new EventNotFoundError();
    if (expectedUpdatedAt && expectedUpdatedAt !== current.updatedAt) throw new EventConflictError();
    const hosts = normaliseHosts(input.hosts, current.organizerEmail);
    // An address taken off the list takes its accepted binding with it.
    const acceptedHosts = Object.fromEntries(Object.entries(current.acceptedHosts).filter(([email]) => hosts.includes(email)));
    const next = eventSchema.parse({
      ...current,
      ...input,
      hosts,
      acceptedHosts,
      eventExpiration: current.endedAt ? current.eventExpiration : expirationFor(input.eventDateTime, input.eventDuration),
      updatedAt: new Date().toISOString(),
    });
    const removed = current.hosts.filter((h) => !hosts.includes(h));
    const added = hosts.filter((h) => !current.hosts.includes(h));
    const stillHosting = new Set(Object.values(acceptedHosts));
    const unbound = [...new Set(Object.values(current.acceptedHosts))].filter((sub) => !stillHosting.has(sub));
    const write = new TransactWriteCommand({
      TransactItems: [
        guardedPut(db, tenantId, next, current),
        ...added.map((email) => ({ Put: { TableName: db.table, Item: { ...hostRef(tenantId, email, eventId), tenantId, eventId } } })),
        ...removed.map((email) => ({ Delete: { TableName: db.table, Key: hostRef(tenantId, email, eventId) } })),
        ...unbound.map((sub) => ({ Delete: { TableName: db.table, Key: hostedRef(tenantId, sub, eventId) } })),
      ],
    });
    try {
      await writeEventItem(db, tenantId, eventId, () => db.doc.send(write));
      return next;
    } catch (e) {
      if ((e as Error).name !== 'TransactionCanceledException') throw e;
    }
  }
  throw new EventConflictError();
}

/**
 * The write of an edited event, refused when someone else changed it since it was read
 * (optimistic), or an invitation was accepted since (acceptance adds a binding without touching
 * updatedAt, so a whole-item write must not drop it).
 */
const guardedPut = (db: Database, tenantId: TenantId, next: EventRecord, seen: Pick<EventRecord, 'updatedAt' | 'acceptedHosts'>) => {
  const accepted = Object.keys(seen.acceptedHosts).length;
  return {
    Put: {
      TableName: db.table,
      Item: toItem(tenantId, next),
      ConditionExpression: `updatedAt = :seen AND (${accepted === 0 ? 'attribute_not_exists(acceptedHosts) OR ' : ''}size(acceptedHosts) = :accepted)`,
      ExpressionAttributeValues: { ':seen': seen.updatedAt, ':accepted': accepted },
    },
  };
};

type Patch = Partial<Pick<EventRecord, 'blockedUsers' | 'endedAt' | 'eventExpiration' | 'roomClosedAt' | 'cancelledAt' | 'images' | 'eventRecordingId'>>;

/**
 * Changes server-managed fields (blocking, ending, closing, cancelling, images) with a
 * read-modify-write guarded by updatedAt; retried when another writer got there first.
 */
export async function patchEvent(
  db: Database,
  tenantId: TenantId,
  eventId: string,
  change: (current: EventRecord) => Patch | null,
): Promise<EventRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getEvent(db, tenantId, eventId);
    if (!current) throw new EventNotFoundError();
    const patch = change(current);
    if (!patch) return current;
    const next = eventSchema.parse({ ...current, ...patch, updatedAt: new Date().toISOString() });
    try {
      await writeEventItem(db, tenantId, eventId, () => db.doc.send(new TransactWriteCommand({ TransactItems: [guardedPut(db, tenantId, next, current)] })));
      return next;
    } catch (e) {
      if ((e as Error).name !== 'TransactionCanceledException') throw e;
    }
  }
  throw new EventConflictError();
}

export const cancelEvent = (db: Database, tenantId: TenantId, eventId: string) =>
  patchEvent(db, tenantId, eventId, (e) => (e.cancelledAt ? null : { cancelledAt: new Date().toISOString() }));

/** A host ended the event for everyone: it is over now and its room closes now. */
export const endEventNow = (db: Database, tenantId: TenantId, eventId: string) =>
  patchEvent(db, tenantId, eventId, (e) => {
    if (e.endedAt) return null;
    const now = new Date().toISOString();
    return { endedAt: now, eventExpiration: now };
  });

export const setUserBlocked = (db: Database, tenantId: TenantId, eventId: string, sub: string, blocked: boolean) =>
  patchEvent(db, tenantId, eventId, (e) => {
    const has = e.blockedUsers.includes(sub);
    if (has === blocked) return null;
    return { blockedUsers: blocked ? [...e.blockedUsers, sub] : e.blockedUsers.filter((s) => s !== sub) };
  });

/** Marks the room closed once; false when another instance already did. */
export async function markRoomClosed(db: Database, tenantId: TenantId, eventId: string): Promise<boolean> {
  const write = new UpdateCommand({
    TableName: db.table,
    Key: eventKey(tenantId, eventId),
    UpdateExpression: 'SET roomClosedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(roomClosedAt)',
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  try {
    await writeEventItem(db, tenantId, eventId, () => db.doc.send(write));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export type ListFilter = 'all' | 'live' | 'upcoming';
export interface ListOptions {
  now?: number;
  filter?: ListFilter;
  /** Words matched against title and organizer (case and accent insensitive). */
  q?: string;
  language?: string;
  limit?: number;
  cursor?: string | null;
}
export interface EventPage {
  items: EventRecord[];
  /** Opaque; pass back for the next page. Null on the last page. */
  cursor: string | null;
}

const encodeCursor = (e: EventRecord) => Buffer.from(JSON.stringify([e.eventDateTime, e.eventId])).toString('base64url');
function decodeCursor(tenantId: TenantId, cursor: string | null | undefined) {
  if (!cursor) return undefined;
  try {
    const [start, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (typeof start !== 'string' || !/^[a-z0-9]{12}$/.test(id)) return undefined;
    // Rebuilt from the tenant id, so a cursor can never reach another tenant's partition.
    return { ...eventKey(tenantId, id), gsi1pk: listedPartition(tenantId), gsi1sk: `${start}#${id}` };
  } catch {
    return undefined;
  }
}

/** One page of this tenant's events from an index query (filters drop some, so it reads on until `limit`). */
async function eventPage(db: Database, tenantId: TenantId, input: QueryInput, limit: number, startKey?: Item): Promise<EventPage> {
  const page = await queryPage(db, input, { limit, startKey, read: (item) => fromItem(tenantId, item), pageSize: Math.min(100, Math.max(limit * 2, 20)) });
  const last = page.items.at(-1);
  return { items: page.items, cursor: page.next && last ? encodeCursor(last) : null };
}

/** Listed events that are live now or upcoming (never ended, expired or cancelled), in start order. */
export async function listEvents(db: Database, tenantId: TenantId, options: ListOptions = {}): Promise<EventPage> {
  const now = options.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const limit = Math.min(Math.max(options.limit ?? 12, 1), 50);
  const filter = options.filter ?? 'all';
  // A live event started at most MAX_DURATION minutes ago: that bounds the range read.
  const earliest = new Date(now - (MAX_DURATION_MINUTES + EXPIRATION_GRACE_MINUTES) * 60_000).toISOString();
  const names: Record<string, string> = { '#pk': 'gsi1pk', '#sk': 'gsi1sk', '#end': 'eventEnd' };
  const values: Record<string, unknown> = { ':pk': listedPartition(tenantId), ':now': nowIso };
  let range: string;
  if (filter === 'upcoming') {
    range = '#sk > :from';
    values[':from'] = nowIso;
  } else if (filter === 'live') {
    range = '#sk BETWEEN :from AND :to';
    values[':from'] = earliest;
    values[':to'] = `${nowIso}#~`;
  } else {
    range = '#sk >= :from';
    values[':from'] = earliest;
  }
  const filters = ['#end > :now', 'attribute_not_exists(endedAt)'];
  const words = options.q ? searchText(options.q).split(/\s+/).filter(Boolean).slice(0, 5) : [];
  if (words.length) {
    names['#text'] = 'searchText';
    words.forEach((w, i) => {
      values[`:q${i}`] = w;
      filters.push(`contains(#text, :q${i})`);
    });
  }
  if (options.language) {
    names['#lang'] = 'eventLanguage';
    values[':lang'] = options.language;
    filters.push('#lang = :lang');
  }
  return eventPage(
    db,
    tenantId,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: `#pk = :pk AND ${range}`,
      FilterExpression: filters.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    limit,
    decodeCursor(tenantId, options.cursor),
  );
}

/** Listed events overlapping [from, to) (ISO UTC), for calendars; at most `limit`. */
export async function listEventsInRange(db: Database, tenantId: TenantId, from: string, to: string, limit = 500): Promise<EventRecord[]> {
  const earliest = new Date(Date.parse(from) - MAX_DURATION_MINUTES * 60_000).toISOString();
  const page = await eventPage(
    db,
    tenantId,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      FilterExpression: '#end > :start',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk', '#end': 'eventEnd' },
      ExpressionAttributeValues: { ':pk': listedPartition(tenantId), ':from': earliest, ':to': to, ':start': from },
    },
    limit,
  );
  return page.items;
}

/**
 * Events (listed or not) whose expiration has passed and whose room is not yet closed: the
 * room-expiry sweeper closes them. Bounded to events that started in the last `lookbackHours`.
 */
export async function listRoomsToClose(db: Database, tenantId: TenantId, now = Date.now(), lookbackHours = 48): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (const partition of [listedPartition(tenantId), unlistedPartition(tenantId)]) {
    const page = await eventPage(
      db,
      tenantId,
      {
        IndexName: 'gsi1',
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        FilterExpression: 'eventExpiration <= :now AND attribute_not_exists(roomClosedAt)',
        ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
        ExpressionAttributeValues: {
          ':pk': partition,
          ':from': new Date(now - lookbackHours * 3_600_000).toISOString(),
          ':to': new Date(now).toISOString(),
          ':now': new Date(now).toISOString(),
        },
      },
      100,
    );
    out.push(...page.items);
  }
  return out;
}
