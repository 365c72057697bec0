/**
 * Who is connected to an event's chat right now, on any server instance: one item per open chat
 * socket, written by the chat hub when the socket joins, refreshed while it stays open and deleted
 * when it closes. The hosts' participant list reads it to show people who chat without video.
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk CHATCONN#<identity>#<connectionId>   { identity, name, role, seenAt }
 *
 * An instance that dies cannot delete its items, so a reader trusts only items seen within
 * CHAT_PRESENCE_STALE_MS; the hub refreshes each socket's item every CHAT_PRESENCE_REFRESH_MS.
 * docs/decisions/0021-room-presence.md.
 */
import { BatchWriteCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { batchedPut } from '#server/platform/dynamo/batched.server';
import type { TenantId } from '#app/lib/config/tenant';
import type { EventRole } from '#app/lib/events/permissions';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

/** How often an open socket's item is written again. */
export const CHAT_PRESENCE_REFRESH_MS = 60_000;
/** An item not refreshed for this long belongs to a socket of an instance that is gone. */
export const CHAT_PRESENCE_STALE_MS = 2.5 * CHAT_PRESENCE_REFRESH_MS;

export interface ChatConnection {
  identity: string;
  name: string;
  role: EventRole;
  /** One per socket: a person with two tabs has two. */
  connectionId: string;
}

export interface ChatPresent {
  identity: string;
  name: string;
  role: EventRole;
}

const partition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);
const PREFIX = 'CHATCONN#';
const sortKey = (c: Pick<ChatConnection, 'identity' | 'connectionId'>) => `${PREFIX}${c.identity}#${c.connectionId}`;

const item = (tenantId: TenantId, eventId: string, c: ChatConnection, now: number) => ({
  pk: partition(tenantId, eventId),
  sk: sortKey(c),
  tenantId,
  eventId,
  identity: c.identity,
  name: c.name,
  role: c.role,
  seenAt: new Date(now).toISOString(),
});

/** A socket joined the event's chat (or is still open: the same write refreshes it). */
export async function markChatConnected(db: Database, tenantId: TenantId, eventId: string, connection: ChatConnection, now = Date.now()): Promise<void> {
  // With the other sockets joining now (batched.server.ts): an audience arrives at once.
  await batchedPut(db, item(tenantId, eventId, connection, now));
}

/** Refreshes many open sockets of one tenant at once (25 per request, DynamoDB's batch limit). */
export async function refreshChatConnections(
  db: Database,
  tenantId: TenantId,
  open: Array<{ eventId: string; connection: ChatConnection }>,
  now = Date.now(),
): Promise<void> {
  for (let i = 0; i < open.length; i += 25) {
    const batch = open.slice(i, i + 25).map(({ eventId, connection }) => ({ PutRequest: { Item: item(tenantId, eventId, connection, now) } }));
    let unprocessed: Record<string, unknown[]> | undefined = { [db.table]: batch };
    for (let attempt = 0; unprocessed && Object.keys(unprocessed).length > 0 && attempt < 3; attempt++) {
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: unprocessed as never }));
      unprocessed = res.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}

/** The socket closed. */
export async function markChatDisconnected(db: Database, tenantId: TenantId, eventId: string, connection: Pick<ChatConnection, 'identity' | 'connectionId'>): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: partition(tenantId, eventId), sk: sortKey(connection) } }));
}

/** Everyone with an open chat socket in the event (once each, however many sockets), by name. */
export async function listChatPresent(db: Database, tenantId: TenantId, eventId: string, now = Date.now()): Promise<ChatPresent[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(tenantId, eventId), ':prefix': PREFIX },
  });
  const freshSince = new Date(now - CHAT_PRESENCE_STALE_MS).toISOString();
  const people = new Map<string, ChatPresent & { seenAt: string }>();
  for (const i of items) {
    if (i.tenantId !== tenantId || String(i.seenAt) < freshSince) continue;
    const seenAt = String(i.seenAt);
    const known = people.get(String(i.identity));
    if (known && known.seenAt >= seenAt) continue;
    const role = i.role === 'organizer' || i.role === 'host' ? i.role : 'participant';
    people.set(String(i.identity), { identity: String(i.identity), name: String(i.name ?? i.identity), role, seenAt });
  }
  return [...people.values()].map(({ identity, name, role }) => ({ identity, name, role })).sort((a, b) => a.name.localeCompare(b.name));
}
