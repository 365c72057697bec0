/**
 * The admission fields of the event form (/scheduleEvents): free or paid with a ticket price in
 * the tenant's currency, an optional capacity and an optional replay price. Prices are typed in
 * major units ("15", "15.50", "15,50") and stored in minor units (app/lib/money/money.ts).
 * Browser-safe. Errors are keys of the `tickets` namespace.
 */
import { minorAmountSchema, minorUnitsPerMajor, parseMajorAmount } from '#app/lib/money/money';
import type { EventRecord } from '#app/lib/events/model';

export const MAX_CAPACITY = 100_000;
export const ADMISSIONS = ['free', 'paid'] as const;
export type Admission = (typeof ADMISSIONS)[number];

export const TICKET_FORM_FIELDS = ['admission', 'ticketPrice', 'capacity', 'replayPrice'] as const;
export type TicketFormField = (typeof TICKET_FORM_FIELDS)[number];

/** What the organizer typed (kept as typed on errors). */
export interface TicketFormValues {
  admission: string;
  ticketPrice: string;
  capacity: string;
  replayPrice: string;
}

export type TicketFormError = 'tickets.errors.price' | 'tickets.errors.capacity' | 'tickets.errors.capacityBelowSold' | 'tickets.errors.replayPrice';

export interface TicketInput {
  ticketPrice: number;
  capacity: number | null;
  replayPrice: number | null;
}

export const NEW_TICKET_VALUES: TicketFormValues = { admission: 'free', ticketPrice: '', capacity: '', replayPrice: '' };

/** Minor units as the organizer would type them ("15.50"; "15" when there are no cents). */
export function majorText(amount: number, currency: string): string {
  const per = minorUnitsPerMajor(currency);
  if (per === 1) return String(amount);
  const digits = String(per).length - 1;
  const whole = Math.floor(amount / per);
  const fraction = amount % per;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(digits, '0')}`;
}

export function ticketFormValues(event: Pick<EventRecord, 'ticketPrice' | 'capacity' | 'replayPrice'>, currency: string): TicketFormValues {
  return {
    admission: event.ticketPrice > 0 ? 'paid' : 'free',
    ticketPrice: event.ticketPrice > 0 ? majorText(event.ticketPrice, currency) : '',
    capacity: event.capacity == null ? '' : String(event.capacity),
    replayPrice: event.replayPrice == null ? '' : majorText(event.replayPrice, currency),
  };
}

/** A typed price in minor units, or null when it is not one (too many decimals, letters, too large). */
function price(text: string, currency: string): number | null {
  let amount: number | null;
  try {
    amount = parseMajorAmount(text, currency);
  } catch {
    return null;
  }
  return amount !== null && minorAmountSchema.safeParse(amount).success ? amount : null;
}

export function parseTicketFields(
  values: TicketFormValues,
  currency: string,
): { ok: true; input: TicketInput } | { ok: false; errors: Partial<Record<TicketFormField, TicketFormError>> } {
  const errors: Partial<Record<TicketFormField, TicketFormError>> = {};
  const paid = values.admission === 'paid';
  let ticketPrice = 0;
  if (paid) {
    const amount = price(values.ticketPrice, currency);
    if (amount === null || amount <= 0) errors.ticketPrice = 'tickets.errors.price';
    else ticketPrice = amount;
  }
  let capacity: number | null = null;
  const capacityText = values.capacity.trim();
  if (capacityText) {
    const n = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_CAPACITY) errors.capacity = 'tickets.errors.capacity';
    else capacity = n;
  }
  let replayPrice: number | null = null;
  if (values.replayPrice.trim()) {
    const amount = price(values.replayPrice, currency);
    if (amount === null || amount <= 0) errors.replayPrice = 'tickets.errors.replayPrice';
    else replayPrice = amount;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input: { ticketPrice, capacity, replayPrice } };
}
