/**
 * The 'donation' sellable (issue 15, part 6; docs/decisions/0036-room-donations-and-sales.md).
 *
 * refId is a channelId (its owner is paid), or, from a live room, the eventId with meta.eventId
 * (the event's organizer is paid). The donor chooses the amount: 1 to 10,000 major units of the
 * tenant's currency. The message (at most 280 characters) is cleaned as chat text is, and a person
 * blocked from the event cannot donate there. Fulfilment records the donation once per order line
 * and, for a room, shows everyone the alert through the chat's notice broadcast.
 */
import { DONATION_MESSAGE_MAX, isDonationAmount, type DonationAlert } from '#app/lib/donations/model';
import { eventIdSchema, eventStatus } from '#app/lib/events/model';
import { roleOf } from '#app/lib/events/permissions';
import { charCount, cleanText } from '#app/lib/forms/text';
import type { LineRequest, Order, OrderLine } from '#app/lib/payments/model';
import type { TenantData } from '#server/data/tenantData.server';
import { registerSellable, type Refusal, type SellContext } from '../payments/sellables.server';
import { channelOf } from '../roomSales/catalog.server';
import { log } from '#server/observability/log.server';

/** madeDonation and the supporter badge: whether the user donated in the event's room. */
export function hasDonated(data: TenantData, eventId: string, userId: string): Promise<boolean> {
  return data.donations.hasDonated(eventId, userId);
}

const refuse = (refused: Refusal['refused']): Refusal => ({ refused });

/** The donation message as kept and shown, or null when it is too long. */
export function donationMessage(raw: string | undefined): string | null {
  const text = cleanText(raw ?? '');
  return charCount(text) > DONATION_MESSAGE_MAX ? null : text;
}

export async function priceDonation(ctx: SellContext, request: LineRequest): Promise<OrderLine | Refusal> {
  // The tenant's switch (tenants/<id>/tenant.json features.donations): off, nothing can be donated.
  if (!ctx.tenant.features.donations) return refuse('not_for_sale');
  const currency = ctx.tenant.currency;
  if (request.amount === undefined || !isDonationAmount(request.amount, currency) || request.quantity !== 1) return refuse('invalid_amount');
  const message = donationMessage(request.meta?.message);
  if (message === null) return refuse('invalid_amount');
  const line = { kind: 'donation' as const, refId: request.refId, quantity: 1, unitAmount: request.amount };
  const roomEventId = request.meta?.eventId;
  if (roomEventId !== undefined) {
    if (roomEventId !== request.refId || !eventIdSchema.safeParse(roomEventId).success) return refuse('not_found');
    const event = await ctx.data.events.get(roomEventId);
    if (!event) return refuse('not_found');
    const status = eventStatus(event, Date.now());
    if (status === 'cancelled' || status === 'expired') return refuse('not_for_sale');
    if (ctx.buyer && event.blockedUsers.includes(ctx.buyer.userId)) return refuse('not_found');
    if (ctx.buyer && roleOf(event, { sub: ctx.buyer.userId, email: ctx.buyer.email }) !== 'participant') return refuse('own_item');
    return { ...line, title: event.title, sellerId: event.organizerId, meta: { message, eventId: event.eventId } };
  }
  const channel = await channelOf(ctx.data, request.refId);
  if (!channel) return refuse('not_found');
  if (ctx.buyer?.userId === channel.ownerId) return refuse('own_item');
  return { ...line, title: channel.name, sellerId: channel.ownerId, channelId: channel.channelId, meta: { message } };
}

/** Records the line's donation; the room hears about it only the first time. */
export async function fulfilDonation(ctx: SellContext, order: Order, line: OrderLine): Promise<void> {
  const eventId = line.meta?.eventId ?? null;
  const donation = {
    orderId: order.orderId,
    refId: line.refId,
    donorId: order.buyerId,
    donorName: order.buyerName,
    sellerId: line.sellerId,
    channelId: line.channelId ?? null,
    eventId,
    amount: { amount: line.unitAmount * line.quantity, currency: order.currency },
    message: line.meta?.message ?? '',
    createdAt: order.paidAt ?? new Date().toISOString(),
  };
  const { created } = await ctx.data.donations.record(donation);
  if (!created || !eventId) return;
  const alert: DonationAlert = {
    donationId: `${order.orderId}:${line.refId}`,
    donorId: donation.donorId,
    donorName: donation.donorName,
    amount: donation.amount,
    message: donation.message,
    at: donation.createdAt,
  };
  await announceDonation(ctx.data, eventId, alert);
}

/** The alert in the room's chat and on its stage, on every instance. A failure is logged: the donation stands. */
export async function announceDonation(data: TenantData, eventId: string, donation: DonationAlert): Promise<void> {
  try {
    await data.chat.broadcast(eventId, { kind: 'donation', donation });
  } catch (e) {
    log.error(`[donations] alert for ${data.tenantId}/${eventId} failed: ${(e as Error).message}`);
  }
}

registerSellable({ kind: 'donation', price: priceDonation, fulfil: fulfilDonation });
