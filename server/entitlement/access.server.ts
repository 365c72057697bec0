/**
 * Who may watch what (issue 15, commerce contract "Event access"): a paid event's room, chat and
 * replay are for ticket holders, its organizer and hosts; a free event with a capacity asks for a
 * registration. Rooms, media and the shop ask these; commerce sells and grants the tickets they
 * read (server/commerce/tickets/grants.server.ts).
 */
import type { EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { TenantData } from '#server/data/tenantData.server';
import { FREE_ORDER, type TicketKind } from '#app/lib/tickets/kinds';

type AccessFields = Pick<EventRecord, 'eventId' | 'ticketPrice' | 'capacity' | 'replayPrice' | 'organizerId' | 'hosts' | 'acceptedHosts'>;

/** A seat is needed to enter the room: the event is paid, or free with a capacity (registration). */
export const needsTicket = (event: Pick<EventRecord, 'ticketPrice' | 'capacity'>) => event.ticketPrice > 0 || event.capacity !== null;
/** The replay is sold (apart or with the ticket). */
export const replayIsGated = (event: Pick<EventRecord, 'ticketPrice' | 'replayPrice'>) => event.ticketPrice > 0 || event.replayPrice !== null;

/**
 * Whether the person may enter the room ('ticket') or watch the recording ('replay') of the event.
 * Pass the person with their groups: a tenant admin counts as the organizer (a bare id counts no
 * groups, only the event's own roles).
 */
export async function hasEventAccess(data: TenantData, event: AccessFields, person: EventUser | string, access: TicketKind): Promise<boolean> {
  const who = typeof person === 'string' ? { sub: person } : person;
  const userId = who.sub;
  if (isStaff(roleOf(event, who))) return true;
  if (access === 'ticket') {
    if (!needsTicket(event)) return true;
    return (await data.tickets.ticket(event.eventId, userId)) !== null;
  }
  if (!replayIsGated(event)) return true;
  const [ticket, replay] = await Promise.all([data.tickets.ticket(event.eventId, userId), data.tickets.replay(event.eventId, userId)]);
  // A free registration of an event whose replay is sold apart does not include the replay.
  return replay !== null || (ticket !== null && (event.ticketPrice > 0 || ticket.orderId !== FREE_ORDER));
}

/**
 * Whether the person (null: signed out) may watch what was made from the event: its recordings,
 * its kept broadcast, their captions (the replay). Free when the event sells neither seats with
 * the replay nor the replay apart; otherwise its ticket or replay holders, organizer, hosts and
 * tenant admins. An event that sells nothing costs no read.
 */
export function mayWatchReplay(data: TenantData, event: AccessFields, person: EventUser | null): Promise<boolean> {
  if (!replayIsGated(event)) return Promise.resolve(true);
  if (!person) return Promise.resolve(false);
  return hasEventAccess(data, event, person, 'replay');
}

export interface PaymentFlags {
  /** The person paid for this event (a ticket or its replay). */
  hasPaymentInfo: boolean;
  /** The event is the person's paid consultation. */
  paidConsultationFee: boolean;
  /** The person donated in this event's room. */
  madeDonation: boolean;
}

/**
 * SPEC.md §3's payment flags for a person and an event (the room data carries them).
 * madeDonation: the person donated in this event's room (the donations section of the tenant's data).
 */
export async function paymentFlags(data: TenantData, event: AccessFields & Pick<EventRecord, 'consultationBookingId'>, userId: string): Promise<PaymentFlags> {
  const [ticket, replay, donated] = await Promise.all([
    data.tickets.ticket(event.eventId, userId),
    data.tickets.replay(event.eventId, userId),
    data.donations.hasDonated(event.eventId, userId),
  ]);
  const paidTicket = ticket !== null && ticket.orderId !== FREE_ORDER;
  return {
    hasPaymentInfo: paidTicket || replay !== null,
    // A consultation's private session grants its buyer a ticket from the booking's order.
    paidConsultationFee: Boolean(event.consultationBookingId) && paidTicket,
    madeDonation: donated,
  };
}

const NO_PAYMENT: PaymentFlags = { hasPaymentInfo: false, paidConsultationFee: false, madeDonation: false };

/**
 * The flags the room's data carries. Events that sell nothing cost no read (a whole audience
 * joins at once: docs/decisions/0024, "Per-join cost"), except madeDonation: with the tenant's
 * donations on, anyone may donate in any room, so that one flag is one read.
 */
export function roomPaymentFlags(data: TenantData, event: AccessFields & Pick<EventRecord, 'consultationBookingId'>, userId: string, donations = false): Promise<PaymentFlags> {
  const sells = event.ticketPrice > 0 || event.replayPrice !== null || Boolean(event.consultationBookingId);
  if (sells) return paymentFlags(data, event, userId).catch(() => NO_PAYMENT);
  if (!donations) return Promise.resolve(NO_PAYMENT);
  return data.donations.hasDonated(event.eventId, userId).then(
    (madeDonation) => ({ ...NO_PAYMENT, madeDonation }),
    () => NO_PAYMENT,
  );
}

