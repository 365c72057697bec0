/**
 * Transcripts of library items (app/lib/speech/transcript.ts), one per person and item:
 *
 *   pk T#<tenant>#TRANSCRIPT#<sub>   sk MEDIA#<mediaId>   { status, progress, cues, … }
 *
 * The job (server/media/transcribe.server.ts) writes progress and the cues; the person edits the
 * cues. Keys carry the tenant and the person: nobody reads another's transcript.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { CaptionCue } from '#app/lib/speech/captions';
import type { SpeechLanguage, SpeechLanguageChoice } from '#app/lib/speech/languages';
import type { TranscriptFailure, TranscriptRecord } from '#app/lib/speech/transcript';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const transcriptKey = (t: TenantId, sub: string, mediaId: string) => ({ pk: tenantKey(t, 'TRANSCRIPT', sub), sk: `MEDIA#${mediaId}` });

function toRecord(tenantId: TenantId, item: Record<string, unknown> | undefined): TranscriptRecord | null {
  if (!item || item.tenantId !== tenantId) return null;
  const { pk: _pk, sk: _sk, tenantId: _t, ...rest } = item;
  return rest as unknown as TranscriptRecord;
}

/** A new (or restarted) transcription, queued: any earlier one of the same person and item is replaced. */
export async function queueTranscript(
  db: Database,
  tenantId: TenantId,
  start: { ownerId: string; mediaId: string; language: SpeechLanguageChoice; title: string },
  now = new Date(),
): Promise<TranscriptRecord> {
  const record: TranscriptRecord = { ...start, status: 'queued', progress: 0, cues: [], createdAt: now.toISOString(), updatedAt: now.toISOString() };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...transcriptKey(tenantId, start.ownerId, start.mediaId), tenantId, ...record } }));
  return record;
}

export async function getTranscript(db: Database, tenantId: TenantId, sub: string, mediaId: string): Promise<TranscriptRecord | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: transcriptKey(tenantId, sub, mediaId), ConsistentRead: true }));
  return toRecord(tenantId, out.Item);
}

export type TranscriptChange =
  | { status: 'running'; progress: number }
  | { status: 'done'; cues: CaptionCue[]; durationSeconds: number; language?: SpeechLanguage }
  | { status: 'failed'; failure: TranscriptFailure };

/** The job's writes; null when the record is gone (the person started over or it never existed). */
export async function updateTranscript(
  db: Database,
  tenantId: TenantId,
  sub: string,
  mediaId: string,
  change: TranscriptChange,
  now = new Date(),
): Promise<TranscriptRecord | null> {
  const values: Record<string, unknown> = { ':status': change.status, ':now': now.toISOString() };
  const sets = ['#status = :status', 'updatedAt = :now'];
  if (change.status === 'running') {
    sets.push('progress = :progress');
    values[':progress'] = change.progress;
  } else if (change.status === 'done') {
    sets.push('progress = :progress', 'cues = :cues', 'durationSeconds = :duration');
    Object.assign(values, { ':progress': 100, ':cues': change.cues, ':duration': change.durationSeconds });
    if (change.language) {
      sets.push('#language = :language');
      values[':language'] = change.language;
    }
  } else {
    sets.push('failure = :failure');
    values[':failure'] = change.failure;
  }
  return conditionalUpdate(db, tenantId, sub, mediaId, `SET ${sets.join(', ')}`, values);
}

/** The person's edited cues (only of a finished transcript). */
export async function saveTranscriptCues(db: Database, tenantId: TenantId, sub: string, mediaId: string, cues: CaptionCue[], now = new Date()) {
  return conditionalUpdate(db, tenantId, sub, mediaId, 'SET cues = :cues, updatedAt = :now', { ':cues': cues, ':now': now.toISOString(), ':done': 'done' }, '#status = :done');
}

async function conditionalUpdate(
  db: Database,
  tenantId: TenantId,
  sub: string,
  mediaId: string,
  expression: string,
  values: Record<string, unknown>,
  extraCondition?: string,
): Promise<TranscriptRecord | null> {
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: transcriptKey(tenantId, sub, mediaId),
        UpdateExpression: expression,
        ConditionExpression: ['attribute_exists(pk)', extraCondition].filter(Boolean).join(' AND '),
        ExpressionAttributeNames: { '#status': 'status', ...(expression.includes('#language') ? { '#language': 'language' } : {}) },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(tenantId, out.Attributes);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** The tenantData section `transcripts` (server/data/tenantData.server.ts). */
export const transcriptsSection = (db: Database, t: TenantId) => ({
  queue: queueTranscript.bind(null, db, t),
  get: getTranscript.bind(null, db, t),
  update: updateTranscript.bind(null, db, t),
  saveCues: saveTranscriptCues.bind(null, db, t),
});
