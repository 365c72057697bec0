/**
 * The person's way into a room's video (docs/decisions/0024, "Per-join cost"): the name they show
 * and their LiveKit token. The token route (POST /api/events/token) mints through it, and so does
 * the room's loader, whose data then carries the first token: a join asks the server once for the
 * person instead of twice.
 */
import type { RoomTokenResponse } from '#app/lib/events/api';
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { Admitted } from '#server/entitlement/index.server';
import type { AppContext } from '#server/context';
import { shownName } from '#app/lib/identity/displayName';

/** A room token for a person the room admitted (admitToRoom), from their recently read profile. */
export async function mintRoomToken(context: Pick<AppContext, 'data' | 'tenant' | 'services'>, event: EventRecord, user: SessionUser, admitted: Admitted): Promise<RoomTokenResponse> {
  const profile = await context.data.profiles.recent(user.sub);
  const person = { sub: user.sub, groups: user.groups, displayName: shownName(user, profile), ...(profile?.avatarId ? { avatarId: profile.avatarId } : {}) };
  return context.services.video.mintToken(context.tenant, event, person, admitted);
}

/**
 * The token the room's data carries for a person let in, or null when video is not set up for the
 * tenant (the browser then asks the token route, which says why).
 */
export async function firstRoomToken(context: Pick<AppContext, 'data' | 'tenant' | 'services'>, event: EventRecord, user: SessionUser, admitted: Admitted): Promise<RoomTokenResponse | null> {
  try {
    return await mintRoomToken(context, event, user, admitted);
  } catch {
    // Missing video credentials (or a failed profile read): the token route gives the reason.
    return null;
  }
}
