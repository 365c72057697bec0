/**
 * The final live captions of an event's room (docs/decisions/0048), kept so the event's recording
 * can carry them as a captions track:
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk CAPTION#<at ms, 13 digits>#<speakerId>#<utteranceId>
 *      { speakerId, speakerName, language, text, at, end, words: [{ w, s, e }] }
 *
 * `at` and `end` are wall-clock ms, the timeline a recording's startedAt counts from; word times
 * are ms from `at`. Every key is built from the tenant id, so nothing here reaches another tenant.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export interface StoredCaption {
  speakerId: string;
  speakerName: string;
  utteranceId: string;
  language: string;
  text: string;
  /** Wall-clock ms. */
  at: number;
  end: number;
  /** Word times in ms from `at` (empty when the engine gave none). */
  words: Array<{ w: string; s: number; e: number }>;
}

const partition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);
const PREFIX = 'CAPTION#';
const msKey = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

export async function putLiveCaption(db: Database, tenantId: TenantId, eventId: string, caption: StoredCaption): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: partition(tenantId, eventId),
        sk: `${PREFIX}${msKey(caption.at)}#${caption.speakerId}#${caption.utteranceId}`,
        tenantId,
        eventId,
        ...caption,
      },
    }),
  );
}

function toCaption(item: Record<string, unknown>): StoredCaption {
  const words = Array.isArray(item.words) ? (item.words as StoredCaption['words']) : [];
  return {
    speakerId: String(item.speakerId),
    speakerName: String(item.speakerName ?? ''),
    utteranceId: String(item.utteranceId ?? ''),
    language: String(item.language ?? ''),
    text: String(item.text ?? ''),
    at: Number(item.at),
    end: Number(item.end),
    words: words.filter((w) => typeof w?.w === 'string' && Number.isFinite(w.s) && Number.isFinite(w.e)),
  };
}

/** The event's final captions that start within [fromMs, toMs], in time order. */
export async function listLiveCaptions(db: Database, tenantId: TenantId, eventId: string, fromMs: number, toMs: number): Promise<StoredCaption[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition(tenantId, eventId), ':from': `${PREFIX}${msKey(fromMs)}`, ':to': `${PREFIX}${msKey(toMs)}#~` },
  });
  return items.map(toCaption);
}
