/**
 * Captions tracks of media items: the record of each language's WebVTT file on the item (the file
 * itself is stored by the caller at captionsKey, through context.data.files).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaptionSource, MediaCaptionTrack, MediaItem } from '#app/lib/media/model';
import type { TenantId } from '#app/lib/config/tenant';
import { isConditionFailure, type Database } from '#server/platform/dynamo/dynamo.server';
import { MEDIA_ID, mediaFolder, mediaItemKey, toMediaItem } from './media.server';

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Where an item's captions in `language` are stored (tenant-relative). */
export function captionsKey(id: string, language: string): string {
  if (!MEDIA_ID.test(id) || !LANGUAGE.test(language)) throw new Error(`not a captions track: ${id}/${language}`);
  return `${mediaFolder(id)}/captions/${language}.vtt`;
}

export interface CaptionsChange {
  language: string;
  source: CaptionSource;
  cueCount: number;
}

/** Records (or replaces) the item's track in `language`; null when the item does not exist in this tenant. */
export async function setMediaCaptions(db: Database, tenantId: TenantId, id: string, change: CaptionsChange, now = new Date()): Promise<MediaItem | null> {
  if (!MEDIA_ID.test(id) || !LANGUAGE.test(change.language)) return null;
  const track: MediaCaptionTrack = { ...change, key: captionsKey(id, change.language), updatedAt: now.toISOString() };
  const names = { '#captions': 'captions', '#language': change.language, '#updatedAt': 'updatedAt' };
  try {
    // A map attribute's member can only be set once the map exists: make it, then set the member.
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mediaItemKey(tenantId, id),
        UpdateExpression: 'SET #captions = if_not_exists(#captions, :empty)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#captions': 'captions' },
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mediaItemKey(tenantId, id),
        UpdateExpression: 'SET #captions.#language = :track, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':track': track, ':now': track.updatedAt },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toMediaItem(tenantId, out.Attributes) : null;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** Removes the item's track in `language` (the caller deletes the file). */
export async function removeMediaCaptions(db: Database, tenantId: TenantId, id: string, language: string): Promise<MediaItem | null> {
  if (!MEDIA_ID.test(id) || !LANGUAGE.test(language)) return null;
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mediaItemKey(tenantId, id),
        UpdateExpression: 'REMOVE #captions.#language',
        ConditionExpression: 'attribute_exists(#captions.#language)',
        ExpressionAttributeNames: { '#captions': 'captions', '#language': language },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toMediaItem(tenantId, out.Attributes) : null;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}
