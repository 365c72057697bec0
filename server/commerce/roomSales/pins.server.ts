/**
 * The pinned sale of a live room (issue 15, part 7; docs/decisions/0036): the organizer or a host
 * pins one of the organizer's channel products, the event's replay (when it is sold apart) or its
 * paid ticket; the card is priced here from stored data, kept per event, and every socket of the
 * room hears the change through the chat's notice broadcast.
 */
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { PinKind, PinnedSale, PinState } from '#app/lib/roomSales/model';
import type { Tenant } from '#app/lib/config/tenant';
import type { TenantData } from '#server/data/tenantData.server';
import { eventImageUrl } from '#server/events/index.server';
import { mediaImageUrl } from '../shop/storefront.server';
import { productOf } from './catalog.server';
import { log } from '#server/observability/log.server';

/** What a pin could not be made of: unknown, another organizer's, or not for sale. */
export class PinRefused extends Error {
  constructor(readonly code: 'notFound' | 'notForSale') {
    super(code);
  }
}

interface PinContext {
  tenant: Pick<Tenant, 'currency'>;
  data: TenantData;
}

/** The card for `kind`/`refId` in `event`, priced from stored data. */
export async function pinFor(ctx: PinContext, event: EventRecord, user: SessionUser, kind: PinKind, refId: string, now = new Date()): Promise<PinnedSale> {
  const base = { kind, refId, pinnedBy: user.sub, pinnedAt: now.toISOString() };
  const currency = ctx.tenant.currency;
  if (kind === 'product') {
    const product = await productOf(ctx.data, refId);
    // The organizer's own products only: a host cannot sell someone else's goods in this room.
    if (!product || product.ownerId !== event.organizerId) throw new PinRefused('notFound');
    // A draft cannot be bought (the product sellable refuses it): the card would only fail at Buy.
    if (!product.published) throw new PinRefused('notForSale');
    const image = product.media.images[0];
    const imageUrl = image ? await mediaImageUrl(ctx.data, await ctx.data.media.get(image), null, 'small300') : null;
    return { ...base, title: product.title, price: { amount: product.price, currency: product.currency }, imageUrl };
  }
  if (refId !== event.eventId) throw new PinRefused('notFound');
  const amount = kind === 'replay' ? event.replayPrice : event.ticketPrice;
  if (amount === null || amount <= 0) throw new PinRefused('notForSale');
  const imageKey = event.images.poster ?? event.images.banner ?? event.images.thumbnail;
  return { ...base, title: event.title, price: { amount, currency }, imageUrl: await eventImageUrl(ctx.data.files, imageKey) };
}

export async function pin(ctx: PinContext, event: EventRecord, sale: PinnedSale): Promise<PinState> {
  const state = await ctx.data.roomPins.save(event.eventId, sale);
  await announce(ctx.data, event.eventId, state);
  return state;
}

export async function unpin(ctx: PinContext, event: EventRecord): Promise<PinState> {
  const state = await ctx.data.roomPins.clear(event.eventId);
  await announce(ctx.data, event.eventId, state);
  return state;
}

async function announce(data: TenantData, eventId: string, state: PinState) {
  try {
    await data.chat.broadcast(eventId, { kind: 'pin', state });
  } catch (e) {
    // The pin is stored: browsers read it on their next GET (they do on every chat welcome).
    log.error(`[roomSales] pin notice for ${data.tenantId}/${eventId} failed: ${(e as Error).message}`);
  }
}
