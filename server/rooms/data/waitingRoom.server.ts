/**
 * The waiting room of an event whose hosts admit participants (docs/decisions/0082): one item
 * per person who knocked, under the event's partition,
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk WAIT#<userId>   { userId, name, avatarId, answers, state,
 *                                                        reason, requestedAt, decidedAt, decidedBy }
 *
 * state is waiting, admitted or denied. A participant's knock is the only write they can make and
 * is conditional (created only when absent), so it never undoes a host's decision; the hosts'
 * decisions are written in batches of 25 (BatchWriteItem), the last host's word winning. The item
 * is what the one admission decision reads (server/entitlement/admission.server.ts), so an
 * admission survives reloads, instances and restarts. Every key carries the tenant id and every
 * read checks it.
 */
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import {
  WAITING_STATES,
  type RegistrationAnswer,
  type WaitingEntry,
  type WaitingState,
} from '#app/lib/events/waitingRoom';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const partition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);
const waitKey = (tenantId: TenantId, eventId: string, userId: string) => ({ pk: partition(tenantId, eventId), sk: `WAIT#${userId}` });

/** A person's standing in the waiting room (the admission decision's input). */
export interface WaitingRecord extends WaitingEntry {
  eventId: string;
  decidedAt?: string;
  decidedBy?: string;
}

/** BatchWriteItem takes at most 25 requests; this many batches are sent at once. */
const BATCH = 25;
const PARALLEL_BATCHES = 8;

function toAnswers(value: unknown): RegistrationAnswer[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((a): a is RegistrationAnswer => !!a && typeof a === 'object' && typeof (a as RegistrationAnswer).question === 'string' && typeof (a as RegistrationAnswer).answer === 'string')
    .map((a) => ({ question: a.question, answer: a.answer }));
}

function toRecord(tenantId: TenantId, item: Record<string, unknown> | undefined): WaitingRecord | null {
  if (!item || item.tenantId !== tenantId) return null;
  const state = WAITING_STATES.includes(item.state as WaitingState) ? (item.state as WaitingState) : null;
  if (!state || typeof item.userId !== 'string') return null;
  return {
    eventId: String(item.eventId),
    userId: item.userId,
    name: String(item.name ?? ''),
    ...(typeof item.avatarId === 'string' ? { avatarId: item.avatarId } : {}),
    answers: toAnswers(item.answers),
    state,
    ...(typeof item.reason === 'string' && item.reason ? { reason: item.reason } : {}),
    requestedAt: String(item.requestedAt ?? ''),
    ...(typeof item.decidedAt === 'string' ? { decidedAt: item.decidedAt } : {}),
    ...(typeof item.decidedBy === 'string' ? { decidedBy: item.decidedBy } : {}),
  };
}

/** The person's standing, or null when they never knocked. */
export async function getWaiting(db: Database, tenantId: TenantId, eventId: string, userId: string): Promise<WaitingRecord | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: waitKey(tenantId, eventId, userId), ConsistentRead: true }));
  return toRecord(tenantId, out.Item);
}

export interface Knock {
  userId: string;
  name: string;
  avatarId?: string;
  answers?: RegistrationAnswer[];
}

/**
 * The person joins the queue (state waiting). Conditional: a second knock, or a knock after a
 * host's decision, changes nothing and answers the stored standing.
 */
export async function knock(db: Database, tenantId: TenantId, eventId: string, who: Knock, now = new Date()): Promise<WaitingRecord> {
  const record: WaitingRecord = {
    eventId,
    userId: who.userId,
    name: who.name.slice(0, 200),
    ...(who.avatarId ? { avatarId: who.avatarId } : {}),
    answers: (who.answers ?? []).slice(0, 50),
    state: 'waiting',
    requestedAt: now.toISOString(),
  };
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...waitKey(tenantId, eventId, who.userId), tenantId, ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return record;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return (await getWaiting(db, tenantId, eventId, who.userId)) ?? record;
  }
}

/** Everyone who knocked, in the order they did (waiting, admitted and denied). */
export async function listWaiting(db: Database, tenantId: TenantId, eventId: string): Promise<WaitingRecord[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :wait)',
    ExpressionAttributeValues: { ':pk': partition(tenantId, eventId), ':wait': 'WAIT#' },
    ConsistentRead: true,
  });
  return items
    .map((item) => toRecord(tenantId, item))
    .filter((r): r is WaitingRecord => r !== null)
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}

export interface Decision {
  state: Exclude<WaitingState, 'waiting'>;
  /** A denial's reason, shown to the person. */
  reason?: string;
  by: string;
}

/**
 * Writes a host's decision for these people (as read from the queue), 25 to a BatchWriteItem and
 * several batches at once; items DynamoDB leaves unprocessed are sent again. Answers how many
 * were written.
 */
export async function decideWaiting(db: Database, tenantId: TenantId, eventId: string, people: readonly WaitingRecord[], decision: Decision, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const items = people.map((p) => {
    const { reason: _old, ...rest } = p;
    return {
      ...waitKey(tenantId, eventId, p.userId),
      tenantId,
      ...rest,
      eventId,
      state: decision.state,
      ...(decision.state === 'denied' && decision.reason ? { reason: decision.reason.slice(0, 300) } : {}),
      decidedAt: at,
      decidedBy: decision.by,
    };
  });
  const batches: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH));
  const sendBatch = async (batch: typeof items) => {
    let pending: Array<{ PutRequest: { Item: Record<string, unknown> } }> = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length && attempt < 8; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = (out.UnprocessedItems?.[db.table] ?? []) as typeof pending;
    }
    if (pending.length) throw new Error(`waiting room: ${pending.length} decisions left unprocessed`);
  };
  for (let i = 0; i < batches.length; i += PARALLEL_BATCHES) await Promise.all(batches.slice(i, i + PARALLEL_BATCHES).map(sendBatch));
  return items.length;
}

/** This module bound to one tenant: `context.data.waiting` (server/data/tenantData.server.ts). */
export const waitingSection = (db: Database, tenantId: TenantId) => ({
  get: getWaiting.bind(null, db, tenantId),
  knock: knock.bind(null, db, tenantId),
  list: listWaiting.bind(null, db, tenantId),
  decide: decideWaiting.bind(null, db, tenantId),
});
