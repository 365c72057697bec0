/**
 * The 'consultation' kind of checkout: the line's refId is a booking held on /consultationForm.
 * Paying books the slot for good and makes a private /pvs session for the organizer and the
 * buyer (not listed; consultationBookingId set; a capacity of one seat that is the buyer's), with
 * a mail and .ics to both and reminders; a refund cancels the session and frees the slot.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { Order, OrderLine } from '#app/lib/payments/model';
import type { CancelResult } from '#app/lib/tickets/booking';
import { MIN_NOTICE_MINUTES, refundableCancellation } from '#app/lib/tickets/consultations';
import { newEventInput } from '#server/events/index.server';
import type { Booking } from '#server/commerce/data/consultations.server';
import { registerSellable, type SellContext } from '#server/commerce/payments/sellables.server';
import { sendConsultationBooked, sendConsultationCancelled } from './confirmation.server';
import { scheduleReminders } from './reminders.server';
import { log } from '#server/observability/log.server';

const held = (booking: Booking | null, now: number): booking is Booking => booking !== null && booking.status === 'held' && Date.parse(booking.heldUntil) > now;

/** The private session of a paid booking: made once, its id kept on the booking. */
export async function fulfilConsultation(ctx: SellContext, order: Pick<Order, 'orderId' | 'buyerId' | 'buyerEmail' | 'buyerName'>, bookingId: string): Promise<EventRecord | null> {
  const booking = await ctx.data.consultations.confirm(bookingId, order.orderId);
  if (!booking) {
    // The slot went to someone else while this buyer paid (their hold had run out): nothing to make; the order is refunded by its owner.
    log.warn(`[consultations] ${ctx.tenant.id}/${bookingId}: paid after its hold ran out; no session made`);
    return null;
  }
  if (booking.eventId) return ctx.data.events.get(booking.eventId);
  const availability = await ctx.data.consultations.availability(booking.channelId);
  const language = ctx.tenant.languages.default ?? ctx.tenant.languages.supported[0] ?? 'en';
  const input = {
    ...newEventInput({
      title: booking.topic,
      description: booking.notes,
      eventDateTime: booking.start,
      eventDuration: booking.minutes,
      eventTimeZone: availability?.timeZone ?? booking.buyerTimeZone,
      eventLanguage: language,
      layout: 'pvs',
      ownerOnlyBroadcast: false,
    }),
    capacity: 1,
    consultationBookingId: bookingId,
  };
  const organizer = { sub: booking.ownerId, name: availability?.ownerName ?? '', email: availability?.ownerEmail ?? '', language };
  const event = await ctx.data.events.create(input, organizer);
  if (!(await ctx.data.consultations.setEvent(bookingId, event.eventId))) {
    // Another delivery of the same payment made the session first: keep that one.
    await ctx.data.events.cancel(event.eventId);
    const again = await ctx.data.consultations.booking(bookingId);
    return again?.eventId ? ctx.data.events.get(again.eventId) : null;
  }
  await ctx.data.tickets.grant({ eventId: event.eventId, userId: booking.buyerId, orderId: order.orderId, kind: 'ticket' });
  const people = [
    { userId: booking.buyerId, email: booking.buyerEmail || order.buyerEmail, name: booking.buyerName || order.buyerName },
    { userId: booking.ownerId, email: organizer.email, name: organizer.name },
  ];
  for (const person of people) {
    await sendConsultationBooked(ctx.tenant, ctx.env, event, person);
    await scheduleReminders(ctx.data, event, person);
  }
  return event;
}

/**
 * Undoes a paid booking (its order was refunded): the session is cancelled, the slot is free
 * again, and the buyer and the organizer are told (once: only the call that ends the booking mails).
 */
export async function revokeConsultation(ctx: SellContext, bookingId: string): Promise<void> {
  const booking = await ctx.data.consultations.booking(bookingId);
  if (!booking) return;
  const ended = await ctx.data.consultations.end(bookingId, 'canceled');
  const event = booking.eventId ? await ctx.data.events.get(booking.eventId) : null;
  if (booking.eventId) await ctx.data.events.cancel(booking.eventId).catch(() => undefined);
  if (!ended || !event) return;
  const availability = await ctx.data.consultations.availability(booking.channelId);
  await sendConsultationCancelled(ctx.tenant, ctx.env, event, { email: booking.buyerEmail, name: booking.buyerName });
  if (availability?.ownerEmail) await sendConsultationCancelled(ctx.tenant, ctx.env, event, { email: availability.ownerEmail, name: availability.ownerName });
}

export type { CancelResult };

/**
 * The buyer cancels a paid booking. Inside the rule (free cancellation until N hours before)
 * the order is refunded in full through payments' refund function (its revoke then frees the
 * slot and cancels the session); outside it nothing changes. `refund` wraps payments'
 * refundOrder for the booking's order and answers whether the money went back.
 */
export async function cancelConsultation(
  ctx: SellContext & { tenant: Tenant },
  bookingId: string,
  buyerId: string,
  refund: (booking: Booking, options: { reason: string }) => Promise<boolean>,
  now = Date.now(),
): Promise<CancelResult> {
  const booking = await ctx.data.consultations.booking(bookingId);
  if (!booking || booking.buyerId !== buyerId || booking.status !== 'confirmed' || !booking.orderId) return 'notFound';
  const availability = await ctx.data.consultations.availability(booking.channelId);
  if (!availability || !refundableCancellation(availability, booking.start, now)) return 'tooLate';
  return (await refund(booking, { reason: 'consultation_cancelled' })) ? 'refunded' : 'failed';
}

registerSellable({
  kind: 'consultation',
  async price(ctx, request) {
    const booking = await ctx.data.consultations.booking(request.refId);
    if (!booking || (ctx.buyer && booking.buyerId !== ctx.buyer.userId)) return { refused: 'not_found' };
    const now = Date.now();
    if (!held(booking, now)) return { refused: 'slot_taken' };
    if (Date.parse(booking.start) - now < MIN_NOTICE_MINUTES * 60_000) return { refused: 'too_late' };
    const line: OrderLine = {
      kind: 'consultation',
      refId: booking.bookingId,
      quantity: 1,
      title: booking.topic,
      unitAmount: booking.fee,
      sellerId: booking.ownerId,
      channelId: booking.channelId,
    };
    return line;
  },
  async reserve(ctx, _order, line) {
    // The slot is held since the booking was made: it must still be this booking's.
    return held(await ctx.data.consultations.booking(line.refId), Date.now());
  },
  async release(ctx, _order, line) {
    await ctx.data.consultations.end(line.refId, 'released');
  },
  async fulfil(ctx, order, line) {
    await fulfilConsultation(ctx, order, line.refId);
  },
  async revoke(ctx, _order, line) {
    await revokeConsultation(ctx, line.refId);
  },
});
