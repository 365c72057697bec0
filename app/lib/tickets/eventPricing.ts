/**
 * The admission fields of the event form (/scheduleEvents): free or paid with a ticket price in
 * the tenant's currency, an optional capacity and an optional replay price. Prices are typed in
 * major units ("15", "15.50", "15,50") and stored in minor units (app/lib/money/money.ts).
 * Browser-safe. Errors are keys of the `tickets` namespace.
 */
import { z } from 'zod';
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

export type TicketFormError = 'tickets.errors.admission' | 'tickets.errors.price' | 'tickets.errors.capacity' | 'tickets.errors.capacityBelowSold' | 'tickets.errors.replayPrice';

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

const issue = (ctx: z.RefinementCtx, field: TicketFormField, message: TicketFormError) => ctx.addIssue({ code: 'custom', path: [field], message });

/**
 * The admission fields as the server reads them: "free" or "paid" and nothing else (an unknown
 * admission is refused, never read as free), a price of more than zero when paid, and the optional
 * capacity and replay price. Issue messages are the fields' error keys.
 */
export function ticketFieldsSchema(currency: string) {
  return z
    .object({ admission: z.string(), ticketPrice: z.string(), capacity: z.string(), replayPrice: z.string() })
    .transform((values, ctx): TicketInput => {
      const admission = ADMISSIONS.find((a) => a === values.admission.trim());
      if (!admission) issue(ctx, 'admission', 'tickets.errors.admission');
      let ticketPrice = 0;
      if (admission === 'paid') {
        const amount = price(values.ticketPrice, currency);
        if (amount === null || amount <= 0) issue(ctx, 'ticketPrice', 'tickets.errors.price');
        else ticketPrice = amount;
      }
      let capacity: number | null = null;
      const capacityText = values.capacity.trim();
      if (capacityText) {
        const n = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : NaN;
        if (!Number.isInteger(n) || n < 1 || n > MAX_CAPACITY) issue(ctx, 'capacity', 'tickets.errors.capacity');
        else capacity = n;
      }
      let replayPrice: number | null = null;
      if (values.replayPrice.trim()) {
        const amount = price(values.replayPrice, currency);
        if (amount === null || amount <= 0) issue(ctx, 'replayPrice', 'tickets.errors.replayPrice');
        else replayPrice = amount;
      }
      return { ticketPrice, capacity, replayPrice };
    });
}

export function parseTicketFields(
  values: TicketFormValues,
  currency: string,
): { ok: true; input: TicketInput } | { ok: false; errors: Partial<Record<TicketFormField, TicketFormError>> } {
  const parsed = ticketFieldsSchema(currency).safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<TicketFormField, TicketFormError>> = {};
  for (const { path, message } of parsed.error.issues) {
    const field = TICKET_FORM_FIELDS.find((f) => f === path[0]);
    if (field) errors[field] ??= message as TicketFormError;
  }
  return { ok: false, errors };
}
