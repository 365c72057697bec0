/** Who may see an event's broadcast: whoever may see its event page (/preview). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { getSessionUser } from '../identity/session.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** The event when the viewer may see it; null for a malformed id, a missing one, another tenant's, or an unlisted one of others. */
export async function viewableEvent(args: Args, id: unknown): Promise<EventRecord | null> {
  const parsed = eventIdSchema.safeParse(id);
  if (!parsed.success) return null;
  const [event, user] = await Promise.all([args.context.data.events.get(parsed.data), getSessionUser(args)]);
  if (!event) return null;
  if (event.kind !== 'event' && !(user && isStaff(roleOf(event, user)))) return null;
  return event;
}
