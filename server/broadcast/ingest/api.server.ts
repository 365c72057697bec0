/**
 * The broadcast API (app/routes/api/broadcast/*; docs/decisions/0029, 0054):
 *   GET /api/broadcast/status?event=<id>                 the live state (status, bitrate, size, kept VOD)
 *   GET /api/broadcast/live?event=<id>[&variant=720p]     the live HLS playlist, segments signed
 * An event the viewer may not see (its page) is a 404 like a missing one. The live pictures are
 * for those the event's room admits when it sells its seats (access.server.ts): anyone else gets
 * 401 (signed out) or 403 with the room's reason, and the status tells them only whether it is
 * live; the kept item's id is told only to those who may watch the event's replay. Nothing here is
 * cached: the state and the playlists change every second.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { BroadcastState } from '#app/lib/broadcast/model';
import { livePlaylistUrl } from '#app/lib/broadcast/model';
import type { KeyIn } from '#app/lib/i18n/keys';
import { getFixedT } from '#server/i18n.server';
import { refuseRoom, refuseAdmission } from '#server/rooms/index.server';
import type { TenantData } from '#server/data/tenantData.server';
import { mayWatchReplay } from '#server/entitlement/index.server';
import type { SessionUser } from '#app/lib/identity/types';
import type { EventRecord } from '#app/lib/events/model';
import { admitToBroadcast, viewableEvent, type BroadcastAdmission } from './access.server';
import { ingressState } from './livekitIngress.server';
import { rewriteLiveMaster, rewriteLiveMedia } from './livePlaylist.server';
import { NO_STORE, refuse } from '#server/http/responses.server';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/**
 * Segment links outlive the few seconds a live player keeps a segment in its playlist (8 one-second
 * segments, the playlist asked again every second), with room for a slow network; a link passed on
 * is worth a minute of nothing new, since only the playlist route names the next segments.
 */
const SEGMENT_URL_SECONDS = 60;
const VARIANT = z.string().regex(/^\d{2,4}p$/);

export type BroadcastApiError = 'badRequest' | 'notFound' | 'notLive';

export async function refuseBroadcast(status: number, error: BroadcastApiError, language: string, headers: Record<string, string> = {}) {
  const t = await getFixedT(language);
  const key: KeyIn<'broadcast.api'> = `broadcast.api.${error}`;
  return refuse(status, error, t(key), { headers });
}

/** What anyone who may see the event may know of its broadcast. */
export function publicState(state: BroadcastState): BroadcastState {
  const { status, protocol, bitrateKbps, width, height, startedAt, endedAt, mediaId } = state;
  return { status, protocol, bitrateKbps, width, height, startedAt, endedAt, mediaId };
}

/**
 * Live states read in the last second, per tenant and event: a room full of viewers polling the
 * same event costs one DynamoDB read per second per app instance, not one per viewer.
 */
const platformStates = new Map<string, { at: number; state: Promise<BroadcastState> }>();
const PLATFORM_STATE_MS = 1000;

function platformState(tenantId: string, eventId: string, read: () => Promise<BroadcastState>): Promise<BroadcastState> {
  const key = `${tenantId}/${eventId}`;
  const cached = platformStates.get(key);
  if (cached && Date.now() - cached.at < PLATFORM_STATE_MS) return cached.state;
  const state = read().then(publicState);
  if (platformStates.size > 10_000) platformStates.clear();
  platformStates.set(key, { at: Date.now(), state });
  state.catch(() => platformStates.delete(key));
  return state;
}

/** LiveKit Ingress states read in the last 2 s, per tenant and event: every viewer's poll must not become a LiveKit call. */
const ingressStates = new Map<string, { at: number; state: BroadcastState }>();
const INGRESS_STATE_MS = 2000;

async function livekitState(args: LoaderFunctionArgs, eventId: string): Promise<BroadcastState | null> {
  const { context } = args;
  if (context.tenant.video.ingest !== 'livekit') return null;
  const key = await context.data.broadcasts.getKey(eventId, 'rtmp');
  if (!key?.ingressId) return null;
  const cacheKey = `${context.tenant.id}/${eventId}/${key.ingressId}`;
  const cached = ingressStates.get(cacheKey);
  if (cached && Date.now() - cached.at < INGRESS_STATE_MS) return cached.state;
  let state: BroadcastState;
  try {
    state = { ...(await ingressState(context.services.video.config(context.tenant), key.ingressId)), path: 'livekit' };
  } catch {
    state = { status: 'idle', path: 'livekit' };
  }
  if (ingressStates.size > 10_000) ingressStates.clear();
  ingressStates.set(cacheKey, { at: Date.now(), state });
  return state;
}

/** An event's broadcast state as its viewers see it: the platform worker's push, or else the room's ingress. */
export async function currentState(args: LoaderFunctionArgs, eventId: string): Promise<BroadcastState> {
  const { context } = args;
  const platform = await platformState(context.tenant.id, eventId, () => context.data.broadcasts.state(eventId));
  // A push on the platform worker (SRT, or before the tenant moved to Ingress) wins over the room's ingress.
  if (platform.status === 'connecting' || platform.status === 'live') return platform;
  const viaIngress = await livekitState(args, eventId);
  return viaIngress && viaIngress.status !== 'idle' ? viaIngress : platform;
}

/**
 * The state as this viewer may know it: all of it when they may watch the broadcast; else only
 * whether it is live (what /liveEvents shows anyone) and `admitted: false`. The kept item's id only
 * to those who may watch the event's replay.
 */
async function stateFor(data: TenantData, event: EventRecord, user: SessionUser | null, admission: BroadcastAdmission, state: BroadcastState): Promise<BroadcastState> {
  const { mediaId, ...rest } = state;
  const kept = mediaId && (await mayWatchReplay(data, event, user)) ? { mediaId } : {};
  return admission.ok ? { ...rest, ...kept } : { status: state.status, admitted: false, ...kept };
}

export async function statusLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const found = await viewableEvent(args, new URL(request.url).searchParams.get('event'));
  if (!found) return refuseBroadcast(404, 'notFound', context.language);
  const { event, user } = found;
  const [state, admission] = await Promise.all([currentState(args, event.eventId), admitToBroadcast(context.data, event, user)]);
  return json(await stateFor(context.data, event, user, admission, state), { headers: NO_STORE });
}

export async function liveLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const url = new URL(request.url);
  const variant = url.searchParams.get('variant');
  if (variant !== null && !VARIANT.safeParse(variant).success) return refuseBroadcast(400, 'badRequest', context.language);
  const found = await viewableEvent(args, url.searchParams.get('event'));
  if (!found) return refuseBroadcast(404, 'notFound', context.language);
  const { event, user } = found;
  // The room's own admission, for the master playlist, each rendition's and so every segment they sign.
  const admission = await admitToBroadcast(context.data, event, user);
  if (!admission.ok) return admission.reason === 'unauthenticated' ? refuseRoom(401, 'unauthenticated', context.language) : refuseAdmission(admission, context.language);
  const state = await context.data.broadcasts.state(event.eventId);
  const variants = state.variants ?? [];
  if (state.status !== 'live' || !state.folder || !variants.length) return refuseBroadcast(409, 'notLive', context.language);
  const files = context.data.files;
  let body: string;
  try {
    if (variant === null) {
      body = rewriteLiveMaster((await files.read(`${state.folder}/master.m3u8`)).toString('utf8'), variants, (v) => livePlaylistUrl(event.eventId, v));
    } else {
      if (!variants.includes(variant)) return refuseBroadcast(404, 'notFound', context.language);
      const text = (await files.read(`${state.folder}/${variant}/index.m3u8`)).toString('utf8');
      body = await rewriteLiveMedia(text, (segment) => files.presignDownload({ key: `${state.folder}/${variant}/${segment}`, expiresIn: SEGMENT_URL_SECONDS }));
    }
  } catch {
    // The push ended and its files went between the state read and this one.
    return refuseBroadcast(409, 'notLive', context.language);
  }
  return new Response(body, { headers: { 'Content-Type': HLS_TYPE, ...NO_STORE } });
}
