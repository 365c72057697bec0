/**
 * The chat hub's side of chat presence (server/chat/data/chatPresence.server.ts): each socket's item is
 * written when it joins, written again every CHAT_PRESENCE_REFRESH_MS while it stays open, and
 * deleted when it closes. Presence never decides anything about the chat itself, so a failed write
 * is logged and the socket carries on.
 */
import { randomUUID } from 'node:crypto';
import type { EventRole } from '#app/lib/events/permissions';
import { CHAT_PRESENCE_REFRESH_MS, type ChatConnection } from './data/chatPresence.server';
import type { TenantData } from '#server/data/tenantData.server';
import { log } from '#server/observability/log.server';

export interface PresentSocket {
  data: TenantData;
  eventId: string;
  presence: ChatConnection & { writtenAt: number; joined?: Promise<void> };
}

const warn = (what: string) => (e: unknown) => log.warn(`[chat] presence ${what} failed: ${(e as Error).message}`);

/** The presence of a socket that just joined (its identity, shown name and role in the event). */
export function newPresence(identity: string, name: string, role: EventRole, now = Date.now()): PresentSocket['presence'] {
  return { identity, name, role, connectionId: randomUUID(), writtenAt: now };
}

export function announceJoined(socket: PresentSocket): Promise<void> {
  return (socket.presence.joined = socket.data.attendance.chatConnected(socket.eventId, socket.presence, socket.presence.writtenAt).catch(warn('write')));
}

/** Deletes the item after its first write has landed (a socket may close while joining). */
export function announceLeft(socket: PresentSocket): void {
  const { joined = Promise.resolve() } = socket.presence;
  void joined.then(() => socket.data.attendance.chatDisconnected(socket.eventId, socket.presence)).catch(warn('delete'));
}

/** Writes again the items of open sockets not written for CHAT_PRESENCE_REFRESH_MS, in batches per tenant. */
export function refreshPresence(sockets: Iterable<PresentSocket>, now = Date.now()): void {
  const due = new Map<string, { data: TenantData; open: Array<{ eventId: string; connection: ChatConnection }> }>();
  for (const socket of sockets) {
    if (now - socket.presence.writtenAt < CHAT_PRESENCE_REFRESH_MS) continue;
    socket.presence.writtenAt = now;
    const tenant = due.get(socket.data.tenantId) ?? { data: socket.data, open: [] };
    tenant.open.push({ eventId: socket.eventId, connection: socket.presence });
    due.set(socket.data.tenantId, tenant);
  }
  for (const { data, open } of due.values()) void data.attendance.chatStillConnected(open, now).catch(warn('refresh'));
}
