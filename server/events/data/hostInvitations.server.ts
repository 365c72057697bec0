/**
 * Host invitations (docs/decisions/0013-host-invitations.md). An organizer invites hosts by email
 * (the event's `hosts`). The first time a signed-in user whose VERIFIED email is on that list is
 * resolved for the event, the invitation is accepted: the event's `acceptedHosts` maps the address
 * to the user's id (sub), with a conditional write, so only one account can ever accept it. From
 * then on the host role rests on the sub (roleOf), and a later email change grants nothing.
 *
 * Every server path that resolves a role calls this module first (token mint, room API, room /
 * lobby / preview loaders, chat join, chat files, dashboard), so an invited host is a host wherever
 * they arrive; roleOf itself stays pure and shared with the browser.
 *
 * Acceptance does not bump the event's updatedAt (an organizer's open edit form stays valid); the
 * whole-item writes in events.server.ts check the number of bindings instead, so none is lost.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { acceptableInvitation, type EventUser } from '#app/lib/events/permissions';
import { isConditionFailure, type Database } from '#server/platform/dynamo/dynamo.server';
import { eventKey, getEvent, hostedRef, writeEventItem } from './events.server';
import { invitedEventIds } from './myEvents.server';

/** A refused acceptance: a failed condition, or (on events stored before acceptedHosts existed) a path into a missing map. */
const isRefused = (e: unknown) => isConditionFailure(e) || (e as Error).name === 'ValidationException';

/** Binds `email` to `sub` once; false when the condition refused it (accepted already, or no longer invited). */
async function bind(db: Database, tenantId: TenantId, eventId: string, email: string, sub: string): Promise<boolean> {
  // A new command per attempt: a sent command keeps the middleware it was sent with.
  const binding = () =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.table,
            Key: eventKey(tenantId, eventId),
            UpdateExpression: 'SET acceptedHosts.#email = :sub',
            ConditionExpression: 'attribute_exists(acceptedHosts) AND contains(hosts, :email) AND attribute_not_exists(acceptedHosts.#email)',
            ExpressionAttributeNames: { '#email': email },
            ExpressionAttributeValues: { ':sub': sub, ':email': email },
          },
        },
        { Put: { TableName: db.table, Item: { ...hostedRef(tenantId, sub, eventId), tenantId, eventId } } },
      ],
    });
  const write = () => writeEventItem(db, tenantId, eventId, () => db.doc.send(binding()));
  try {
    await write();
    return true;
  } catch (e) {
    if (!isRefused(e)) throw e;
  }
  // Events stored before invitations were bound have no acceptedHosts map: give them one, try again.
  try {
    const map = new UpdateCommand({
      TableName: db.table,
      Key: eventKey(tenantId, eventId),
      UpdateExpression: 'SET acceptedHosts = :none',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(acceptedHosts)',
      ExpressionAttributeValues: { ':none': {} },
    });
    await writeEventItem(db, tenantId, eventId, () => db.doc.send(map));
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
  try {
    await write();
    return true;
  } catch (e) {
    if (!isRefused(e)) throw e;
    return false;
  }
}

/**
 * Accepts the invitation this user may accept in this event (a verified email on the hosts list
 * that nobody accepted yet), and returns the event as it now stands; otherwise the event as given.
 */
export async function acceptHostInvitation(db: Database, tenantId: TenantId, event: EventRecord, user: EventUser): Promise<EventRecord> {
  const email = acceptableInvitation(event, user);
  if (!email) return event;
  await bind(db, tenantId, event.eventId, email, user.sub);
  // Accepted now, or by someone else a moment ago: either way the stored binding decides.
  return (await getEvent(db, tenantId, event.eventId)) ?? event;
}

/** This tenant's event, after accepting the user's invitation to it (if any): what role checks read. */
export async function getEventFor(db: Database, tenantId: TenantId, eventId: string, user: EventUser | null): Promise<EventRecord | null> {
  const event = await getEvent(db, tenantId, eventId);
  return event && user ? acceptHostInvitation(db, tenantId, event, user) : event;
}

/** Accepts every open invitation to the user's verified address (the dashboard lists hosted events by sub). */
export async function acceptInvitationsFor(db: Database, tenantId: TenantId, user: EventUser): Promise<void> {
  if (!user.email || user.emailVerified !== true) return;
  const ids = await invitedEventIds(db, tenantId, user.email);
  await Promise.all(ids.map((id) => getEventFor(db, tenantId, id, user)));
}
