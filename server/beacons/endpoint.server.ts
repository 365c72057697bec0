/**
 * POST /api/beacons (docs/decisions/0093): a batch of viewer-experience and playback beacons about
 * one library video (`mediaId`) or one event's live room and broadcast (`eventId`). Sent with
 * navigator.sendBeacon, so a text/plain body holding JSON is taken as well as application/json.
 *
 * Refusals, in order: 405 another method; 400 a body that is not JSON or names no target; 404 a
 * named video the caller may not play; 401 an event's beacons signed out; 404 a named event whose
 * room they may not enter (another tenant's, unknown: the same); 400 a batch naming both; 429 more than RATE_POINTS admitted batches a
 * minute from one person (signed out: one address; the address is only the limiter's key, never
 * stored); 400 beacons that do not fit the schema. Accepted: 204, counted after the answer's decision,
 * never failing it.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { batchSchema } from '#app/lib/beacons/schema';
import type { SessionUser } from '#app/lib/identity/types';
import { eventIdSchema } from '#app/lib/events/model';
import { mediaIdSchema } from '#app/lib/media/library';
import { noteVideoPlayback } from '#server/analytics/index.server';
import { hasEventAccess } from '#server/entitlement/index.server';
import { refuse, methodNotAllowed, NO_STORE } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';
import type { TenantData } from '#server/data/tenantData.server';
import { getSessionUser } from '#server/identity/index.server';
import { mayViewMedia } from '#server/media/index.server';
import { RateLimiter, type RateLimitResult } from '#server/platform/rateLimit.server';
import { noteExperience } from './recorder.server';

/** Batches a minute per person (or address): a page sends one per target every 15 s and when left. */
export const RATE_POINTS = 60;
const limiter = new RateLimiter(RATE_POINTS, 60);

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Data = TenantData;
/** What the batch came to: 204 accepted, or the refusal's status and code. */
export type BeaconAnswer = { status: 204 } | { status: 400 | 401 | 404; error: 'badRequest' | 'unauthenticated' | 'notFound' } | { status: 429; error: 'rateLimited'; retryAfterSeconds: number };

const ALWAYS = async (): Promise<RateLimitResult> => ({ allowed: true, retryAfterSeconds: 0 });
async function overLimit(limit: () => Promise<RateLimitResult>): Promise<BeaconAnswer | null> {
  const result = await limit();
  return result.allowed ? null : { status: 429, error: 'rateLimited', retryAfterSeconds: result.retryAfterSeconds };
}

const BAD: BeaconAnswer = { status: 400, error: 'badRequest' };
const NOT_FOUND: BeaconAnswer = { status: 404, error: 'notFound' };

/**
 * Judges one batch (already parsed JSON, or undefined) from this person (null: signed out) and
 * counts what it holds: views and watch time of a video they may play, experience against the
 * event. The target is judged before the beacons: another tenant's or a forbidden one answers 404
 * whatever else was sent. `limit` is asked once the target is admitted (a refusal costs no point).
 */
export async function acceptBeacons(data: Data, user: SessionUser | null, body: unknown, limit: () => Promise<RateLimitResult> = ALWAYS): Promise<BeaconAnswer> {
  const named = body && typeof body === 'object' && !Array.isArray(body) ? (body as { mediaId?: unknown; eventId?: unknown }) : null;
  const mediaId = mediaIdSchema.safeParse(named?.mediaId);
  const eventId = eventIdSchema.safeParse(named?.eventId);
  if (!named || (!mediaId.success && !eventId.success)) return BAD;
  // Every target named is judged before anything else about the batch, so a batch naming another
  // tenant's (or a forbidden) video or event answers 404 however it is shaped.
  const item = mediaId.success ? await data.media.get(mediaId.data) : null;
  if (mediaId.success && (!item || item.scope !== 'tenant' || item.kind !== 'video' || !(await mayViewMedia(data, user, item)))) return NOT_FOUND;
  if (eventId.success && !user) return { status: 401, error: 'unauthenticated' };
  const event = eventId.success ? await data.events.get(eventId.data) : null;
  if (eventId.success && (!event || !(await hasEventAccess(data, event, user!, 'ticket')))) return NOT_FOUND;
  // One target per batch.
  if (item && event) return BAD;
  const limited = await overLimit(limit);
  if (limited) return limited;
  const parsed = batchSchema.safeParse(body);
  if (!parsed.success) return BAD;
  if (item) {
    for (const b of parsed.data.beacons) {
      if (b.k === 'view') noteVideoPlayback(data, { videoId: item.id, view: b.view, watchSeconds: b.s });
      // A recording's playback is part of its event's experience: the event is the item's, never the caller's word.
      else if (b.k === 'play' && item.eventId) noteExperience(data, item.eventId, { ...b, live: false });
    }
    return { status: 204 };
  }
  for (const b of parsed.data.beacons) noteExperience(data, event!.eventId, b);
  return { status: 204 };
}

export async function beaconsAction({ request, context }: ActionFunctionArgs): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const t = await getFixedT(context.languageTag);
  const { data } = context;
  const user = await getSessionUser({ request, context });
  // The address is only the limiter's key for the signed out; it is never stored.
  const limit = () => limiter.consume(`${data.tenantId}|${user ? `u:${user.sub}` : `a:${context.clientIp}`}`);
  const answer = await acceptBeacons(data, user, parseBody(await request.text().catch(() => '')), limit);
  if (answer.status === 204) return new Response(null, { status: 204, headers: NO_STORE });
  if (answer.status === 429) return refuse(429, 'rateLimited', t('analytics.beacons.rateLimited'), { headers: { 'Retry-After': String(answer.retryAfterSeconds) } });
  const message = answer.error === 'badRequest' ? t('analytics.beacons.badRequest') : answer.error === 'notFound' ? t('notFound.title') : t('error.forbidden.title');
  return refuse(answer.status, answer.error, message);
}
