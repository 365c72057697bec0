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

/** Why a person is not let in: the event's own rules, or a ticket (or registration) they do not hold. */
export type AdmissionRefusal = JoinRefusal | TicketGate['reason'];

export type Admitted = { ok: true; role: EventRole };
export type Refused =
  | { ok: false; role: EventRole; reason: Exclude<JoinRefusal, 'notYetOpen'> }
  /** Before the person's opening time (hosts 30 min, participants 5 min before start). */
  | { ok: false; role: EventRole; reason: 'notYetOpen'; opensAt: string }
  /** The room is open to them by its own rules, but the event sells its seats: where to get one. */
  | { ok: false; role: EventRole; reason: TicketGate['reason']; buyUrl: string };
export type Admission = Admitted | Refused;

export interface AdmissionOptions {
  /**
   * The ticket gate already let this person in for this event (a socket admitted when it joined):
   * the seat is not read again; every other rule is checked afresh.
   */
  seated?: boolean;
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
  return decision;
}

/** Whether the refusal is the ticket gate's (the person may still buy or register their way in). */
export const needsSeat = (refusal: Refused): refusal is Extract<Refused, { buyUrl: string }> => 'buyUrl' in refusal;
