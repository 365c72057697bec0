import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { Tenant, TenantId } from '#app/lib/config/tenant';
import type { LineRequest, Order, OrderLine } from '#app/lib/payments/model';
import { loadEnv } from '#server/env.server';
import { createEvent, newEventInput, setUserBlocked } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { chatChannel, MemoryBus } from '#server/chat/bus.server';
import { ChatService, decodeBusMessage } from '#server/chat/service.server';
import { ChatRepository } from '#server/chat/data/repository.server';
import { isRefusal, sellableFor, type SellContext } from '../payments/sellables.server';
import { roomPaymentFlags } from '#server/entitlement/index.server';
import { hasDonated } from './donations.server';

const db = testDatabase();
const organizer = { sub: 'org', name: 'Olga', email: 'olga@example.com', language: 'en' };
const donor = { userId: 'ana', email: 'ana@example.com', name: 'Ana' };

/** A tenant's sell context with a real chat service on an in-process bus, and the notices it broadcast. */
async function setup(currency = 'USD') {
  const t: TenantId = uniqueTenantId('don');
  const bus = new MemoryBus();
  const chat = new ChatService(bus, new ChatRepository(db));
  const data = tenantData({ db, chat }, t);
  const event = await createEvent(
    db,
    t,
    newEventInput({ title: 'Show', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }),
    organizer,
  );
  const notices: unknown[] = [];
  await bus.subscribe(chatChannel(t, event.eventId), (payload) => {
    const message = decodeBusMessage(payload);
    if (message?.type === 'notice') notices.push(JSON.parse(message.frame));
  });
  const ctx: SellContext = { tenant: { id: t, currency, features: { donations: true } } as unknown as Tenant, data, env: loadEnv(), buyer: donor };
  return { t, data, event, ctx, notices };
}

const roomLine = (eventId: string, amount: number, message = ''): LineRequest => ({ kind: 'donation', refId: eventId, quantity: 1, amount, meta: { eventId, message } });

function orderOf(line: OrderLine, orderId = `ord-${Math.random().toString(36).slice(2)}`): Order {
  const total = { amount: line.unitAmount, currency: 'USD' };
  return {
    orderId,
    buyerId: donor.userId,
    buyerEmail: donor.email,
    buyerName: donor.name,
    currency: 'USD',
    lines: [line],
    total,
    applicationFee: { amount: 0, currency: 'USD' },
    refunded: { amount: 0, currency: 'USD' },
    status: 'captured',
    provider: 'test',
    returnPath: '/',
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
  };
}

describe('the donation sellable (DynamoDB Local)', () => {
  it('accepts 1.00 to 10,000.00 of the tenant currency and refuses anything else', async () => {
    const { event, ctx } = await setup();
    const price = (amount: number) => sellableFor('donation').price(ctx, roomLine(event.eventId, amount));
    expect(await price(99)).toEqual({ refused: 'invalid_amount' });
    expect(await price(1_000_001)).toEqual({ refused: 'invalid_amount' });
    expect(await price(100)).toMatchObject({ kind: 'donation', unitAmount: 100, sellerId: 'org', title: 'Show' });
    expect(await price(1_000_000)).toMatchObject({ unitAmount: 1_000_000 });
    expect(await sellableFor('donation').price(ctx, { kind: 'donation', refId: event.eventId, quantity: 1, meta: { eventId: event.eventId } })).toEqual({
      refused: 'invalid_amount',
    });
    expect(await sellableFor('donation').price(ctx, { ...roomLine(event.eventId, 500), quantity: 2 })).toEqual({ refused: 'invalid_amount' });
  });

  it('refuses every donation on a tenant whose donations switch is off', async () => {
    const { event, ctx } = await setup();
    const off = { ...ctx, tenant: { ...ctx.tenant, features: { ...ctx.tenant.features, donations: false } } };
    expect(await sellableFor('donation').price(off, roomLine(event.eventId, 500))).toEqual({ refused: 'not_for_sale' });
  });

  it('counts the minimum in major units of the currency (MXN has centavos too)', async () => {
    const { event, ctx } = await setup('MXN');
    expect(await sellableFor('donation').price(ctx, roomLine(event.eventId, 99))).toEqual({ refused: 'invalid_amount' });
    expect(await sellableFor('donation').price(ctx, roomLine(event.eventId, 100))).toMatchObject({ unitAmount: 100 });
  });

  it('keeps a cleaned message of at most 280 characters, and refuses a longer one', async () => {
    const { event, ctx } = await setup();
    const ok = await sellableFor('donation').price(ctx, roomLine(event.eventId, 500, `  Great\u202E show! ${'x'.repeat(266)} `));
    expect(isRefusal(ok)).toBe(false);
    expect((ok as OrderLine).meta).toEqual({ eventId: event.eventId, message: `Great show! ${'x'.repeat(266)}` });
    expect(await sellableFor('donation').price(ctx, roomLine(event.eventId, 500, 'y'.repeat(281)))).toEqual({ refused: 'invalid_amount' });
  });

  it('refuses a person blocked from the event, the organizer, another room than the refId, and an unknown event', async () => {
    const { t, event, ctx } = await setup();
    expect(await sellableFor('donation').price({ ...ctx, buyer: { userId: 'org', email: 'olga@example.com', name: 'Olga' } }, roomLine(event.eventId, 500))).toEqual({
      refused: 'own_item',
    });
    expect(await sellableFor('donation').price(ctx, { ...roomLine(event.eventId, 500), refId: 'abcdefabcdef' })).toEqual({ refused: 'not_found' });
    expect(await sellableFor('donation').price(ctx, roomLine('abcdefabcdef', 500))).toEqual({ refused: 'not_found' });
    await setUserBlocked(db, t, event.eventId, donor.userId, true);
    expect(await sellableFor('donation').price(ctx, roomLine(event.eventId, 500))).toEqual({ refused: 'not_found' });
  });

  it('records a donation once per order however often it is fulfilled, and alerts the room once', async () => {
    const { data, event, ctx, notices } = await setup();
    const line = (await sellableFor('donation').price(ctx, roomLine(event.eventId, 1000, 'Great show!'))) as OrderLine;
    const order = orderOf(line);
    expect(await hasDonated(data, event.eventId, donor.userId)).toBe(false);
    await Promise.all([sellableFor('donation').fulfil(ctx, order, line), sellableFor('donation').fulfil(ctx, order, line)]);
    await sellableFor('donation').fulfil(ctx, order, line);
    expect(await hasDonated(data, event.eventId, donor.userId)).toBe(true);
    expect(await hasDonated(data, event.eventId, 'someone-else')).toBe(false);
    const listed = await data.donations.toSeller('org');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ orderId: order.orderId, donorId: 'ana', donorName: 'Ana', eventId: event.eventId, amount: { amount: 1000, currency: 'USD' }, message: 'Great show!' });
    expect(notices).toEqual([
      { type: 'notice', notice: { kind: 'donation', donation: expect.objectContaining({ donorName: 'Ana', amount: { amount: 1000, currency: 'USD' }, message: 'Great show!' }) } },
    ]);
    // A second order is a second donation.
    await sellableFor('donation').fulfil(ctx, orderOf(line), line);
    expect(await data.donations.toSeller('org')).toHaveLength(2);
    expect(notices).toHaveLength(2);
  });

  it("keeps tenants apart: one tenant's donor is no supporter in another", async () => {
    const a = await setup();
    const line = (await sellableFor('donation').price(a.ctx, roomLine(a.event.eventId, 500))) as OrderLine;
    await sellableFor('donation').fulfil(a.ctx, orderOf(line), line);
    const other = tenantData({ db }, uniqueTenantId('don'));
    expect(await hasDonated(other, a.event.eventId, donor.userId)).toBe(false);
    expect(await other.donations.toSeller('org')).toEqual([]);
  });

  it("a channel donation pays the channel's owner and is listed for that channel (a channel of the shop)", async () => {
    const { data, ctx } = await setup();
    const channel = await data.channels.create({ userId: 'owner-1', name: 'Owen' }, { name: 'Owen’s channel', about: '', introVideoId: null, links: [] }, 'USD');
    const request: LineRequest = { kind: 'donation', refId: channel.channelId, quantity: 1, amount: 2500, meta: { message: 'Keep going' } };
    const line = (await sellableFor('donation').price(ctx, request)) as OrderLine;
    expect(line).toMatchObject({ kind: 'donation', refId: channel.channelId, unitAmount: 2500, sellerId: 'owner-1', channelId: channel.channelId, title: 'Owen’s channel', meta: { message: 'Keep going' } });
    expect(await sellableFor('donation').price(ctx, { ...request, refId: 'nope' })).toEqual({ refused: 'not_found' });
    expect(await sellableFor('donation').price({ ...ctx, buyer: { userId: 'owner-1', email: 'o@example.com', name: 'Owen' } }, request)).toEqual({ refused: 'own_item' });
    await sellableFor('donation').fulfil(ctx, orderOf(line), line);
    expect((await data.donations.toChannel('owner-1', channel.channelId)).map((d) => [d.donorId, d.amount.amount, d.eventId])).toEqual([['ana', 2500, null]]);
    expect(await data.donations.toChannel('owner-1', 'other')).toEqual([]);
  });

  it('madeDonation is in the room data of a room that sells nothing, when the tenant takes donations', async () => {
    const { data, event, ctx } = await setup();
    const line = (await sellableFor('donation').price(ctx, roomLine(event.eventId, 700))) as OrderLine;
    await sellableFor('donation').fulfil(ctx, orderOf(line), line);
    expect(event.ticketPrice === 0 && event.replayPrice === null).toBe(true);
    expect(await roomPaymentFlags(data, event, donor.userId, true)).toEqual({ hasPaymentInfo: false, paidConsultationFee: false, madeDonation: true });
    expect((await roomPaymentFlags(data, event, 'someone-else', true)).madeDonation).toBe(false);
    // Donations off: no read, nothing to say.
    expect((await roomPaymentFlags(data, event, donor.userId, false)).madeDonation).toBe(false);
  });
});
