/**
 * Consultations per channel (issue 15, docs/decisions/0035-tickets-and-consultations.md):
 *
 *   pk T#<tenant>#CHANNEL#<channelId>   sk CONSULT                 the availability and fee
 *   pk T#<tenant>#CHANNEL#<channelId>   sk SLOT#<start>            { bookingId, state held|booked, heldUntil }
 *                                       (start: the instant's one canonical spelling, toISOString)
 *   pk T#<tenant>#BOOKING#<bookingId>   sk BOOKING                 the booking
 *
 * A slot is taken by one conditional write (free, or held by someone whose hold ran out) in the
 * same transaction as the booking, so two buyers never get the same slot. The hold lasts while
 * the buyer pays; checkout releases it on failure or cancel, fulfilment books it for good.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { HOLD_MINUTES, slotInstant, type Availability } from '#app/lib/tickets/consultations';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { transactOrRefused } from '#server/platform/dynamo/transactions.server';

export interface ChannelAvailability extends Availability {
  channelId: string;
  /** The organizer who is paid and meets the buyer. */
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  updatedAt: string;
}

export const BOOKING_STATUSES = ['held', 'confirmed', 'released', 'canceled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface Booking {
  bookingId: string;
  channelId: string;
  ownerId: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  /** Start, ISO UTC, and length in minutes. */
  start: string;
  minutes: number;
  fee: number;
  currency: string;
  topic: string;
  notes: string;
  /** The buyer's zone when they picked the slot (for their mail). */
  buyerTimeZone: string;
  status: BookingStatus;
  heldUntil: string;
  orderId?: string;
  /** The private /pvs event made for the two once paid. */
  eventId?: string;
  createdAt: string;
}

/** A booking id: 16 lower-case letters and digits (the route table's id kind 'booking'). */
export const BOOKING_ID = /^[a-z0-9]{16}$/;
const newBookingId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(16), (b) => alphabet[b % 36]).join('');
};

const channelPartition = (t: TenantId, channelId: string) => tenantKey(t, 'CHANNEL', channelId);
const availabilityKey = (t: TenantId, channelId: string) => ({ pk: channelPartition(t, channelId), sk: 'CONSULT' });
const slotKey = (t: TenantId, channelId: string, start: string) => ({ pk: channelPartition(t, channelId), sk: `SLOT#${start}` });
const bookingKey = (t: TenantId, bookingId: string) => ({ pk: tenantKey(t, 'BOOKING', bookingId), sk: 'BOOKING' });

export async function getAvailability(db: Database, t: TenantId, channelId: string): Promise<ChannelAvailability | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: availabilityKey(t, channelId) }));
  if (!out.Item || out.Item.tenantId !== t) return null;
  const { pk: _pk, sk: _sk, tenantId: _t, ...rest } = out.Item;
  return rest as ChannelAvailability;
}

/** Publishes (or replaces) a channel's availability. The caller has checked the channel is the owner's. */
export async function saveAvailability(
  db: Database,
  t: TenantId,
  channelId: string,
  owner: { ownerId: string; ownerName: string; ownerEmail: string },
  availability: Availability,
  now = new Date(),
): Promise<ChannelAvailability> {
  const item: ChannelAvailability = { ...availability, ...owner, channelId, updatedAt: now.toISOString() };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...availabilityKey(t, channelId), tenantId: t, ...item } }));
  return item;
}

export async function getBooking(db: Database, t: TenantId, bookingId: string): Promise<Booking | null> {
  if (!BOOKING_ID.test(bookingId)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: bookingKey(t, bookingId), ConsistentRead: true }));
  if (!out.Item || out.Item.tenantId !== t) return null;
  const { pk: _pk, sk: _sk, tenantId: _t, ...rest } = out.Item;
  return rest as Booking;
}

/** Slot starts in [from, to) that are booked or held by a hold still running. */
export async function takenSlots(db: Database, t: TenantId, channelId: string, from: string, to: string, now = Date.now()): Promise<Set<string>> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': channelPartition(t, channelId), ':from': `SLOT#${from}`, ':to': `SLOT#${to}` },
  });
  return new Set(
    items
      .filter((item) => item.tenantId === t && (item.state === 'booked' || Date.parse(String(item.heldUntil)) > now))
      .map((item) => slotInstant(String(item.start)) ?? String(item.start)),
  );
}

export type HoldRequest = Pick<Booking, 'channelId' | 'ownerId' | 'buyerId' | 'buyerEmail' | 'buyerName' | 'start' | 'minutes' | 'fee' | 'currency' | 'topic' | 'notes' | 'buyerTimeZone'>;

/**
 * Holds a slot for a buyer while they pay; null when someone else has it. The slot is keyed by
 * its instant's canonical spelling, so `…11:00:00Z` and `…13:00:00+02:00` are the same slot; the
 * booking keeps that spelling, and its confirmation and session follow it.
 */
export async function holdSlot(db: Database, t: TenantId, request: HoldRequest, now = new Date()): Promise<Booking | null> {
  const start = slotInstant(request.start);
  if (!start) throw new Error(`a consultation slot starts at an instant with its offset, not "${request.start}"`);
  const booking: Booking = {
    ...request,
    start,
    bookingId: newBookingId(),
    status: 'held',
    heldUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
    createdAt: now.toISOString(),
  };
  const refused = await transactOrRefused(() =>
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: { ...slotKey(t, request.channelId, start), tenantId: t, start, bookingId: booking.bookingId, state: 'held', heldUntil: booking.heldUntil },
              // Free, or held by a hold that ran out (its booking is then never confirmed: see confirmBooking).
              ConditionExpression: 'attribute_not_exists(pk) OR (#state = :held AND heldUntil < :now)',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':held': 'held', ':now': now.toISOString() },
            },
          },
          { Put: { TableName: db.table, Item: { ...bookingKey(t, booking.bookingId), tenantId: t, ...booking }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    ),
  );
  // Refused means taken; two buyers pressing Pay at once conflict instead, and the retry settles who got it.
  return refused.length ? null : booking;
}

/**
 * Books a held slot for good once paid: the slot must still be this booking's. Idempotent per
 * order: a second call with the same order answers the booking as it is. Null when the slot went
 * to someone else (a hold that ran out before the payment came back).
 */
export async function confirmBooking(db: Database, t: TenantId, bookingId: string, orderId: string): Promise<Booking | null> {
  const booking = await getBooking(db, t, bookingId);
  if (!booking) return null;
  if (booking.status === 'confirmed') return booking.orderId === orderId ? booking : null;
  const refused = await transactOrRefused(() =>
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.table,
              Key: slotKey(t, booking.channelId, booking.start),
              UpdateExpression: 'SET #state = :booked REMOVE heldUntil',
              ConditionExpression: 'bookingId = :b',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':booked': 'booked', ':b': bookingId },
            },
          },
          {
            Update: {
              TableName: db.table,
              Key: bookingKey(t, bookingId),
              UpdateExpression: 'SET #status = :confirmed, orderId = :o',
              ConditionExpression: '#status = :held',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':confirmed': 'confirmed', ':held': 'held', ':o': orderId },
            },
          },
        ],
      }),
    ),
  );
  if (!refused.length) return { ...booking, status: 'confirmed', orderId };
  const now = await getBooking(db, t, bookingId);
  return now?.status === 'confirmed' && now.orderId === orderId ? now : null;
}

/** Notes the private session made for a confirmed booking (once). */
export async function setBookingEvent(db: Database, t: TenantId, bookingId: string, eventId: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: bookingKey(t, bookingId),
        UpdateExpression: 'SET eventId = :e',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(eventId)',
        ExpressionAttributeValues: { ':e': eventId },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Ends a booking (payment failed or abandoned: 'released'; cancelled after paying: 'canceled') and frees its slot. Idempotent. */
export async function endBooking(db: Database, t: TenantId, bookingId: string, to: 'released' | 'canceled'): Promise<boolean> {
  const booking = await getBooking(db, t, bookingId);
  const from = to === 'released' ? 'held' : 'confirmed';
  if (!booking || booking.status !== from) return false;
  const moveStatus = {
    TableName: db.table,
    Key: bookingKey(t, bookingId),
    UpdateExpression: 'SET #status = :to',
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': to, ':from': from },
  };
  const refused = await transactOrRefused(() =>
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: moveStatus },
          {
            Delete: {
              TableName: db.table,
              Key: slotKey(t, booking.channelId, booking.start),
              // Only this booking's slot: a hold that ran out may already belong to someone else.
              ConditionExpression: 'attribute_not_exists(pk) OR bookingId = :b',
              ExpressionAttributeValues: { ':b': bookingId },
            },
          },
        ],
      }),
    ),
  );
  if (!refused.length) return true;
  // The slot is someone else's now: end the booking alone.
  try {
    await db.doc.send(new UpdateCommand(moveStatus));
    return true;
  } catch (inner) {
    if (isConditionFailure(inner)) return false;
    throw inner;
  }
}

/** The tenantData section `consultations`. */
export const consultationsSection = (db: Database, t: TenantId) => ({
  availability: getAvailability.bind(null, db, t),
  saveAvailability: saveAvailability.bind(null, db, t),
  booking: getBooking.bind(null, db, t),
  taken: takenSlots.bind(null, db, t),
  hold: holdSlot.bind(null, db, t),
  confirm: confirmBooking.bind(null, db, t),
  setEvent: setBookingEvent.bind(null, db, t),
  end: endBooking.bind(null, db, t),
});
