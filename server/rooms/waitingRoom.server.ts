/**
 * The waiting room (docs/decisions/0082): an event whose hosts admit participants keeps everyone
 * the room's other gates let in (ticket, lead time, not blocked) out until a host admits them. The
 * decision itself is the one admission's (server/entitlement/admission.server.ts, reasons `waiting`
 * and `denied`); this module is the queue around it and its API:
 *
 *   GET  /api/waitingRoom?event=<id>      the caller's standing; the queue for staff
 *   POST /api/waitingRoom {eventId, action: knock | admit | deny, …} (app/lib/events/waitingRoom.ts)
 *
 * 401 signed out, 404 not this tenant's event (another tenant's event is simply not there), 403
 * with the room's reason for anyone another gate refuses, and for a participant's admit or deny.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff } from '#app/lib/events/permissions';
import {
  waitingRequestSchema,
  type WaitingDecisionResponse,
  type WaitingEntry,
  type WaitingRequest,
  type WaitingStatusResponse,
} from '#app/lib/events/waitingRoom';
import { shownName } from '#app/lib/identity/displayName';
import type { SessionUser } from '#app/lib/identity/types';
import type { TenantData } from '#server/data/tenantData.server';
import { admitToRoom, isWaiting, type Admission } from '#server/entitlement/index.server';
import { getSessionUser } from '#server/identity/index.server';
import { registrationAnswers } from '#server/registration/index.server';
import type { WaitingRecord } from './data/waitingRoom.server';
import { sharedEventRead } from './roomEntry.server';
import { NO_STORE, readRoomRequest, refuseAdmission, refuseRoom } from './roomRequest.server';

/** Decided people the hosts' queue still lists (the newest), beside everyone waiting. */
const DECIDED_SHOWN = 50;

/** What the hosts' panel shows: everyone waiting (first come first), then the latest decisions. */
export function queueView(records: readonly WaitingRecord[]): WaitingEntry[] {
  const view = (r: WaitingRecord): WaitingEntry => ({
    userId: r.userId,
    name: r.name,
    ...(r.avatarId ? { avatarId: r.avatarId } : {}),
    answers: r.answers,
    state: r.state,
    ...(r.reason ? { reason: r.reason } : {}),
    requestedAt: r.requestedAt,
  });
  const waiting = records.filter((r) => r.state === 'waiting');
  const decided = records
    .filter((r) => r.state !== 'waiting')
    .sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''))
    .slice(0, DECIDED_SHOWN);
  return [...waiting, ...decided].map(view);
}

export type Selection = { all: true } | { userIds: readonly string[] };

/**
 * A host's decision for the event's waiting room: admits (or denies, with an optional reason)
 * everyone waiting (`all`) or the people named, as one batch (BatchWriteItem, 25 a call, several
 * calls at once): admitting 500 at once is one query of the queue and 20 batch writes. Admitting
 * takes waiting and denied people; denying takes waiting ones (and re-words a denial). Answers
 * how many were decided and the queue after it. The bench calls this directly.
 */
export async function decideWaitingRoom(
  data: TenantData,
  eventId: string,
  selection: Selection,
  decision: { state: 'admitted' | 'denied'; reason?: string; by: string },
  now = new Date(),
): Promise<{ decided: number; records: WaitingRecord[] }> {
  const records = await data.waiting.list(eventId);
  const named = 'userIds' in selection ? new Set(selection.userIds) : null;
  const targets = records.filter((r) => {
    if (named && !named.has(r.userId)) return false;
    if (!named && r.state !== 'waiting') return false;
    return r.state !== 'admitted';
  });
  const decided = targets.length ? await data.waiting.decide(eventId, targets, decision, now) : 0;
  const changed = new Map(targets.map((t) => [t.userId, t]));
  const at = now.toISOString();
  const after = records.map((r) =>
    changed.has(r.userId)
      ? { ...r, state: decision.state, decidedAt: at, decidedBy: decision.by, reason: decision.state === 'denied' ? decision.reason || undefined : undefined }
      : r,
  );
  return { decided, records: after };
}

/** The person joins the event's waiting room with their name, photo and registration answers. */
export async function knockOnWaitingRoom(data: TenantData, event: EventRecord, user: SessionUser): Promise<WaitingRecord> {
  const [profile, answers] = await Promise.all([data.profiles.recent(user.sub).catch(() => null), registrationAnswers(data, { id: data.tenantId }, event.eventId, user.sub)]);
  return data.waiting.knock(event.eventId, {
    userId: user.sub,
    name: shownName(user, profile),
    ...(profile?.avatarId ? { avatarId: profile.avatarId } : {}),
    answers,
  });
}

/** The caller's standing as the admission says it; null for a refusal the waiting room does not answer. */
function standingOf(admission: Admission): Pick<WaitingStatusResponse, 'state' | 'reason'> | null {
  if (admission.ok) return { state: 'admitted' };
  if (!isWaiting(admission)) return null;
  return admission.reason === 'denied' ? { state: 'denied', ...(admission.note ? { reason: admission.note } : {}) } : { state: 'waiting' };
}

async function eventFor(data: TenantData, user: SessionUser, eventId: string): Promise<EventRecord | null> {
  const stored = await sharedEventRead(data, eventId);
  return stored ? data.invitations.accept(stored, user) : null;
}

/** GET /api/waitingRoom?event=<id>: the caller's standing, and the queue for the organizer, hosts and admins. */
export async function waitingRoomLoader({ request, context }: LoaderFunctionArgs) {
  const language = context.language;
  const user = await getSessionUser({ request, context });
  if (!user) return refuseRoom(401, 'unauthenticated', language);
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  if (!id.success) return refuseRoom(404, 'notFound', language);
  const event = await eventFor(context.data, user, id.data);
  if (!event) return refuseRoom(404, 'notFound', language);
  const admission = await admitToRoom(context.data, event, user);
  const standing = standingOf(admission);
  if (!standing) return refuseAdmission(admission as Exclude<Admission, { ok: true }>, language);
  const body: WaitingStatusResponse = { ...standing };
  if (admission.ok && isStaff(admission.role)) {
    body.enabled = event.hostsAdmit;
    body.queue = queueView(await context.data.waiting.list(event.eventId));
  }
  return json(body, { headers: NO_STORE });
}

/** POST /api/waitingRoom: knock (a participant), admit or deny (the organizer, hosts and admins). */
export async function waitingRoomAction(args: ActionFunctionArgs) {
  const language = args.context.language;
  const request = await readRoomRequest(args, waitingRequestSchema, 'GET, POST');
  if (request instanceof Response) return request;
  const { user } = request;
  const body = request.data as WaitingRequest;
  const { data } = args.context;
  const event = await eventFor(data, user, body.eventId);
  if (!event) return refuseRoom(404, 'notFound', language);
  const admission = await admitToRoom(data, event, user);
  if (body.action === 'knock') {
    if (!admission.ok && admission.reason === 'waiting') {
      const record = await knockOnWaitingRoom(data, event, user);
      return json({ state: record.state, ...(record.reason ? { reason: record.reason } : {}) } satisfies WaitingStatusResponse, { headers: NO_STORE });
    }
    const standing = standingOf(admission);
    if (!standing) return refuseAdmission(admission as Exclude<Admission, { ok: true }>, language);
    return json(standing satisfies WaitingStatusResponse, { headers: NO_STORE });
  }
  if (!admission.ok) return isWaiting(admission) ? refuseRoom(403, 'forbidden', language) : refuseAdmission(admission, language);
  if (!isStaff(admission.role)) return refuseRoom(403, 'forbidden', language);
  const selection: Selection = 'all' in body ? { all: true } : { userIds: body.userIds };
  const decision = body.action === 'admit' ? { state: 'admitted' as const, by: user.sub } : { state: 'denied' as const, by: user.sub, ...(body.reason ? { reason: body.reason } : {}) };
  const { decided, records } = await decideWaitingRoom(data, event.eventId, selection, decision);
  return json({ decided, queue: queueView(records) } satisfies WaitingDecisionResponse, { headers: NO_STORE });
}
