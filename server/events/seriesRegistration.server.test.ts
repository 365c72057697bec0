import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { ticketGate } from '#server/entitlement/gate.server';
import { newEventInput } from './data/events.server';
import { registerForSeries, seriesAccessFor, seriesSeat } from './seriesRegistration.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga Organizer', email: 'olga@example.com', language: 'en' };
const ana = { sub: 'ana', email: 'ana@example.com', emailVerified: true, groups: [] as string[] };
const DAY = 86_400_000;

/** A weekly series in a fresh tenant: one occurrence a week ago, then `future` to come; capacities per occurrence. */
async function seriesWith(capacities: Array<number | null>, t = uniqueTenantId('sreg')) {
  const data = tenantData({ db }, t);
  const input = newEventInput({ title: 'Weekly club', eventDateTime: new Date(Date.now() + 7 * DAY).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', capacity: 2 });
  const series = await data.events.series.create({ rrule: 'FREQ=WEEKLY;COUNT=4', dtstart: '2026-01-01T18:00', zone: 'UTC', template: input, organizerId: organizer.sub });
  const starts = [-7, ...capacities.map((_, i) => 7 * (i + 1))];
  const events = [];
  for (const [i, days] of starts.entries()) {
    const capacity = i === 0 ? 2 : capacities[i - 1]!;
    events.push(await data.events.create({ ...input, capacity, eventDateTime: new Date(Date.now() + days * DAY).toISOString(), seriesId: series.seriesId, seriesIndex: i }, organizer));
  }
  await data.events.series.save({ ...series, eventIds: events.map((e) => e.eventId) }, series);
  return { t, data, series, past: events[0]!, future: events.slice(1) };
}

describe('whole-series registration (DynamoDB Local)', () => {
  it('registers every future occurrence once, ignores the past, and is idempotent', async () => {
    const { data, past, future } = await seriesWith([2, 2, null]);
    const first = await registerForSeries(data, future[0]!, ana);
    expect(first.ok && first.registered.map((e) => e.eventId)).toEqual(future.map((e) => e.eventId));
    expect(await data.tickets.ticket(past.eventId, 'ana')).toBeNull();
    for (const e of future) expect(await data.tickets.ticket(e.eventId, 'ana')).not.toBeNull();

    const again = await registerForSeries(data, future[1]!, ana);
    expect(again.ok && { registered: again.registered.length, already: again.already.length, full: again.full.length }).toEqual({ registered: 0, already: 3, full: 0 });
    // Kept, not duplicated: one seat each.
    expect(await data.tickets.sold(future[0]!.eventId)).toBe(1);
    expect(await data.tickets.sold(future[1]!.eventId)).toBe(1);
  });

  it('skips and reports a full occurrence without failing the others', async () => {
    const { data, future } = await seriesWith([1, 1, 1]);
    await data.tickets.registerFree({ eventId: future[1]!.eventId, userId: 'ben', capacity: 1 });
    const out = await registerForSeries(data, future[0]!, ana);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.full.map((e) => e.eventId)).toEqual([future[1]!.eventId]);
    expect(out.registered.map((e) => e.eventId)).toEqual([future[0]!.eventId, future[2]!.eventId]);
    expect(await data.tickets.ticket(future[1]!.eventId, 'ana')).toBeNull();
    expect(await data.tickets.sold(future[1]!.eventId)).toBe(1);
  });

  it('leaves out cancelled occurrences', async () => {
    const { data, future } = await seriesWith([2, 2]);
    await data.events.patch(future[1]!.eventId, () => ({ cancelledAt: new Date().toISOString() }));
    const out = await registerForSeries(data, future[0]!, ana);
    expect(out.ok && out.registered.map((e) => e.eventId)).toEqual([future[0]!.eventId]);
    expect(await data.tickets.ticket(future[1]!.eventId, 'ana')).toBeNull();
  });

  it('is notFound for a series of another tenant, and for an event without a series', async () => {
    const a = await seriesWith([2]);
    const other = tenantData({ db }, uniqueTenantId('sreg-b'));
    expect(await registerForSeries(other, a.future[0]!, ana)).toEqual({ ok: false, reason: 'notFound' });
    expect(await other.events.series.registration(a.series.seriesId, 'ana')).toBeNull();
    expect(await a.data.tickets.ticket(a.future[0]!.eventId, 'ana')).toBeNull();
    const single = await a.data.events.create(newEventInput({ title: 'Once', eventDateTime: new Date(Date.now() + DAY).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', capacity: 3 }), organizer);
    expect(await registerForSeries(a.data, single, ana)).toEqual({ ok: false, reason: 'notFound' });
    expect(await seriesAccessFor(a.data, single, 'ana')).toBeNull();
  });

  it('admits the person to an occurrence added after they registered, taking its seat under the capacity', async () => {
    const { data, series, future } = await seriesWith([2]);
    await registerForSeries(data, future[0]!, ana);
    expect(await seriesAccessFor(data, future[0]!, 'ana')).toEqual({ upcoming: 1, registered: true });
    // The series is extended: a new occurrence the person holds no seat on yet.
    const added = await data.events.create({ ...future[0]!, eventDateTime: new Date(Date.now() + 21 * DAY).toISOString(), seriesId: series.seriesId, seriesIndex: 2, capacity: 1 }, organizer);
    expect(await data.tickets.ticket(added.eventId, 'ana')).toBeNull();
    expect(await ticketGate(data, added, ana)).toBeNull();
    expect(await data.tickets.ticket(added.eventId, 'ana')).not.toBeNull();
    // Someone else, not registered for the series, still needs a seat; once full, the series no longer seats anyone.
    expect(await ticketGate(data, added, { sub: 'ben', groups: [] })).toMatchObject({ reason: 'registrationRequired' });
    const cara = { sub: 'cara', groups: [] };
    await data.events.series.register(series.seriesId, 'cara');
    expect(await seriesSeat(data, added, cara.sub)).toBe(false);
    expect(await ticketGate(data, added, cara)).toMatchObject({ reason: 'registrationRequired' });
  });
});
