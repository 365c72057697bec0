/**
 * Registration answers (docs/decisions/0083): one item per person and event, in the event's
 * partition beside the person's ticket row (server/commerce/data/tickets.server.ts),
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk ANSWERS#<userId>   { userId, name, email, language, answers, answeredAt }
 *
 * `answers` hold each question's id, kind and label as asked, and the answer's text
 * (app/lib/registration/questions.ts `StoredAnswer`), so editing or removing a question later
 * changes no stored answer. Every key carries the tenant id and every read checks it.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { storedAnswerSchema, type StoredAnswer } from '#app/lib/registration/questions';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const PREFIX = 'ANSWERS#';
const answersKey = (t: TenantId, eventId: string, userId: string) => ({ pk: tenantKey(t, 'EVENT', eventId), sk: `${PREFIX}${userId}` });

export interface AnswersRecord {
  eventId: string;
  userId: string;
  /** The person's name and email when they answered (the export's first columns). */
  name: string;
  email: string;
  /** The language the questions were shown in. */
  language: string;
  answers: StoredAnswer[];
  answeredAt: string;
}

const itemSchema = z.object({
  userId: z.string(),
  name: z.string().catch(''),
  email: z.string().catch(''),
  language: z.string().catch(''),
  answers: z.array(z.unknown()).catch([]),
  answeredAt: z.string().catch(''),
});

function toRecord(t: TenantId, eventId: string, item: Record<string, unknown> | undefined): AnswersRecord | null {
  if (!item || item.tenantId !== t) return null;
  const parsed = itemSchema.safeParse(item);
  if (!parsed.success) return null;
  // A stored answer that no longer reads is left out rather than hiding the others.
  const answers = parsed.data.answers.flatMap((a) => {
    const one = storedAnswerSchema.safeParse(a);
    return one.success ? [one.data] : [];
  });
  return { eventId, ...parsed.data, answers };
}

/** Stores (or replaces) the person's answers for the event. */
export async function saveAnswers(db: Database, t: TenantId, record: Omit<AnswersRecord, 'answeredAt'>, now = new Date()): Promise<AnswersRecord> {
  const full: AnswersRecord = { ...record, answeredAt: now.toISOString() };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...answersKey(t, record.eventId, record.userId), tenantId: t, ...full } }));
  return full;
}

export async function getAnswers(db: Database, t: TenantId, eventId: string, userId: string): Promise<AnswersRecord | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: answersKey(t, eventId, userId), ConsistentRead: true }));
  return toRecord(t, eventId, out.Item);
}

/** Everyone's answers for the event (the organizer's export). */
export async function listAnswers(db: Database, t: TenantId, eventId: string): Promise<AnswersRecord[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantKey(t, 'EVENT', eventId), ':prefix': PREFIX },
  });
  return items.flatMap((item) => {
    const record = toRecord(t, eventId, item);
    return record ? [record] : [];
  });
}

/** The tenantData section `registrationAnswers` (server/data/tenantData.server.ts). */
export const answersSection = (db: Database, t: TenantId) => ({
  save: saveAnswers.bind(null, db, t),
  get: getAnswers.bind(null, db, t),
  list: listAnswers.bind(null, db, t),
});
