/**
 * Audio playlists per tenant and owner (/audioPlaylistUpload; model in app/lib/media/playlist.ts).
 *
 *   pk T#<tenant>#PLAYLISTS#<ownerId>   sk PLAYLIST#<id>   the playlist (an owner's, oldest id first)
 *
 * A playlist is read through its owner's partition only: another owner's or another tenant's
 * playlist id is simply not found.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { TenantId } from '#app/lib/config/tenant';
import { DEFAULT_PLAYLIST_FLAGS, type Playlist, type PlaylistSave } from '#app/lib/media/playlist';
import { isConditionFailure, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const ownerPk = (t: TenantId, ownerId: string) => tenantKey(t, 'PLAYLISTS', ownerId);
const playlistKey = (t: TenantId, ownerId: string, id: string) => ({ pk: ownerPk(t, ownerId), sk: `PLAYLIST#${id}` });
const newPlaylistId = () => `${Date.now().toString(36).padStart(9, '0')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const ID = /^[a-z0-9]{21}$/;
/** An owner keeps at most this many playlists. */
export const MAX_PLAYLISTS_PER_OWNER = 200;

function toPlaylist(tenantId: TenantId, raw: Item): Playlist | null {
  if (raw.tenantId !== tenantId || typeof raw.id !== 'string') return null;
  return {
    id: raw.id,
    ownerId: String(raw.ownerId),
    title: String(raw.title),
    trackIds: Array.isArray(raw.trackIds) ? raw.trackIds.map(String) : [],
    playAll: raw.playAll !== false,
    shuffle: raw.shuffle === true,
    loop: raw.loop === true,
    repeat: raw.repeat === true,
    volume: typeof raw.volume === 'number' ? raw.volume : DEFAULT_PLAYLIST_FLAGS.volume,
    createdAt: String(raw.createdAt),
    updatedAt: String(raw.updatedAt),
  };
}

/** A new, empty playlist with the default flags (play all, volume 1). */
export async function createPlaylist(db: Database, tenantId: TenantId, ownerId: string, title: string, now = new Date()): Promise<Playlist> {
  const at = now.toISOString();
  const playlist: Playlist = { id: newPlaylistId(), ownerId, title, trackIds: [], ...DEFAULT_PLAYLIST_FLAGS, createdAt: at, updatedAt: at };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...playlistKey(tenantId, ownerId, playlist.id), tenantId, ...playlist },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return playlist;
}

/** The owner's playlist, or null (another owner's, another tenant's, a malformed id). */
export async function getPlaylist(db: Database, tenantId: TenantId, ownerId: string, id: string): Promise<Playlist | null> {
  if (!ID.test(id)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: playlistKey(tenantId, ownerId, id), ConsistentRead: true }));
  return out.Item ? toPlaylist(tenantId, out.Item) : null;
}

/** The owner's playlists, oldest first. */
export async function listPlaylists(db: Database, tenantId: TenantId, ownerId: string): Promise<Playlist[]> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': ownerPk(tenantId, ownerId), ':p': 'PLAYLIST#' },
      Limit: MAX_PLAYLISTS_PER_OWNER,
    }),
  );
  return ((out.Items as Item[] | undefined) ?? []).map((raw) => toPlaylist(tenantId, raw)).filter((p): p is Playlist => p !== null);
}

/** Replaces the title, tracks and flags of the owner's playlist; null when there is no such playlist. */
export async function savePlaylist(db: Database, tenantId: TenantId, ownerId: string, id: string, input: PlaylistSave, now = new Date()): Promise<Playlist | null> {
  const current = await getPlaylist(db, tenantId, ownerId, id);
  if (!current) return null;
  const playlist: Playlist = { ...current, ...input, id, ownerId, updatedAt: now.toISOString() };
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...playlistKey(tenantId, ownerId, id), tenantId, ...playlist },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return playlist;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** Removes the owner's playlist; false when there was none. */
export async function deletePlaylist(db: Database, tenantId: TenantId, ownerId: string, id: string): Promise<boolean> {
  if (!ID.test(id)) return false;
  try {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: playlistKey(tenantId, ownerId, id), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
