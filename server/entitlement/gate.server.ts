/**
 * The ticket gate of a room (issue 15): for a paid event, or a free one with a capacity, the
 * room and everything in it are only for ticket holders (a registration counts for a free event),
 * the organizer, hosts and tenant admins. Rooms ask it through their one admission
 * (server/entitlement/admission.server.ts), never on its own.
 */
import { previewHref, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { TenantData } from '#server/data/tenantData.server';
import { getFixedT } from '#server/i18n.server';
import { seriesSeat } from '#server/events/index.server';
import { hasEventAccess, needsTicket } from './access.server';

export interface TicketGate {
  /** ticketRequired: a paid event; registrationRequired: a free event with a capacity. */
  reason: 'ticketRequired' | 'registrationRequired';
  /** Where the person buys a ticket or registers (/preview). */
  buyUrl: string;
}

/** Null when the person may enter as far as tickets go (the event's other rules still apply). */
export async function ticketGate(data: TenantData, event: EventRecord, user: EventUser): Promise<TicketGate | null> {
  if (!needsTicket(event) || isStaff(roleOf(event, user))) return null;
  if (await hasEventAccess(data, event, user, 'ticket')) return null;
  // A whole-series registration admits to every occurrence, its seat taken here under the capacity (docs/decisions/0085).
  if (user.sub && (await seriesSeat(data, event, user.sub))) return null;
  return { reason: event.ticketPrice > 0 ? 'ticketRequired' : 'registrationRequired', buyUrl: previewHref(event.eventId) };
}

/**
 * The room page's gate with its words already in the page's language: the room does not carry
 * the tickets namespace (a whole audience loads it: docs/decisions/0024, "Per-join cost").
 */
export async function ticketGateView(gate: TicketGate, language: string) {
  const t = await getFixedT(language);
  const paid = gate.reason === 'ticketRequired';
  return {
    ...gate,
    title: t('tickets.gate.title'),
    text: t(paid ? 'tickets.gate.text' : 'tickets.gate.registerText'),
    action: t(paid ? 'tickets.gate.buy' : 'tickets.gate.register'),
  };
}
