/**
 * Raised hands per event: one item per participant under the event's partition,
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk HAND#<identity>   { identity, name, raisedAt, onStage }
 *
 * A participant raises and lowers their own hand; the organizer and hosts bring them on stage
 * (onStage true, with a server-side LiveKit permission update) and send them back, which lowers
 * the hand. Every key is built from the tenant id, so nothing here reaches another tenant.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { RaisedHand } from '#app/lib/events/api';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const eventPartition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);
const handKey = (tenantId: TenantId, eventId: string, identity: string) => ({ pk: eventPartition(tenantId, eventId), sk: `HAND#${identity}` });

function toHand(item: Record<string, unknown>): RaisedHand {
  return {
    identity: String(item.identity),
    name: String(item.name ?? item.identity),
    raisedAt: String(item.raisedAt),
    onStage: item.onStage === true,
  };
}

/** Raises the participant's hand; raising it again keeps the first raisedAt. */
export async function raiseHand(
  db: Database,
  tenantId: TenantId,
  eventId: string,
  who: { identity: string; name: string },
  now = new Date(),
): Promise<RaisedHand> {
  const out = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: handKey(tenantId, eventId, who.identity),
      UpdateExpression:
        'SET tenantId = :t, eventId = :e, #identity = :i, #name = :n, raisedAt = if_not_exists(raisedAt, :now), onStage = if_not_exists(onStage, :false)',
      ExpressionAttributeNames: { '#name': 'name', '#identity': 'identity' },
      ExpressionAttributeValues: { ':t': tenantId, ':e': eventId, ':i': who.identity, ':n': who.name, ':now': now.toISOString(), ':false': false },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toHand(out.Attributes ?? {});
}

/** Lowers the participant's own hand. A participant on stage stays there until a host sends them back. */
export async function lowerHand(db: Database, tenantId: TenantId, eventId: string, identity: string): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: handKey(tenantId, eventId, identity),
        ConditionExpression: 'attribute_exists(pk) AND onStage = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/**
 * Marks the participant on stage (creating the hand when a host invites someone who did not
 * raise one), or, with onStage false, sends them back to the audience and lowers the hand.
 */
export async function setOnStage(
  db: Database,
  tenantId: TenantId,
  eventId: string,
  who: { identity: string; name: string },
  onStage: boolean,
  now = new Date(),
): Promise<RaisedHand | null> {
  if (!onStage) {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: handKey(tenantId, eventId, who.identity) }));
    return null;
  }
  const out = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: handKey(tenantId, eventId, who.identity),
      UpdateExpression: 'SET tenantId = :t, eventId = :e, #identity = :i, #name = :n, raisedAt = if_not_exists(raisedAt, :now), onStage = :true',
      ExpressionAttributeNames: { '#name': 'name', '#identity': 'identity' },
      ExpressionAttributeValues: { ':t': tenantId, ':e': eventId, ':i': who.identity, ':n': who.name, ':now': now.toISOString(), ':true': true },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toHand(out.Attributes ?? {});
}

/** Every raised hand of the event, first raised first. */
export async function listHands(db: Database, tenantId: TenantId, eventId: string): Promise<RaisedHand[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': eventPartition(tenantId, eventId), ':prefix': 'HAND#' },
  });
  const hands = items.filter((item) => item.tenantId === tenantId).map(toHand);
  return hands.sort((a, b) => a.raisedAt.localeCompare(b.raisedAt) || a.identity.localeCompare(b.identity));
}
