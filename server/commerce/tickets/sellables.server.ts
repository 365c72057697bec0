/**
 * The 'ticket' and 'replay' kinds of checkout (server/commerce/payments/sellables.server.ts). Prices come
 * from the stored event; a ticket holds a seat while the buyer pays (idempotent per order) and
 * becomes the buyer's ticket when the payment is captured; a refund takes it back and frees the seat.
 */
import { eventIdSchema, eventStatus, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import type { LineRequest, OrderLine } from '#app/lib/payments/model';
import { registerSellable, type Refusal, type SellContext } from '#server/commerce/payments/sellables.server';
import { sendTicketConfirmation } from './confirmation.server';
import { scheduleReminders } from './reminders.server';
import { emitWebhook, registrationData } from '#server/webhooks/index.server';

async function sellableEvent(ctx: SellContext, request: LineRequest): Promise<EventRecord | Refusal> {
  const id = eventIdSchema.safeParse(request.refId);
  const event = id.success ? await ctx.data.events.get(id.data) : null;
  if (!event || event.kind !== 'event' || event.consultationBookingId) return { refused: 'not_found' };
  if (ctx.buyer && isStaff(roleOf(event, { sub: ctx.buyer.userId }))) return { refused: 'own_item' };
  return event;
}

const isEvent = (value: EventRecord | Refusal): value is EventRecord => !('refused' in value);

/** The event each checkout priced, so holding its seat does not read it again (the context lives for one checkout). */
const pricedEvents = new WeakMap<SellContext, EventRecord>();
const eventFor = async (ctx: SellContext, eventId: string): Promise<EventRecord | null> => {
  const priced = pricedEvents.get(ctx);
  return priced?.eventId === eventId ? priced : ctx.data.events.get(eventId);
};

/** Why a ticket for this event cannot be sold to the buyer now, or null when it can. */
export async function ticketRefusal(ctx: SellContext, event: EventRecord, now = Date.now()): Promise<Refusal | null> {
  if (event.ticketPrice <= 0) return { refused: 'not_for_sale' };
  const status = eventStatus(event, now);
  if (status === 'cancelled') return { refused: 'not_for_sale' };
  if (status === 'ended' || status === 'expired') return { refused: 'too_late' };
  const buyer = ctx.buyer;
  // The three reads are independent: made together, answered in this order of precedence.
  const [owned, sold, answers] = await Promise.all([
    buyer ? ctx.data.tickets.ticket(event.eventId, buyer.userId) : null,
    event.capacity !== null ? ctx.data.tickets.sold(event.eventId) : 0,
    // Required registration questions are answered before the checkout starts (/api/registration/answers; docs/decisions/0083).
    buyer && event.registrationQuestions.some((q) => q.required) ? ctx.data.registrationAnswers.get(event.eventId, buyer.userId) : true,
  ]);
  if (owned) return { refused: 'already_owned' };
  if (event.capacity !== null && sold >= event.capacity) return { refused: 'sold_out' };
  if (!answers) return { refused: 'not_for_sale' };
  return null;
}

const lineFor = (event: EventRecord, kind: 'ticket' | 'replay', unitAmount: number): OrderLine => ({
  kind,
  refId: event.eventId,
  // One ticket per person: a ticket is the buyer's own way in.
  quantity: 1,
  title: event.title,
  unitAmount,
  sellerId: event.organizerId,
});

registerSellable({
  kind: 'ticket',
  async price(ctx, request) {
    const event = await sellableEvent(ctx, request);
    if (!isEvent(event)) return event;
    pricedEvents.set(ctx, event);
    return (await ticketRefusal(ctx, event)) ?? lineFor(event, 'ticket', event.ticketPrice);
  },
  async reserve(ctx, order, line) {
    const event = await eventFor(ctx, line.refId);
    if (!event) return false;
    return ctx.data.tickets.reserve({ eventId: event.eventId, orderId: order.orderId, quantity: 1, capacity: event.capacity });
  },
  async release(ctx, order, line) {
    await ctx.data.tickets.release({ eventId: line.refId, orderId: order.orderId });
  },
  async fulfil(ctx, order, line) {
    // The event is read beside the grant; it is used only when this order was granted the ticket.
    const [granted, stored] = await Promise.all([ctx.data.tickets.grant({ eventId: line.refId, userId: order.buyerId, orderId: order.orderId, kind: 'ticket' }), ctx.data.events.get(line.refId)]);
    const event = granted ? stored : null;
    if (!event) return;
    // Within an order's fulfilment its webhooks share one read of the endpoints.
    const emit = ctx.emit ?? ((type, payload) => emitWebhook(ctx.data, type, payload));
    // Independent of one another: the confirmation, the outbound webhook and the reminders go out together.
    await Promise.all([
      sendTicketConfirmation(ctx.tenant, ctx.env, event, { email: order.buyerEmail, name: order.buyerName, orderId: order.orderId }),
      emit('registration.created', registrationData({ eventId: event.eventId, eventTitle: event.title, userId: order.buyerId, email: order.buyerEmail, name: order.buyerName, source: 'order', orderId: order.orderId })),
      scheduleReminders(ctx.data, event, { userId: order.buyerId, email: order.buyerEmail, name: order.buyerName }),
    ]);
  },
  async revoke(ctx, order, line) {
    const revoked = await ctx.data.tickets.revoke({ eventId: line.refId, userId: order.buyerId, orderId: order.orderId, kind: 'ticket' });
    const event = revoked ? await ctx.data.events.get(line.refId) : null;
    if (event) await ctx.data.tickets.removeReminder({ eventId: event.eventId, userId: order.buyerId, startsAt: event.eventDateTime });
    if (event) await emitWebhook(ctx.data, 'registration.canceled', registrationData({ eventId: event.eventId, eventTitle: event.title, userId: order.buyerId, email: order.buyerEmail, name: order.buyerName, source: 'order', orderId: order.orderId }));
  },
});

registerSellable({
  kind: 'replay',
  async price(ctx, request) {
    const event = await sellableEvent(ctx, request);
    if (!isEvent(event)) return event;
    if (event.replayPrice === null || eventStatus(event, Date.now()) === 'cancelled') return { refused: 'not_for_sale' };
    if (ctx.buyer) {
      const [ticket, replay] = await Promise.all([ctx.data.tickets.ticket(event.eventId, ctx.buyer.userId), ctx.data.tickets.replay(event.eventId, ctx.buyer.userId)]);
      if (replay || (ticket && event.ticketPrice > 0)) return { refused: 'already_owned' };
    }
    return lineFor(event, 'replay', event.replayPrice);
  },
  async fulfil(ctx, order, line) {
    await ctx.data.tickets.grant({ eventId: line.refId, userId: order.buyerId, orderId: order.orderId, kind: 'replay' });
  },
  async revoke(ctx, order, line) {
    await ctx.data.tickets.revoke({ eventId: line.refId, userId: order.buyerId, orderId: order.orderId, kind: 'replay' });
  },
});
