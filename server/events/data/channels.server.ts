/**
 * Channels: an organizer's storefront (app/lib/shop/model.ts; docs/decisions/0034-shop.md).
 *
 *   pk T#<tenant>#CHANNEL#<id>   sk CHANNEL   the channel
 *                                gsi1pk T#<tenant>#CHANNELS  gsi1sk <createdAt>#<id>  (the tenant's list)
 *
 * Every key carries the tenant and every read checks the stored tenant again: another tenant's
 * channel id is simply not found.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Channel, ChannelImageSlot, ChannelInput, ImageKeys } from '#app/lib/shop/model';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';
import { newShopId, SHOP_ID } from '#app/lib/shop/ids';
import { shownStoredName } from '#app/lib/identity/displayName';

/** A tenant lists at most this many channels (the storefront list is one query). */
export const MAX_CHANNELS = 500;

const channelKey = (t: TenantId, channelId: string) => ({ pk: tenantKey(t, 'CHANNEL', channelId), sk: 'CHANNEL' });
const listPartition = (t: TenantId) => tenantKey(t, 'CHANNELS');

const keysOf = (raw: unknown): ImageKeys =>
  raw && typeof raw === 'object'
    ? Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

function toChannel(tenantId: TenantId, raw: Item | undefined): Channel | null {
  if (!raw || raw.tenantId !== tenantId || typeof raw.channelId !== 'string') return null;
  return {
    channelId: raw.channelId,
    ownerId: String(raw.ownerId),
    ownerName: shownStoredName(String(raw.ownerName ?? '')),
    name: String(raw.name),
    about: String(raw.about ?? ''),
    avatar: keysOf(raw.avatar),
    banner: keysOf(raw.banner),
    introVideoId: typeof raw.introVideoId === 'string' ? raw.introVideoId : null,
    links: Array.isArray(raw.links) ? (raw.links as { label: string; url: string }[]).map((l) => ({ label: String(l.label), url: String(l.url) })) : [],
    currency: String(raw.currency),
    createdAt: String(raw.createdAt),
    updatedAt: String(raw.updatedAt),
  };
}

function toItem(tenantId: TenantId, channel: Channel): Item {
  return {
    ...channelKey(tenantId, channel.channelId),
    gsi1pk: listPartition(tenantId),
    gsi1sk: `${channel.createdAt}#${channel.channelId}`,
    tenantId,
    ...channel,
  };
}

export async function createChannel(
  db: Database,
  tenantId: TenantId,
  owner: { userId: string; name: string },
  input: ChannelInput,
  currency: string,
  now = new Date(),
): Promise<Channel> {
  const at = now.toISOString();
  const channel: Channel = {
    channelId: newShopId(),
    ownerId: owner.userId,
    ownerName: owner.name,
    ...input,
    avatar: {},
    banner: {},
    currency,
    createdAt: at,
    updatedAt: at,
  };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: toItem(tenantId, channel), ConditionExpression: 'attribute_not_exists(pk)' }));
  return channel;
}

export async function getChannel(db: Database, tenantId: TenantId, channelId: string): Promise<Channel | null> {
  if (!SHOP_ID.test(channelId)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: channelKey(tenantId, channelId), ConsistentRead: true }));
  return toChannel(tenantId, out.Item);
}

/** The tenant's channels, newest first. */
export async function listChannels(db: Database, tenantId: TenantId): Promise<Channel[]> {
  const items = await queryAll(
    db,
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPartition(tenantId) }, ScanIndexForward: false },
    MAX_CHANNELS,
  );
  return items.map((raw) => toChannel(tenantId, raw)).filter((c): c is Channel => c !== null);
}

/** The channels one organizer owns, newest first. */
export async function listChannelsByOwner(db: Database, tenantId: TenantId, ownerId: string): Promise<Channel[]> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'ownerId = :owner',
      ExpressionAttributeValues: { ':pk': listPartition(tenantId), ':owner': ownerId },
      ScanIndexForward: false,
    }),
  );
  return ((out.Items as Item[] | undefined) ?? []).map((raw) => toChannel(tenantId, raw)).filter((c): c is Channel => c !== null);
}

/** Replaces what the owner typed; null when there is no such channel. */
export async function updateChannel(db: Database, tenantId: TenantId, channelId: string, input: ChannelInput, now = new Date()): Promise<Channel | null> {
  return patchChannel(db, tenantId, channelId, { ...input }, now);
}

/** Stores one image slot's variants (keys by size). */
export async function setChannelImage(db: Database, tenantId: TenantId, channelId: string, slot: ChannelImageSlot, keys: ImageKeys, now = new Date()) {
  return patchChannel(db, tenantId, channelId, { [slot]: keys }, now);
}

async function patchChannel(db: Database, tenantId: TenantId, channelId: string, patch: Partial<Channel>, now: Date): Promise<Channel | null> {
  const current = await getChannel(db, tenantId, channelId);
  if (!current) return null;
  const next: Channel = { ...current, ...patch, channelId, ownerId: current.ownerId, currency: current.currency, updatedAt: now.toISOString() };
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(tenantId, next),
        // Two saves at once: the later one must have read what the earlier one wrote.
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      }),
    );
    return next;
  } catch (e) {
    if (isConditionFailure(e)) return patchChannel(db, tenantId, channelId, patch, new Date(Math.max(Date.now(), now.getTime() + 1)));
    throw e;
  }
}
