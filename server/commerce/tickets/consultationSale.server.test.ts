import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { Tenant } from '#app/lib/config/tenant';
import { freeSlots, type Availability } from '#app/lib/tickets/consultations';
import { loadEnv } from '#server/env.server';
import { tenantData } from '#server/data/tenantData.server';
import { sellableFor } from '#server/commerce/payments/sellables.server';
import { hasEventAccess, paymentFlags } from '#server/entitlement/index.server';
import { cancelConsultation, fulfilConsultation } from './consultationSale.server';

const db = testDatabase();
const HOUR = 3_600_000;
const outbox = join(mkdtempSync(join(tmpdir(), 'consult-')), 'outbox.jsonl');
let previous: string | undefined;
beforeAll(() => {
  previous = process.env.IDENTITY_OUTBOX_FILE;
  process.env.IDENTITY_OUTBOX_FILE = outbox;
});
afterAll(() => {
  if (previous === undefined) delete process.env.IDENTITY_OUTBOX_FILE;
  else process.env.IDENTITY_OUTBOX_FILE = previous;
});
const mails = () => (existsSync(outbox) ? readFileSync(outbox, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; subject: string; purpose: string; attachments?: { content: string }[] }) : []);

// Every day 00:00-23:00 in Paris, hour slots: always something to book tomorrow.
const availability: Availability = {
  timeZone: 'Europe/Paris',
  slotMinutes: 60,
  fee: 4500,
  cancellationHours: 24,
  rules: 'Free cancellation until 24 hours before: full refund.',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '00:00', to: '23:00' })),
};

async function setUp(ownerEmail = 'odile@example.com') {
  const tenant = { id: uniqueTenantId(), domains: [], languages: { supported: ['en'] }, currency: 'EUR' } as unknown as Tenant;
  const data = tenantData({ db }, tenant.id);
  await data.consultations.saveAvailability('chan1', { ownerId: 'owner-1', ownerName: 'Odile', ownerEmail }, availability);
  const date = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
  const start = freeSlots(availability, date, 'America/Los_Angeles', Date.now())[0]!;
  const hold = (buyerId: string, spelling = start) =>
    data.consultations.hold({
      channelId: 'chan1',
      ownerId: 'owner-1',
      buyerId,
      buyerEmail: `${buyerId}@example.com`,
      buyerName: buyerId,
      start: spelling,
      minutes: 60,
      fee: availability.fee,
      currency: 'EUR',
      topic: 'Portfolio review',
      notes: 'Bring sketches',
      buyerTimeZone: 'America/Los_Angeles',
    });
  return { tenant, data, start, hold };
}

describe('consultation bookings', () => {
  it('gives a slot to exactly one of many buyers at once, and frees it when the payment fails', async () => {
    const { data, start, hold } = await setUp();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => hold(`buyer${i}`)));
    const winners = results.filter((b) => b !== null);
    expect(winners).toHaveLength(1);
    expect(await data.consultations.taken('chan1', start, start)).toEqual(new Set([start]));
    expect(await data.consultations.end(winners[0]!.bookingId, 'released')).toBe(true);
    expect(await data.consultations.end(winners[0]!.bookingId, 'released')).toBe(false);
    expect((await data.consultations.taken('chan1', start, start)).size).toBe(0);
    expect(await hold('buyer9')).not.toBeNull();
  });

  it('holds one instant once however its start is spelt, also when the holds come at once; booking, confirmation and session keep the canonical start', async () => {
    // Its own organizer address: the mails of the other tests are counted by theirs.
    const { tenant, data, start, hold } = await setUp('spellings@example.com');
    const spellingsOf = (iso: string) => {
      const ms = Date.parse(iso);
      return [iso, iso.replace('.000Z', 'Z'), iso.replace('Z', '+00:00'), DateTime.fromMillis(ms, { zone: 'UTC+2' }).toISO()!, DateTime.fromMillis(ms, { zone: 'America/Los_Angeles' }).toISO()!];
    };
    const spellings = spellingsOf(start);
    expect(new Set(spellings).size).toBe(5);
    // One after another: the first holds (under the canonical start), every other spelling finds it taken.
    const first = (await hold('first', spellings[3]))!;
    expect(first.start).toBe(start);
    for (const [i, spelling] of spellings.entries()) expect(await hold(`later${i}`, spelling), spelling).toBeNull();
    expect(await data.consultations.taken('chan1', start, start)).toEqual(new Set([start]));

    // Paid: the booking is confirmed on the canonical slot and the session starts at that instant.
    const event = (await fulfilConsultation({ tenant, data, env: loadEnv() }, { orderId: 'order-c', buyerId: 'first', buyerEmail: 'first@example.com', buyerName: 'First' }, first.bookingId))!;
    expect(event.eventDateTime).toBe(start);
    expect(await data.consultations.booking(first.bookingId)).toMatchObject({ status: 'confirmed', start, eventId: event.eventId });
    for (const [i, spelling] of spellings.entries()) expect(await hold(`afterPaid${i}`, spelling), spelling).toBeNull();

    // At once, two buyers for each spelling: exactly one gets the slot.
    const other = await setUp();
    const raced = await Promise.all(spellingsOf(other.start).flatMap((spelling, i) => [other.hold(`racer${i}a`, spelling), other.hold(`racer${i}b`, spelling)]));
    const winners = raced.filter((b) => b !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.start).toBe(other.start);
  });

  it('refuses to hold a start that is not an instant with its offset', async () => {
    const { hold, start } = await setUp();
    await expect(hold('vague', start.replace('.000Z', ''))).rejects.toThrow(/with its offset/);
  });

  it('prices the held booking from stored data, and paying makes the private session for the two with mail and .ics', async () => {
    const { tenant, data, start, hold } = await setUp();
    const booking = (await hold('ana'))!;
    const ctx = { tenant, data, env: loadEnv(), buyer: { userId: 'ana', email: 'ana@example.com', name: 'Ana' } };
    const sellable = sellableFor('consultation');
    expect(await sellable.price(ctx, { kind: 'consultation', refId: booking.bookingId, quantity: 1 })).toMatchObject({ unitAmount: 4500, sellerId: 'owner-1', channelId: 'chan1' });
    expect(await sellable.price({ ...ctx, buyer: { ...ctx.buyer, userId: 'bob' } }, { kind: 'consultation', refId: booking.bookingId, quantity: 1 })).toEqual({ refused: 'not_found' });

    const order = { orderId: 'order-1', buyerId: 'ana', buyerEmail: 'ana@example.com', buyerName: 'Ana' };
    const event = (await fulfilConsultation(ctx, order, booking.bookingId))!;
    expect(event).toMatchObject({ layout: 'pvs', consultationBookingId: booking.bookingId, organizerId: 'owner-1', eventDateTime: start, capacity: 1, ticketPrice: 0 });
    // Once only: a duplicated delivery answers the same session.
    expect((await fulfilConsultation(ctx, order, booking.bookingId))?.eventId).toBe(event.eventId);
    expect((await data.consultations.booking(booking.bookingId))?.eventId).toBe(event.eventId);
    // Private: not listed; the buyer and the organizer may enter, nobody else.
    expect((await data.events.list()).items.map((e) => e.eventId)).not.toContain(event.eventId);
    expect(await hasEventAccess(data, event, 'ana', 'ticket')).toBe(true);
    expect(await hasEventAccess(data, event, 'owner-1', 'ticket')).toBe(true);
    expect(await hasEventAccess(data, event, 'mallory', 'ticket')).toBe(false);
    expect(await paymentFlags(data, event, 'ana')).toEqual({ hasPaymentInfo: true, paidConsultationFee: true, madeDonation: false });
    const booked = mails().filter((m) => m.purpose === 'ticket' && (m.to === 'ana@example.com' || m.to === 'odile@example.com'));
    expect(booked.map((m) => m.to).sort()).toEqual(['ana@example.com', 'odile@example.com']);
    expect(booked[0]!.attachments?.[0]?.content).toContain('BEGIN:VCALENDAR');
    expect(await data.tickets.remindersBetween(start, new Date(Date.parse(start) + 1000).toISOString())).toHaveLength(2);
  });

  it('refunds a cancellation inside the rule through the refund function, and not outside it', async () => {
    const { tenant, data, hold } = await setUp();
    const booking = (await hold('cy'))!;
    const ctx = { tenant, data, env: loadEnv() };
    await fulfilConsultation(ctx, { orderId: 'order-2', buyerId: 'cy', buyerEmail: 'cy@example.com', buyerName: 'Cy' }, booking.bookingId);
    const refunds: string[] = [];
    const refund = async (refunded: { orderId?: string }) => {
      refunds.push(refunded.orderId!);
      return true;
    };
    expect(await cancelConsultation(ctx, booking.bookingId, 'someone-else', refund)).toBe('notFound');
    expect(await cancelConsultation(ctx, booking.bookingId, 'cy', refund, Date.parse(booking.start) - 2 * HOUR)).toBe('tooLate');
    expect(refunds).toEqual([]);
    expect(await cancelConsultation(ctx, booking.bookingId, 'cy', refund)).toBe('refunded');
    expect(refunds).toEqual(['order-2']);
    // The refund's revoke then cancels the session, frees the slot and tells both (once, however often it runs).
    const line = { kind: 'consultation', refId: booking.bookingId, quantity: 1, title: '', unitAmount: 0, sellerId: 'owner-1' } as const;
    await sellableFor('consultation').revoke!(ctx, {} as never, line);
    await sellableFor('consultation').revoke!(ctx, {} as never, line);
    const cancelled = mails().filter((m) => m.subject.startsWith('Consultation cancelled'));
    expect(cancelled.map((m) => m.to).sort()).toEqual(['cy@example.com', 'odile@example.com']);
    const after = await data.consultations.booking(booking.bookingId);
    expect(after?.status).toBe('canceled');
    expect((await data.events.get(after!.eventId!))?.cancelledAt).not.toBeNull();
    expect((await data.consultations.taken('chan1', booking.start, booking.start)).size).toBe(0);
  });
});
