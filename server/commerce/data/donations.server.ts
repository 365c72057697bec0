/**
 * Donations (issue 15, part 6): one record per captured order line, written once however often
 * fulfilment runs (a duplicated webhook, a retry), with a marker per donor and event so tickets'
 * payment flags (madeDonation) and the chat's supporter badge read one item.
 *
 *   pk T#<t>#DONATION#<orderId>          sk LINE#<refId>      the donation   gsi1 T#<t>#DONATIONS#SELLER#<sellerId> / <at>#<orderId>
 *   pk T#<t>#DONATIONS#EVENT#<eventId>   sk DONOR#<userId>    { firstAt }    (live-room donations only)
 *
 * The record and the marker are one transaction conditioned on the record not existing, so a
 * donation is recorded (and announced) exactly once.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Money } from '#app/lib/money/money';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { batchedGet } from '#server/platform/dynamo/batched.server';

export interface Donation {
  orderId: string;
  refId: string;
  donorId: string;
  donorName: string;
  sellerId: string;
  channelId: string | null;
  eventId: string | null;
  amount: Money;
  message: string;
  createdAt: string;
}

const recordKey = (t: TenantId, orderId: string, refId: string) => ({ pk: tenantKey(t, 'DONATION', orderId), sk: `LINE#${refId}` });
const donorKey = (t: TenantId, eventId: string, userId: string) => ({ pk: tenantKey(t, 'DONATIONS', 'EVENT', eventId), sk: `DONOR#${userId}` });
const sellerIndex = (t: TenantId, sellerId: string) => tenantKey(t, 'DONATIONS', 'SELLER', sellerId);

function toDonation(item: Record<string, unknown>): Donation {
  return {
    orderId: String(item.orderId),
    refId: String(item.refId),
    donorId: String(item.donorId),
    donorName: String(item.donorName ?? ''),
    sellerId: String(item.sellerId),
    channelId: typeof item.channelId === 'string' ? item.channelId : null,
    eventId: typeof item.eventId === 'string' ? item.eventId : null,
    amount: { amount: Number(item.amount), currency: String(item.currency) },
    message: String(item.message ?? ''),
    createdAt: String(item.createdAt),
  };
}

/** Records the donation; `created` is false when this order line was recorded before (nothing is written twice). */
export async function recordDonation(db: Database, t: TenantId, donation: Donation): Promise<{ created: boolean }> {
  const { amount, ...rest } = donation;
  const item = {
    ...recordKey(t, donation.orderId, donation.refId),
    ...rest,
    tenantId: t,
    amount: amount.amount,
    currency: amount.currency,
    gsi1pk: sellerIndex(t, donation.sellerId),
    gsi1sk: `${donation.createdAt}#${donation.orderId}`,
  };
  const writes: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    { Put: { TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (donation.eventId) {
    writes.push({
      Update: {
        TableName: db.table,
        Key: donorKey(t, donation.eventId, donation.donorId),
        UpdateExpression: 'SET tenantId = :t, firstAt = if_not_exists(firstAt, :at)',
        ExpressionAttributeValues: { ':t': t, ':at': donation.createdAt },
      },
    });
  }
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: writes }));
    return { created: true };
  } catch (e) {
    // A clash with another transaction is not "recorded before": it is thrown, and the caller retries.
    if (isConditionFailure(e, { conflicts: false })) return { created: false };
    throw e;
  }
}

export async function getDonation(db: Database, t: TenantId, orderId: string, refId: string): Promise<Donation | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: recordKey(t, orderId, refId), ConsistentRead: true }));
  return out.Item ? toDonation(out.Item) : null;
}

/**
 * Whether the user donated in the event's live room (madeDonation, the supporter badge). The room's
 * data asks it for everyone who joins: with the other reads of this turn (batched.server.ts), and
 * consistent like the device settings and profile read beside it, so they share one call.
 */
export async function hasDonatedInEvent(db: Database, t: TenantId, eventId: string, userId: string): Promise<boolean> {
  return Boolean(await batchedGet(db, donorKey(t, eventId, userId), true));
}

/** Donations paid to one organizer (their channels and their rooms), newest first: the payouts ledger reads them. */
export async function listDonationsTo(db: Database, t: TenantId, sellerId: string, limit = 500): Promise<Donation[]> {
  const items = await queryAll(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': sellerIndex(t, sellerId) },
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map(toDonation);
}

/** Donations to one channel, newest first. */
export async function listChannelDonations(db: Database, t: TenantId, sellerId: string, channelId: string, limit = 500): Promise<Donation[]> {
  return (await listDonationsTo(db, t, sellerId, limit)).filter((d) => d.channelId === channelId);
}
