/**
 * Remembered playback positions per tenant and user (app/lib/playback/position.ts): where a
 * signed-in viewer left each video or audio item, so the player resumes there.
 *
 *   pk T#<tenant>#PLAYBACK#<sub>   sk MEDIA#<mediaId>   { seconds, updatedAt }
 *
 * Keys are built from the tenant id and the user: nobody reads another person's positions, and
 * another tenant's never.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const positionKey = (t: TenantId, sub: string, mediaId: string) => ({ pk: tenantKey(t, 'PLAYBACK', sub), sk: `MEDIA#${mediaId}` });

export interface PlaybackPosition {
  seconds: number;
  updatedAt: string;
}

/** Stores the position (the latest save wins: the player sends them in order). */
export async function savePlaybackPosition(db: Database, tenantId: TenantId, sub: string, mediaId: string, seconds: number, now = new Date()): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...positionKey(tenantId, sub, mediaId), tenantId, mediaId, seconds, updatedAt: now.toISOString() },
    }),
  );
}

/** The saved position of the user in the item, or null. */
export async function getPlaybackPosition(db: Database, tenantId: TenantId, sub: string, mediaId: string): Promise<PlaybackPosition | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: positionKey(tenantId, sub, mediaId) }));
  const item = out.Item;
  if (!item || item.tenantId !== tenantId || typeof item.seconds !== 'number') return null;
  return { seconds: item.seconds, updatedAt: String(item.updatedAt) };
}
