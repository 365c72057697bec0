/**
 * The signed-in user's own events for the dashboard: those they organize (organizer refs) and
 * those they host (hosted refs, written when an invitation is accepted: hostInvitations.server.ts),
 * plus the lookup of invitations by address. Key lookups and queries only; nothing scans.
 * Item layout: events.server.ts.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { eventKey, fromItem } from './events.server';

async function batchGetEvents(db: Database, tenantId: TenantId, ids: string[]): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => eventKey(tenantId, id));
    while (keys && keys.length) {
      const res: BatchGetCommandOutput = await db.doc.send(new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys } } }));
      for (const item of res.Responses?.[db.table] ?? []) {
        const event = fromItem(tenantId, item);
        if (event) out.push(event);
      }
      keys = res.UnprocessedKeys?.[db.table]?.Keys;
    }
  }
  return out;
}

async function refIds(db: Database, pk: string, prefix: string): Promise<string[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  });
  return items.map((item) => String(item.eventId));
}

/** Ids of the events inviting this address (lower case), accepted or not. */
export const invitedEventIds = (db: Database, tenantId: TenantId, email: string) => refIds(db, tenantKey(tenantId, 'HOST', email.trim().toLowerCase()), 'HOSTS#');

/**
 * The user's own events (organizing, hosting, attending), soonest first, cancelled ones included. Hosting
 * means an accepted invitation (by user id); invitations to the user's address are accepted
 * before this is called (acceptInvitationsFor).
 */
export async function listMyEvents(db: Database, tenantId: TenantId, user: { sub: string }) {
  const [organizingIds, hostingIds, attendingIds] = await Promise.all([
    refIds(db, tenantKey(tenantId, 'USER', user.sub), 'ORGANIZES#'),
    refIds(db, tenantKey(tenantId, 'USER', user.sub), 'HOSTS#'),
    refIds(db, tenantKey(tenantId, 'USER', user.sub), 'ATTENDS#'),
  ]);
  const [organizing, hosting, attending] = await Promise.all([
    batchGetEvents(db, tenantId, organizingIds),
    batchGetEvents(db, tenantId, hostingIds),
    batchGetEvents(db, tenantId, attendingIds),
  ]);
  const byStart = (a: EventRecord, b: EventRecord) => a.eventDateTime.localeCompare(b.eventDateTime);
  // A ref outlives nothing: the event must still name this user as an accepted host.
  const stillHosting = (e: EventRecord) => e.organizerId !== user.sub && e.hosts.some((email) => e.acceptedHosts[email] === user.sub);
  // Events they hold a ticket or registration for (tickets.server.ts writes the refs), their own excepted.
  const stillAttending = (e: EventRecord) => e.organizerId !== user.sub && !stillHosting(e);
  return { organizing: organizing.sort(byStart), hosting: hosting.filter(stillHosting).sort(byStart), attending: attending.filter(stillAttending).sort(byStart) };
}
