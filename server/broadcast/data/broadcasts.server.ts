/**
 * Live broadcasts (docs/decisions/0029-live-ingest.md): each event's ingest keys and the state of
 * its live push.
 *
 *   pk T#<tenant>#BROADCAST#<eventId>  sk KEY#rtmp | KEY#srt   { nonce, hash, hint, createdAt, port? }
 *   pk T#<tenant>#BROADCAST#<eventId>  sk STATE               { status, protocol, sessionId, workerId, leaseUntil, folder, … }
 *   pk PLATFORM#INGEST_SRT_PORTS       sk PORT#<port>         { tenantId, eventId, nonce, leaseOwner?, leaseUntil? }
 *
 * Keys are never stored: only a random nonce (the key is derived from it with the deployment's
 * secret, server/broadcast/ingest/keys.server.ts), the key's SHA-256 and its last characters. The SRT port
 * slots are the one deployment-wide partition: a port belongs to one event across all tenants,
 * and the workers claim the slots they listen on with a lease. Each slot names its tenant, which
 * the worker resolves against the registry before it reads anything else.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { BroadcastProtocol, BroadcastState, BroadcastStatus } from '#app/lib/broadcast/model';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const pkOf = (t: TenantId, eventId: string) => tenantKey(t, 'BROADCAST', eventId);
const keyKey = (t: TenantId, eventId: string, protocol: BroadcastProtocol) => ({ pk: pkOf(t, eventId), sk: `KEY#${protocol}` });
const stateKey = (t: TenantId, eventId: string) => ({ pk: pkOf(t, eventId), sk: 'STATE' });
const SRT_PORTS_PK = 'PLATFORM#INGEST_SRT_PORTS';
const slotKey = (port: number) => ({ pk: SRT_PORTS_PK, sk: `PORT#${port}` });


export interface StoredKey {
  eventId: string;
  protocol: BroadcastProtocol;
  nonce: string;
  hash: string;
  hint: string;
  createdAt: string;
  /** SRT: the port this event's listener runs on. */
  port?: number;
  /** LiveKit Ingress path: the ingress holding this key, and the URL LiveKit gave for it. */
  ingressId?: string;
  ingressUrl?: string;
}

function toKey(t: TenantId, raw: Item | undefined): StoredKey | null {
  if (!raw || raw.tenantId !== t) return null;
  return {
    eventId: String(raw.eventId),
    protocol: raw.protocol as BroadcastProtocol,
    nonce: String(raw.nonce),
    hash: String(raw.hash),
    hint: String(raw.hint),
    createdAt: String(raw.createdAt),
    ...(typeof raw.port === 'number' ? { port: raw.port } : {}),
    ...(typeof raw.ingressId === 'string' ? { ingressId: raw.ingressId } : {}),
    ...(typeof raw.ingressUrl === 'string' ? { ingressUrl: raw.ingressUrl } : {}),
  };
}

export async function getBroadcastKey(db: Database, t: TenantId, eventId: string, protocol: BroadcastProtocol): Promise<StoredKey | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: keyKey(t, eventId, protocol), ConsistentRead: true }));
  return toKey(t, out.Item);
}

export interface IssueKey {
  nonce: string;
  hash: string;
  hint: string;
  /** SRT: where to look for a free port when the event has none yet. */
  srtPorts?: { first: number; count: number };
  /** LiveKit Ingress path: the ingress that holds the key. */
  ingress?: { ingressId: string; ingressUrl: string };
}

export class NoFreeSrtPortError extends Error {
  override name = 'NoFreeSrtPortError';
}

/** Claims a free SRT port for the event (a conditional put per port, from a random start). */
async function claimSrtPort(db: Database, t: TenantId, eventId: string, nonce: string, ports: { first: number; count: number }): Promise<number> {
  const start = Math.floor(Math.random() * ports.count);
  for (let i = 0; i < ports.count; i++) {
    const port = ports.first + ((start + i) % ports.count);
    try {
      await db.doc.send(
        new PutCommand({ TableName: db.table, Item: { ...slotKey(port), port, tenantId: t, eventId, nonce }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return port;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new NoFreeSrtPortError(`no free SRT port among ${ports.count}`);
}

/**
 * Stores a new key for the event (first key or rotation): the previous one stops matching at once.
 * An SRT key keeps the event's port and moves the port slot to the new nonce in the same write, so
 * the listener on it restarts with the new passphrase.
 */
export async function issueBroadcastKey(db: Database, t: TenantId, eventId: string, protocol: BroadcastProtocol, input: IssueKey, now = new Date()): Promise<StoredKey> {
  const previous = await getBroadcastKey(db, t, eventId, protocol);
  let port = previous?.port;
  if (protocol === 'srt' && port === undefined) {
    if (!input.srtPorts) throw new Error('an SRT key needs a port range');
    port = await claimSrtPort(db, t, eventId, input.nonce, input.srtPorts);
  }
  const key: StoredKey = {
    eventId,
    protocol,
    nonce: input.nonce,
    hash: input.hash,
    hint: input.hint,
    createdAt: now.toISOString(),
    ...(port !== undefined ? { port } : {}),
    ...(input.ingress ?? {}),
  };
  const put = { Put: { TableName: db.table, Item: { ...keyKey(t, eventId, protocol), tenantId: t, ...key } } };
  if (protocol !== 'srt' || port === undefined) {
    await db.doc.send(new PutCommand(put.Put));
    return key;
  }
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        put,
        {
          Update: {
            TableName: db.table,
            Key: slotKey(port),
            UpdateExpression: 'SET nonce = :n',
            ConditionExpression: 'tenantId = :t AND eventId = :e',
            ExpressionAttributeValues: { ':n': input.nonce, ':t': t, ':e': eventId },
          },
        },
      ],
    }),
  );
  return key;
}

/** Removes the event's key (and frees its SRT port); false when there was none. */
export async function revokeBroadcastKey(db: Database, t: TenantId, eventId: string, protocol: BroadcastProtocol): Promise<boolean> {
  const out = await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keyKey(t, eventId, protocol), ReturnValues: 'ALL_OLD' }));
  const old = toKey(t, out.Attributes);
  if (!old) return false;
  if (old.port !== undefined) {
    try {
      await db.doc.send(
        new DeleteCommand({
          TableName: db.table,
          Key: slotKey(old.port),
          ConditionExpression: 'tenantId = :t AND eventId = :e',
          ExpressionAttributeValues: { ':t': t, ':e': eventId },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Live state
// ---------------------------------------------------------------------------------------------

/** The live state as the worker keeps it: the screens' view plus who holds the push. */
export interface StoredState extends BroadcastState {
  sessionId?: string;
  workerId?: string;
  leaseUntil?: number;
  /** Tenant-relative folder of this push's live HLS (master.m3u8 and one folder per rendition). */
  folder?: string;
  /** Rendition names in the live master playlist ("360p", "720p", or the source's own height). */
  variants?: string[];
}

const STATE_FIELDS = ['status', 'protocol', 'bitrateKbps', 'width', 'height', 'startedAt', 'endedAt', 'mediaId', 'sessionId', 'workerId', 'leaseUntil', 'folder', 'variants'] as const;

export async function getBroadcastState(db: Database, t: TenantId, eventId: string): Promise<StoredState> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: stateKey(t, eventId), ConsistentRead: true }));
  if (!out.Item || out.Item.tenantId !== t) return { status: 'idle' };
  return Object.fromEntries(STATE_FIELDS.filter((f) => out.Item![f] !== undefined).map((f) => [f, out.Item![f]])) as unknown as StoredState;
}

export interface ClaimLive {
  protocol: BroadcastProtocol;
  sessionId: string;
  workerId: string;
  leaseMs: number;
  folder: string;
}

/**
 * Takes the event's live state for one push: only when no push holds it (idle, ended, or a
 * lease its worker stopped renewing). Two workers, or two pushes, never both win.
 */
export async function claimLive(db: Database, t: TenantId, eventId: string, claim: ClaimLive, now = Date.now()): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: stateKey(t, eventId),
        UpdateExpression:
          'SET tenantId = :t, eventId = :e, #status = :connecting, protocol = :p, sessionId = :s, workerId = :w, leaseUntil = :lease, folder = :f, startedAt = :at REMOVE endedAt, mediaId, bitrateKbps, width, height, variants',
        ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:idle, :ended) OR leaseUntil < :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':t': t,
          ':e': eventId,
          ':connecting': 'connecting' satisfies BroadcastStatus,
          ':idle': 'idle' satisfies BroadcastStatus,
          ':ended': 'ended' satisfies BroadcastStatus,
          ':p': claim.protocol,
          ':s': claim.sessionId,
          ':w': claim.workerId,
          ':lease': now + claim.leaseMs,
          ':f': claim.folder,
          ':at': new Date(now).toISOString(),
          ':now': now,
        },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export type LiveUpdate = Partial<Pick<StoredState, 'status' | 'bitrateKbps' | 'width' | 'height' | 'variants' | 'endedAt' | 'mediaId'>> & { leaseUntil?: number };

/** Updates the push's state (and renews its lease) only while this session holds it; false when another took over. */
export async function updateLive(db: Database, t: TenantId, eventId: string, sessionId: string, update: LiveUpdate): Promise<boolean> {
  const entries = Object.entries(update).filter(([, v]) => v !== undefined);
  if (!entries.length) return true;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':s': sessionId };
  const sets = entries.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: stateKey(t, eventId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'sessionId = :s',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// SRT port slots (deployment-wide; read by the ingest workers)
// ---------------------------------------------------------------------------------------------

export interface SrtSlot {
  port: number;
  tenantId: string;
  eventId: string;
  nonce: string;
  leaseOwner?: string;
  leaseUntil?: number;
}

export async function listSrtSlots(db: Database): Promise<SrtSlot[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': SRT_PORTS_PK } });
  return items
    .filter((i) => typeof i.port === 'number' && typeof i.tenantId === 'string' && typeof i.eventId === 'string' && typeof i.nonce === 'string')
    .map((i) => ({
      port: i.port as number,
      tenantId: i.tenantId as string,
      eventId: i.eventId as string,
      nonce: i.nonce as string,
      ...(typeof i.leaseOwner === 'string' ? { leaseOwner: i.leaseOwner } : {}),
      ...(typeof i.leaseUntil === 'number' ? { leaseUntil: i.leaseUntil } : {}),
    }));
}

/** Takes or renews a worker's lease on a port slot; false when another worker holds a live lease. */
export async function leaseSrtSlot(db: Database, port: number, workerId: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: slotKey(port),
        UpdateExpression: 'SET leaseOwner = :w, leaseUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseOwner) OR leaseOwner = :w OR leaseUntil < :now)',
        ExpressionAttributeValues: { ':w': workerId, ':until': now + leaseMs, ':now': now },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
