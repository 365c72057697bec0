import { describe, expect, it } from 'vitest';
import { parseEventForm } from '#app/lib/events/form';
import { majorText, parseTicketFields, ticketFormValues } from './eventPricing';

const base = { admission: 'free', ticketPrice: '', capacity: '', replayPrice: '' };

describe('event admission fields', () => {
  it('reads a paid event in major units of the currency, with capacity and replay price', () => {
    expect(parseTicketFields({ admission: 'paid', ticketPrice: '15,50', capacity: ' 120 ', replayPrice: '4' }, 'EUR')).toEqual({
      ok: true,
      input: { ticketPrice: 1550, capacity: 120, replayPrice: 400 },
    });
    expect(parseTicketFields({ ...base, admission: 'paid', ticketPrice: '250' }, 'MXN')).toEqual({ ok: true, input: { ticketPrice: 25000, capacity: null, replayPrice: null } });
  });

  it('ignores a price typed for a free event and refuses bad prices and capacities', () => {
    expect(parseTicketFields({ ...base, ticketPrice: 'abc' }, 'USD')).toEqual({ ok: true, input: { ticketPrice: 0, capacity: null, replayPrice: null } });
    for (const ticketPrice of ['', '0', 'abc', '1.999', '-5', '99999999']) {
      expect(parseTicketFields({ ...base, admission: 'paid', ticketPrice }, 'USD')).toEqual({ ok: false, errors: { ticketPrice: 'tickets.errors.price' } });
    }
    for (const capacity of ['0', '100001', '2.5', 'ten', '-1']) {
      expect(parseTicketFields({ ...base, capacity }, 'USD')).toEqual({ ok: false, errors: { capacity: 'tickets.errors.capacity' } });
    }
    expect(parseTicketFields({ ...base, capacity: '100000' }, 'USD')).toMatchObject({ ok: true, input: { capacity: 100000 } });
    expect(parseTicketFields({ ...base, replayPrice: '0' }, 'USD')).toEqual({ ok: false, errors: { replayPrice: 'tickets.errors.replayPrice' } });
  });

  it('never reads an unknown or missing admission as free, and a paid one needs its price', () => {
    for (const admission of ['', 'Paid', 'gratis', 'paid ; free']) {
      expect(parseTicketFields({ ...base, admission }, 'USD')).toEqual({ ok: false, errors: { admission: 'tickets.errors.admission' } });
    }
    expect(parseTicketFields({ ...base, admission: 'paid' }, 'USD')).toEqual({ ok: false, errors: { ticketPrice: 'tickets.errors.price' } });
    expect(parseTicketFields({ admission: 'paid', ticketPrice: '', capacity: 'many', replayPrice: 'x' }, 'USD')).toEqual({
      ok: false,
      errors: { ticketPrice: 'tickets.errors.price', capacity: 'tickets.errors.capacity', replayPrice: 'tickets.errors.replayPrice' },
    });
  });

  it('shows stored amounts as the organizer types them', () => {
    expect(majorText(1550, 'USD')).toBe('15.50');
    expect(majorText(2000, 'EUR')).toBe('20');
    expect(majorText(5, 'USD')).toBe('0.05');
    expect(ticketFormValues({ ticketPrice: 1999, capacity: 30, replayPrice: null }, 'USD')).toEqual({ admission: 'paid', ticketPrice: '19.99', capacity: '30', replayPrice: '' });
  });

  it('keeps what was typed when the event form fails on them', () => {
    const out = parseEventForm(
      { title: 'Paid talk', date: '2030-01-01', time: '10:00', eventTimeZone: 'UTC', layout: 'ils', enableRecording: 'cloud', recordingDestination: 'cloud', admission: 'paid', ticketPrice: '12.345', capacity: 'lots' },
      { now: Date.parse('2029-01-01T00:00:00Z'), languages: ['en'], defaultLanguage: 'en', currency: 'USD' },
    );
    expect(out).toMatchObject({
      ok: false,
      errors: { ticketPrice: 'tickets.errors.price', capacity: 'tickets.errors.capacity' },
      values: { admission: 'paid', ticketPrice: '12.345', capacity: 'lots' },
    });
  });
});
