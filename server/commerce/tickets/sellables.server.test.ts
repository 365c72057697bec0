import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { Tenant } from '#app/lib/config/tenant';
import type { Order, OrderLine } from '#app/lib/payments/model';
import { loadEnv } from '#server/env.server';
import { newEventInput, type EventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { sellableFor } from '#server/commerce/payments/sellables.server';
import { hasEventAccess } from '#server/entitlement/index.server';
import './sellables.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function setUp(over: Partial<EventInput> = {}) {
  const tenant = { id: uniqueTenantId(), domains: [], languages: { supported: ['en'] }, currency: 'USD' } as unknown as Tenant;
  const data = tenantData({ db }, tenant.id);
  const event = await data.events.create(
    newEventInput({ title: 'Paid talk', eventDateTime: inHours(48), eventTimeZone: 'UTC', eventLanguage: 'en', ticketPrice: 1500, capacity: 1, replayPrice: 500, ...over }),
    organizer,
  );
  const ctx = (userId: string) => ({ tenant, data, env: loadEnv(), buyer: { userId, email: `${userId}@example.com`, name: userId } });
  return { data, event, ctx };
}

const order = (orderId: string, buyerId: string) => ({ orderId, buyerId, buyerEmail: '', buyerName: buyerId }) as unknown as Order;

describe('ticket and replay sellables', () => {
  it('prices a ticket from the stored event and refuses the organizer, a holder and a full event', async () => {
    const { data, event, ctx } = await setUp();
    const ticket = sellableFor('ticket');
    const line = (await ticket.price(ctx('ana'), { kind: 'ticket', refId: event.eventId, quantity: 3 })) as OrderLine;
    expect(line).toMatchObject({ kind: 'ticket', refId: event.eventId, quantity: 1, unitAmount: 1500, sellerId: 'org-1' });
    expect(await ticket.price(ctx('org-1'), { kind: 'ticket', refId: event.eventId, quantity: 1 })).toEqual({ refused: 'own_item' });
    expect(await ticket.price(ctx('ana'), { kind: 'ticket', refId: 'nosuchevent0', quantity: 1 })).toEqual({ refused: 'not_found' });

    expect(await ticket.reserve!(ctx('ana'), order('o1', 'ana'), line)).toBe(true);
    expect(await ticket.reserve!(ctx('bo'), order('o2', 'bo'), line)).toBe(false);
    expect(await ticket.price(ctx('bo'), { kind: 'ticket', refId: event.eventId, quantity: 1 })).toEqual({ refused: 'sold_out' });
    await ticket.fulfil(ctx('ana'), order('o1', 'ana'), line);
    expect(await hasEventAccess(data, event, 'ana', 'ticket')).toBe(true);
    expect(await ticket.price(ctx('ana'), { kind: 'ticket', refId: event.eventId, quantity: 1 })).toEqual({ refused: 'already_owned' });
    // A ticket includes the replay.
    expect(await sellableFor('replay').price(ctx('ana'), { kind: 'replay', refId: event.eventId, quantity: 1 })).toEqual({ refused: 'already_owned' });

    // The refund takes the ticket back and the seat is free again.
    await ticket.revoke!(ctx('ana'), order('o1', 'ana'), line);
    expect(await hasEventAccess(data, event, 'ana', 'ticket')).toBe(false);
    expect(await data.tickets.sold(event.eventId)).toBe(0);
    expect(await ticket.reserve!(ctx('bo'), order('o2', 'bo'), line)).toBe(true);
  });

  it('refuses tickets for free and cancelled events, and sells the replay apart only when priced', async () => {
    const free = await setUp({ ticketPrice: 0, replayPrice: null });
    expect(await sellableFor('ticket').price(free.ctx('ana'), { kind: 'ticket', refId: free.event.eventId, quantity: 1 })).toEqual({ refused: 'not_for_sale' });
    expect(await sellableFor('replay').price(free.ctx('ana'), { kind: 'replay', refId: free.event.eventId, quantity: 1 })).toEqual({ refused: 'not_for_sale' });

    const paid = await setUp();
    const replayLine = (await sellableFor('replay').price(paid.ctx('cy'), { kind: 'replay', refId: paid.event.eventId, quantity: 1 })) as OrderLine;
    expect(replayLine).toMatchObject({ kind: 'replay', unitAmount: 500 });
    expect(await hasEventAccess(paid.data, paid.event, 'cy', 'replay')).toBe(false);
    await sellableFor('replay').fulfil(paid.ctx('cy'), order('o9', 'cy'), replayLine);
    expect(await hasEventAccess(paid.data, paid.event, 'cy', 'replay')).toBe(true);
    expect(await hasEventAccess(paid.data, paid.event, 'cy', 'ticket')).toBe(false);

    await paid.data.events.cancel(paid.event.eventId);
    expect(await sellableFor('ticket').price(paid.ctx('dee'), { kind: 'ticket', refId: paid.event.eventId, quantity: 1 })).toEqual({ refused: 'not_for_sale' });
  });
});
