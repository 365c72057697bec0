import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { roomTokenRequestSchema, type RoomErrorCode, type RoomErrorResponse } from '~/lib/events/api';
import { getSessionUser } from '~/lib/identity/session.server';
import { getEvent } from '../../../server/services/events.server';
import { getProfile } from '../../../server/services/profiles.server';
import { roomMessage, type RoomMessageKey } from '../../../server/services/video.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

function refuse(status: number, error: RoomErrorCode, language: string, extra: { opensAt?: string; message?: RoomMessageKey } = {}) {
  const body: RoomErrorResponse = { error, message: roomMessage(extra.message ?? (error as RoomMessageKey), language) };
  if (extra.opensAt) body.opensAt = extra.opensAt;
  return json(body, { status, headers: NO_STORE });
}

/**
 * POST /api/events/token {eventId} → a LiveKit room token for the signed-in user
 * (app/lib/events/api.ts). 401 signed out, 404 not this tenant's event, 403 with the refusal
 * (blocked, notYetOpen + opensAt, ended, expired, cancelled), 200 RoomTokenResponse.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  if (request.method !== 'POST') return json({ error: 'badRequest', message: roomMessage('methodNotAllowed', language) }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
  const user = await getSessionUser(args);
  if (!user) return refuse(401, 'unauthenticated', language);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuse(400, 'badRequest', language);
  }
  const parsed = roomTokenRequestSchema.safeParse(body);
  if (!parsed.success) return refuse(400, 'badRequest', language);

  const { db, video } = context.services;
  const tenant = context.tenant;
  const [event, profile] = await Promise.all([getEvent(db, tenant.id, parsed.data.eventId), getProfile(db, tenant.id, user.sub)]);
  if (!event) return refuse(404, 'notFound', language);
  const displayName = profile?.displayName.trim() || user.email?.split('@')[0] || user.username;
  const result = await video.mintToken(tenant, event, { sub: user.sub, email: user.email, groups: user.groups, displayName });
  if (!result.ok) return refuse(403, result.decision.reason, language, { opensAt: result.decision.opensAt });
  return json(result.response, { headers: NO_STORE });
}

export function loader({ context }: LoaderFunctionArgs) {
  return json({ error: 'badRequest', message: roomMessage('methodNotAllowed', context.language) }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
}
