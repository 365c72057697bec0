/**
 * Who may see an event's broadcast (docs/decisions/0029, 0054): its state, whoever may see the
 * event's page (/preview); its live pictures (the live playlists and the signed segments they
 * list), those the event's room admits (server/entitlement/admission.server.ts) when the event sells
 * its seats, and whoever may see its page when it sells nothing (its page shows the broadcast to
 * everyone, as it shows the event).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import type { TenantData } from '#server/data/tenantData.server';
import { getSessionUser } from '#server/identity/index.server';
import { admitToRoom, type Admitted, type Refused } from '#server/entitlement/index.server';
import { needsTicket } from '#server/entitlement/index.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** The event and the viewer (null: signed out), or null for a malformed id, a missing one, another tenant's, or an unlisted one of others. */
export async function viewableEvent(args: Args, id: unknown): Promise<{ event: EventRecord; user: SessionUser | null } | null> {
  const parsed = eventIdSchema.safeParse(id);
  if (!parsed.success) return null;
  const [stored, user] = await Promise.all([args.context.data.events.get(parsed.data), getSessionUser(args)]);
  if (!stored) return null;
  // A host's invitation counts once accepted, as at every door of the room (no write without one to accept).
  const event = user ? await args.context.data.invitations.accept(stored, user) : stored;
  if (event.kind !== 'event' && !(user && isStaff(roleOf(event, user)))) return null;
  return { event, user };
}

/** May watch the live broadcast (open: the event sells nothing); or why not (signed out: sign in first). */
export type BroadcastAdmission = Admitted | { ok: true; role: null } | Refused | { ok: false; reason: 'unauthenticated' };

export async function admitToBroadcast(data: TenantData, event: EventRecord, person: EventUser | null, now = Date.now()): Promise<BroadcastAdmission> {
  if (!needsTicket(event)) return { ok: true, role: null };
  if (!person) return { ok: false, reason: 'unauthenticated' };
  return admitToRoom(data, event, person, now);
}
