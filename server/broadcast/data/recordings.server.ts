/**
 * Room recordings and restream destinations (app/lib/recording/*; docs/decisions/0030), under the
 * event's partition, every key built from the tenant id:
 *
 *   pk T#<tenant>#EVENT#<eventId>  sk REC#<recordingId>       one recording (ids sort by start time)
 *                                  sk RECACTIVE               { recordingId }: the one active recording (a lock)
 *                                  sk RECAUTO                 { at }: the event was recorded once (the automatic start is settled)
 *                                  sk RESTREAM#<destId>       { name, url, keyCipher, createdAt }
 *                                  sk RESTREAMLIVE            { egressId, startedAt }: the restream egress running
 *
 * Starting writes the recording and takes the lock in one transaction, so two starts at once (two
 * hosts, or the automatic start and a host) make one recording. A status change is conditional on
 * the state machine (canMove), so a late or repeated webhook changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { canMove, isActive, RECORDING_STATUSES, type Recording, type RecordingStatus } from '#app/lib/recording/model';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const partition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);
const RECORDING_ID = /^[a-z0-9]{16}$/;
const DESTINATION_ID = /^[a-z0-9]{12}$/;

/** Time-sortable: 9 base-36 digits of milliseconds, then 7 random. */
export const newRecordingId = () => `${Date.now().toString(36).padStart(9, '0')}${randomUUID().replace(/-/g, '').slice(0, 7)}`;
const newDestinationId = () => randomUUID().replace(/-/g, '').slice(0, 12);


function toRecording(item: Item): Recording {
  const r: Recording = {
    id: String(item.id),
    eventId: String(item.eventId),
    mode: item.mode === 'egress' ? 'egress' : 'browser',
    status: (RECORDING_STATUSES as readonly string[]).includes(String(item.status)) ? (item.status as RecordingStatus) : 'failed',
    destination: item.destination === 'download' ? 'download' : 'cloud',
    startedBy: String(item.startedBy ?? ''),
    startedAt: String(item.startedAt),
    updatedAt: String(item.updatedAt ?? item.startedAt),
  };
  for (const name of ['endedAt', 'mediaId', 'egressId', 'failure'] as const) if (typeof item[name] === 'string') r[name] = item[name];
  return r;
}

export type NewRecording = Pick<Recording, 'eventId' | 'mode' | 'destination' | 'startedBy'> & { auto?: boolean };

/**
 * Makes a recording (status starting) unless one is already active for the event: then null.
 * Every start settles the event's automatic start; with `auto`, nothing is made when it was already settled.
 */
export async function createRecording(db: Database, tenantId: TenantId, input: NewRecording, now = new Date()): Promise<Recording | null> {
  const pk = partition(tenantId, input.eventId);
  const at = now.toISOString();
  const recording: Recording = {
    id: newRecordingId(),
    eventId: input.eventId,
    mode: input.mode,
    status: 'starting',
    destination: input.destination,
    startedBy: input.startedBy,
    startedAt: at,
    updatedAt: at,
  };
  const items = [
    { Put: { TableName: db.table, Item: { pk, sk: `REC#${recording.id}`, tenantId, ...recording }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: db.table, Item: { pk, sk: 'RECACTIVE', tenantId, recordingId: recording.id, at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    // Any first recording (automatic or not) settles the event's automatic start: stopping it must not restart it.
    { Put: { TableName: db.table, Item: { pk, sk: 'RECAUTO', tenantId, at }, ...(input.auto ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}) } },
  ];
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
  return recording;
}

export async function getRecording(db: Database, tenantId: TenantId, eventId: string, recordingId: string): Promise<Recording | null> {
  if (!RECORDING_ID.test(recordingId)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: partition(tenantId, eventId), sk: `REC#${recordingId}` } }));
  return out.Item ? toRecording(out.Item) : null;
}

/** The event's recordings, newest first. */
export async function listRecordings(db: Database, tenantId: TenantId, eventId: string, max = 50): Promise<Recording[]> {
  const items = await queryAll(
    db,
    { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rec)', ExpressionAttributeValues: { ':pk': partition(tenantId, eventId), ':rec': 'REC#' }, ScanIndexForward: false },
    max,
  );
  return items.map(toRecording);
}

/** Whether the event's automatic start already happened. */
export async function autoStarted(db: Database, tenantId: TenantId, eventId: string): Promise<boolean> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: partition(tenantId, eventId), sk: 'RECAUTO' } }));
  return !!out.Item;
}

export interface RecordingChange {
  status: RecordingStatus;
  egressId?: string;
  mediaId?: string;
  endedAt?: string;
  failure?: string;
}

/**
 * Moves a recording to `change.status` when the state machine allows it from where it is; returns
 * the updated recording, or null when it was not there or the move is not allowed. Leaving the
 * active states releases the event's lock.
 */
export async function moveRecording(db: Database, tenantId: TenantId, eventId: string, recordingId: string, change: RecordingChange, now = new Date()): Promise<Recording | null> {
  const current = await getRecording(db, tenantId, eventId, recordingId);
  if (!current) return null;
  // The same state again adds facts (an egress id, a media id) without moving.
  const same = current.status === change.status;
  if (!same && !canMove(current.status, change.status)) return null;
  const pk = partition(tenantId, eventId);
  const fields: Record<string, unknown> = { status: change.status, updatedAt: now.toISOString() };
  for (const name of ['egressId', 'mediaId', 'endedAt', 'failure'] as const) if (change[name] !== undefined) fields[name] = change[name];
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':from': current.status };
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const update = {
    TableName: db.table,
    Key: { pk, sk: `REC#${recordingId}` },
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const releases = isActive(current.status) && !isActive(change.status);
  try {
    if (releases) {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update },
            {
              Delete: {
                TableName: db.table,
                Key: { pk, sk: 'RECACTIVE' },
                ConditionExpression: 'attribute_not_exists(pk) OR recordingId = :id',
                ExpressionAttributeValues: { ':id': recordingId },
              },
            },
          ],
        }),
      );
    } else {
      await db.doc.send(new UpdateCommand(update));
    }
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
  return { ...current, ...(fields as Partial<Recording>) };
}

// ---------------------------------------------------------------------------------------------
// Restream destinations
// ---------------------------------------------------------------------------------------------

export interface StoredDestination {
  id: string;
  name: string;
  url: string;
  /** The stream key, encrypted (server/broadcast/recording/secretBox.server.ts). */
  keyCipher: string;
  /** Its last four characters, for the masked display. */
  keyTail: string;
  createdAt: string;
}

export const MAX_DESTINATIONS = 5;

export async function listDestinations(db: Database, tenantId: TenantId, eventId: string): Promise<StoredDestination[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
    ExpressionAttributeValues: { ':pk': partition(tenantId, eventId), ':d': 'RESTREAM#' },
  });
  return items
    .map((i) => ({ id: String(i.id), name: String(i.name), url: String(i.url), keyCipher: String(i.keyCipher), keyTail: String(i.keyTail ?? ''), createdAt: String(i.createdAt) }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function addDestination(
  db: Database,
  tenantId: TenantId,
  eventId: string,
  input: Pick<StoredDestination, 'name' | 'url' | 'keyCipher' | 'keyTail'>,
  now = new Date(),
): Promise<StoredDestination> {
  const destination: StoredDestination = { id: newDestinationId(), ...input, createdAt: now.toISOString() };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { pk: partition(tenantId, eventId), sk: `RESTREAM#${destination.id}`, tenantId, eventId, ...destination },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return destination;
}

/** Removes one destination; false when it was not there. */
export async function removeDestination(db: Database, tenantId: TenantId, eventId: string, destinationId: string): Promise<boolean> {
  if (!DESTINATION_ID.test(destinationId)) return false;
  const out = await db.doc.send(
    new DeleteCommand({ TableName: db.table, Key: { pk: partition(tenantId, eventId), sk: `RESTREAM#${destinationId}` }, ReturnValues: 'ALL_OLD' }),
  );
  return !!out.Attributes;
}

/** The restream egress running for the event, or null. */
export async function getRestreamLive(db: Database, tenantId: TenantId, eventId: string): Promise<{ egressId: string; startedAt: string } | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: partition(tenantId, eventId), sk: 'RESTREAMLIVE' } }));
  return out.Item ? { egressId: String(out.Item.egressId), startedAt: String(out.Item.startedAt) } : null;
}

export async function setRestreamLive(db: Database, tenantId: TenantId, eventId: string, egressId: string | null, now = new Date()): Promise<void> {
  const Key = { pk: partition(tenantId, eventId), sk: 'RESTREAMLIVE' };
  if (egressId === null) await db.doc.send(new DeleteCommand({ TableName: db.table, Key }));
  else await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...Key, tenantId, eventId, egressId, startedAt: now.toISOString() } }));
}
