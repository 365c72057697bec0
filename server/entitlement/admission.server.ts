/**
 * May this person be in this event's room now (docs/decisions/0054): the one decision every door
 * of a room asks (its page, its token, its chat and chat files, its captions, raising a hand, its
 * lobby, its live broadcast). It joins the event's own rules (roles, tenant admins, blocks, lead
 * times, early end, expiry, cancellation: canJoin, pure, which the browser also runs) with the
 * ticket gate of an event that sells its seats (server/entitlement/gate.server.ts). No door assembles
 * it by hand.
 *
 * Cost (docs/decisions/0024, "Per-join cost"): the event's own rules refuse first, with no read; the
 * ticket is read only for a participant of an event that sells seats (a paid event, or a free one
 * with a capacity). An event that sells nothing, and its organizer, hosts and admins, cost no read.
 */
import type { EventRecord } from '#app/lib/events/model';
import { canJoin, type EventRole, type EventUser, type JoinRefusal } from '#app/lib/events/permissions';
import type { TenantData } from '#server/data/tenantData.server';
import { ticketGate, type TicketGate } from './gate.server';

/**
 * Why a person is not let in: the event's own rules, a ticket (or registration) they do not hold,
 * or, when its hosts admit participants, a host's decision not yet made (waiting) or a refusal
 * (denied): docs/decisions/0082.
 */
export type AdmissionRefusal = JoinRefusal | TicketGate['reason'] | WaitingRefusal['reason'];

export type Admitted = { ok: true; role: EventRole };
export type Refused =
  | { ok: false; role: EventRole; reason: Exclude<JoinRefusal, 'notYetOpen'> }
  /** Before the person's opening time (hosts 30 min, participants 5 min before start). */
  | { ok: false; role: EventRole; reason: 'notYetOpen'; opensAt: string }
  /** The room is open to them by its own rules, but the event sells its seats: where to get one. */
  | { ok: false; role: EventRole; reason: TicketGate['reason']; buyUrl: string }
  | WaitingRefusal;
export type Admission = Admitted | Refused;

/**
 * Every other gate let the participant in, but the event's hosts admit participants: they wait
 * (never knocked, or not decided yet), or a host denied them (with the reason, when given).
 */
export type WaitingRefusal = { ok: false; role: EventRole; reason: 'waiting' } | { ok: false; role: EventRole; reason: 'denied'; note?: string };

export interface AdmissionOptions {
  /**
   * The ticket gate already let this person in for this event (a socket admitted when it joined):
   * the seat is not read again; every other rule is checked afresh.
   */
  seated?: boolean;
}

/**
 * The waiting room's word for a participant of an event whose hosts admit participants (one read
 * of their standing); null lets them in. Hosts, the organizer and admins never wait.
 */
async function waitingRoom(data: TenantData, event: EventRecord, person: EventUser, role: EventRole): Promise<WaitingRefusal | null> {
  if (!event.hostsAdmit || role !== 'participant') return null;
  if (!person.sub) return { ok: false, role, reason: 'waiting' };
  const standing = await data.waiting.get(event.eventId, person.sub);
  if (standing?.state === 'admitted') return null;
  if (standing?.state === 'denied') return { ok: false, role, reason: 'denied', ...(standing.reason ? { note: standing.reason } : {}) };
  return { ok: false, role, reason: 'waiting' };
}

export async function admitToRoom(data: TenantData, event: EventRecord, person: EventUser, now = Date.now(), options: AdmissionOptions = {}): Promise<Admission> {
  const decision = canJoin(event, person, now);
  if (!decision.ok) {
    if (decision.reason === 'notYetOpen') return { ok: false, role: decision.role, reason: 'notYetOpen', opensAt: decision.opensAt! };
    return { ok: false, role: decision.role, reason: decision.reason };
  }
  if (options.seated) return decision;
  const gate = await ticketGate(data, event, person);
  if (gate) return { ok: false, role: decision.role, reason: gate.reason, buyUrl: gate.buyUrl };
  // Last: the waiting room of an event whose hosts admit participants (docs/decisions/0082).
  return (await waitingRoom(data, event, person, decision.role)) ?? decision;
}

/** Whether the refusal is the ticket gate's (the person may still buy or register their way in). */
export const needsSeat = (refusal: Refused): refusal is Extract<Refused, { buyUrl: string }> => 'buyUrl' in refusal;

/** Whether the refusal is the waiting room's (every other gate let the person in). */
export const isWaiting = (refusal: Refused): refusal is WaitingRefusal => refusal.reason === 'waiting' || refusal.reason === 'denied';
