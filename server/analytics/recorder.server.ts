/**
 * The hooks through which features report what happened in an event (docs/decisions/0090):
 * one call where a chat message, question, answer, vote, launch, reaction, order or join is
 * accepted. Counts are summed in memory per event and written once a second per event by each
 * instance (one update of one counter shard however many messages came), so the hot paths cost a
 * map lookup. Joins and leaves and markers are rare and written at once.
 *
 * A hook never throws into its caller: analytics must not fail a chat message or a payment.
 */
import { createHash } from 'node:crypto';
import type { Order } from '#app/lib/payments/model';
import type { TenantData } from '#server/data/tenantData.server';
import { log } from '#server/observability/log.server';
import { COUNTER_SHARDS, countAttr, revenueAttr, type CounterDeltas } from './data/analytics.server';
import type { ActivityKind, RevenueKind } from '#app/lib/analytics/model';
import { dayOf } from '#app/lib/analytics/days';
import { addDaily, addVideoDaily, flushDaily } from './daily.server';

type Data = Pick<TenantData, 'tenantId' | 'analytics'>;

/** How long counts wait in memory before they are written. */
export const FLUSH_MS = 1000;

/** This instance's counter shard: instances spread over the shards, one instance writes one item per event. */
const SHARD = createHash('sha1').update(`${process.pid}:${Math.random()}`).digest().readUInt32BE(0) % COUNTER_SHARDS;

interface Pending {
  data: Data;
  eventId: string;
  deltas: Record<string, number>;
}

const pending = new Map<string, Pending>();
let timer: NodeJS.Timeout | null = null;

function schedule(): void {
  timer ??= setTimeout(() => void flushAnalytics(), FLUSH_MS);
  timer.unref?.();
}

/** Counts for the event's counter shards and, the same, for its day's rollups (docs/decisions/0094). */
function add(data: Data, eventId: string, deltas: CounterDeltas, at = Date.now()): void {
  const key = `${data.tenantId}\u0000${eventId}`;
  let entry = pending.get(key);
  if (!entry) pending.set(key, (entry = { data, eventId, deltas: {} }));
  for (const [name, d] of Object.entries(deltas)) if (d) entry.deltas[name] = (entry.deltas[name] ?? 0) + d;
  addDaily(data, dayOf(at), eventId, deltas);
  schedule();
}

/** Writes every count waiting in memory (the timer's job; tests and shutdown call it directly). */
export async function flushAnalytics(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = [...pending.values()];
  pending.clear();
  await Promise.all([
    ...batch.map(async ({ data, eventId, deltas }) => {
      try {
        await data.analytics.addCounts(eventId, SHARD, deltas);
      } catch (e) {
        log.warn(`[analytics] could not write counts of ${data.tenantId}/${eventId}: ${(e as Error).message}`);
      }
    }),
    flushDaily(SHARD),
  ]);
}

/** Longest play one beacon may report (a longer figure is a client's error, not a play). */
const MAX_BEACON_SECONDS = 6 * 3600;

/**
 * A play of an on-demand video (the players' beacons): `view` when it starts a view, `watchSeconds`
 * watched since the last beacon. Counted in memory and written by the flush into the day's
 * per-video rollups, for the tenant and the video's owner. Never throws.
 */
export function noteVideoPlayback(data: Pick<TenantData, 'tenantId' | 'analytics'>, p: { videoId: string; view: boolean; watchSeconds: number; at?: Date }): void {
  try {
    if (typeof p?.videoId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(p.videoId)) return;
    const seconds = Number.isFinite(p.watchSeconds) ? Math.min(MAX_BEACON_SECONDS, Math.max(0, Math.round(p.watchSeconds))) : 0;
    const at = p.at instanceof Date && Number.isFinite(p.at.getTime()) ? p.at.getTime() : Date.now();
    if (!p.view && !seconds) return;
    addVideoDaily(data, dayOf(at), p.videoId, p.view ? 1 : 0, seconds);
    schedule();
  } catch (e) {
    log.warn(`[analytics] video playback: ${(e as Error).message}`);
  }
}

/** A free registration (a seat taken without an order): counted on its day. */
export function noteRegistration(data: Data, eventId: string, at = Date.now()): void {
  try {
    addDaily(data, dayOf(at), eventId, { c_registrations: 1 });
    schedule();
  } catch (e) {
    log.warn(`[analytics] registration: ${(e as Error).message}`);
  }
}

/** One (or `n`) of an activity in the event: a chat message, a question, a vote, a reaction... */
export function countActivity(data: Data, eventId: string, kind: ActivityKind, n = 1): void {
  add(data, eventId, { [countAttr(kind)]: n });
}

async function safely(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    log.warn(`[analytics] ${what}: ${(e as Error).message}`);
  }
}

/** A poll launched: counted, and marked on the timeline. */
export function notePollLaunched(data: Data, eventId: string, poll: { pollId: string; question: string; launchedAt?: string | null }): Promise<void> {
  countActivity(data, eventId, 'pollsLaunched');
  const at = poll.launchedAt ? Date.parse(poll.launchedAt) : Date.now();
  return safely('poll marker', () => data.analytics.addMarker(eventId, { kind: 'poll', at: Number.isFinite(at) ? at : Date.now(), label: poll.question, id: `poll-${poll.pollId}` }));
}

/** A question answered by a host: counted, and marked on the timeline with its text (read from the chat it was asked in). */
export function noteQuestionAnswered(data: Data & Pick<TenantData, 'chat'>, eventId: string, chatId: string, msgId: string, now = Date.now()): Promise<void> {
  countActivity(data, eventId, 'questionsAnswered');
  return safely('answer marker', async () => {
    const found = await data.chat.findMessage(chatId, msgId, ['pub']);
    await data.analytics.addMarker(eventId, { kind: 'answer', at: now, label: found?.message.textMessage ?? '', id: `q-${msgId}` });
  });
}

/** A join or leave LiveKit reported: the person's stretches, the room's count, the minute's peak. */
export function notePresence(data: Data, eventId: string, input: { identity: string; name: string; action: 'joined' | 'left'; at: string; webhookId: string }): Promise<void> {
  return safely('presence', async () => {
    const at = Date.parse(input.at);
    const when = Number.isFinite(at) ? at : Date.now();
    const change = await data.analytics.recordPresence(eventId, { ...input, at: when });
    if (!change) return;
    await data.analytics.applyPresence(eventId, change, when);
    // The day's rollups: a first join is one more attendee; watch time lands on the day it closed.
    addDaily(data, dayOf(when), eventId, { c_attended: change.newAttendee ? 1 : 0, c_watchMs: change.watchDelta });
    schedule();
  });
}

/** What a captured order adds to each event: tickets, donations and the event's products, with their revenue. */
export function orderDeltas(order: Pick<Order, 'lines' | 'currency'>, productEvents: ReadonlyMap<string, string>): Map<string, CounterDeltas> {
  const out = new Map<string, Record<string, number>>();
  const currency = /^[A-Z]{3}$/.test(order.currency.toUpperCase()) ? order.currency.toUpperCase() : 'XXX';
  const bump = (eventId: string, kind: RevenueKind, quantity: number, amount: number) => {
    const d = out.get(eventId) ?? {};
    d[countAttr(kind)] = (d[countAttr(kind)] ?? 0) + quantity;
    d[revenueAttr(currency, kind)] = (d[revenueAttr(currency, kind)] ?? 0) + amount;
    out.set(eventId, d);
  };
  for (const line of order.lines) {
    const amount = line.unitAmount * line.quantity;
    if (line.kind === 'ticket' || line.kind === 'replay') bump(line.refId, 'tickets', line.quantity, amount);
    else if (line.kind === 'donation' && line.meta?.eventId) bump(line.meta.eventId, 'donations', 1, amount);
    else if (line.kind === 'product' && productEvents.get(line.refId)) bump(productEvents.get(line.refId)!, 'products', line.quantity, amount);
  }
  return out;
}

/** An order captured (commerce's order-captured listener): its lines counted against their events. */
export async function noteOrderCaptured(data: Data & Pick<TenantData, 'products'>, order: Order): Promise<void> {
  await safely('order', async () => {
    const productEvents = new Map<string, string>();
    for (const line of order.lines) {
      if (line.kind !== 'product') continue;
      const product = await data.products.get(line.refId);
      if (product?.eventId) productEvents.set(line.refId, product.eventId);
    }
    const paid = order.paidAt ? Date.parse(order.paidAt) : NaN;
    for (const [eventId, deltas] of orderDeltas(order, productEvents)) add(data, eventId, deltas, Number.isFinite(paid) ? paid : Date.now());
  });
}
