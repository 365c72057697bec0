import type { ActionFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { RoomErrorCode, RoomErrorResponse } from '#app/lib/events/api';
import { eventIdSchema } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import { getSessionUser } from '#server/identity/index.server';
import { isWaiting, needsSeat, type Refused } from '#server/entitlement/index.server';
import { roomMessage, type RoomMessageKey } from '#server/platform/video.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';

export { NO_STORE };

/** A room API error answer: the code, its message in the request's language, and opensAt when known. */
export function refuseRoom(status: number, error: RoomErrorCode, language: string, extra: { opensAt?: string; message?: RoomMessageKey; buyUrl?: string } = {}) {
  const more: Omit<RoomErrorResponse, 'error' | 'message'> = {};
  if (extra.opensAt) more.opensAt = extra.opensAt;
  if (extra.buyUrl) more.buyUrl = extra.buyUrl;
  return refuse(status, error, roomMessage(extra.message ?? (error as RoomMessageKey), language), { extra: more });
}

/**
 * The answer to a person the room's admission refused: 403 with the reason (opensAt before the
 * room opens; ticketRequired with the buy link when a ticket, or a registration, is missing).
 */
export function refuseAdmission(refusal: Refused, language: string) {
  if (needsSeat(refusal)) return refuseRoom(403, 'ticketRequired', language, { buyUrl: refusal.buyUrl, message: refusal.reason });
  // Not admitted by a host yet, or denied (docs/decisions/0082): forbidden, with the waiting room's words.
  if (isWaiting(refusal)) return refuseRoom(403, 'forbidden', language, { message: refusal.reason });
  return refuseRoom(403, refusal.reason, language, refusal.reason === 'notYetOpen' ? { opensAt: refusal.opensAt } : {});
}

/**
 * The common start of every room API POST: the method, the signed-in user (JSON 401, never a
 * redirect) and the JSON body checked with `schema` (400 otherwise). A Response means "answer this".
 */
export async function readRoomRequest<S extends z.ZodType>(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  schema: S,
  allow: string,
): Promise<Response | { user: SessionUser; data: z.infer<S> }> {
  const language = context.language;
  if (request.method !== 'POST') {
    return methodNotAllowed(language, allow);
  }
  const user = await getSessionUser({ request, context });
  if (!user) return refuseRoom(401, 'unauthenticated', language);
  const body = await jsonBody(request);
  if (body === NOT_JSON) return refuseRoom(400, 'badRequest', language);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // A body naming an event that is not this tenant's is a tenant mismatch first: 404, whatever else is wrong with it.
    const named = eventIdSchema.safeParse((body as { eventId?: unknown } | null)?.eventId);
    if (named.success && !(await context.data.events.get(named.data))) return refuseRoom(404, 'notFound', language);
    return refuseRoom(400, 'badRequest', language);
  }
  return { user, data: parsed.data };
}
