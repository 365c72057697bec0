/**
 * Server side of the live rooms (/liveEventsContainer, /ils, … one module for every layout): the
 * page's loader (who is entering which event, in which state) and the video-service reachability
 * check the room asks for before the browser opens its connection.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { eventIdSchema, lobbyHref, publicEvent, roomLayoutSchema, type RoomLayout } from '#app/lib/events/model';
import { canJoin, canModerate, flagsOf, type JoinRefusal } from '#app/lib/events/permissions';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';
import { readForm } from '#server/http/readForm.server';
import { httpUrlOf } from '#server/services/video.server';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** Why the room is not shown: the person is blocked, or the event is over (or cancelled). */
export type RoomClosed = Exclude<JoinRefusal, 'notYetOpen'>;

function notFound(): never {
  throw new Response('Not Found', { status: 404, headers: NO_STORE });
}

/** The layout named by the request path (/ils → 'ils'); any other path is not a room. */
export function layoutOfPath(pathname: string): RoomLayout | null {
  const parsed = roomLayoutSchema.safeParse(pathname.replace(/^\/+|\/+$/g, ''));
  return parsed.success ? parsed.data : null;
}

/**
 * Every live-room layout (/liveEventsContainer, /ils, /abc, … ?event=<id>): one module, the layout
 * taken from the path. Signed-in only; another tenant's event is a 404; before the room opens the
 * person is sent to the lobby; a blocked person gets a 403 page; an event that is over says so.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const layout = layoutOfPath(url.pathname);
  if (!layout) notFound();
  const user = await requireUser(args);
  const id = eventIdSchema.safeParse(url.searchParams.get('event') ?? '');
  if (!id.success) notFound();
  const event = await context.data.events.getFor(id.data, user);
  // Another tenant's event is simply not there: every read is keyed by this tenant.
  if (!event) notFound();

  const now = Date.now();
  const decision = canJoin(event, user, now);
  if (!decision.ok && decision.reason === 'notYetOpen') throw redirect(lobbyHref(event.eventId), { headers: NO_STORE });
  // An event a host ended early has its expiration set to that moment: say it was ended, not that it ran out.
  const refusal = decision.ok ? null : (decision.reason as RoomClosed);
  const closed: RoomClosed | null = refusal === 'expired' && event.endedAt ? 'ended' : refusal;
  const role = decision.role;
  const flags = flagsOf(event, user);
  const devices = closed ? null : await context.data.videoSettings.get(user.sub).catch(() => null);
  const t = await getFixedT(context.language);

  return json(
    {
      layout,
      me: user.sub,
      event: publicEvent(event, now),
      role,
      flags,
      canModerate: canModerate(role) && !flags.isUserBlocked,
      closed,
      devices: devices ? { videoDeviceId: devices.videoDeviceId, audioDeviceId: devices.audioDeviceId, audioOutputId: devices.audioOutputId } : null,
      tenantZone: context.tenant.timeZone,
      title: closed === 'blocked' ? t('live.closed.blockedTitle') : event.title,
    },
    { status: closed === 'blocked' ? 403 : 200, headers: NO_STORE },
  );
}

const probeSchema = z.object({ intent: z.literal('probe') });

const PROBE_TIMEOUT_MS = 3000;
const reachable = new Map<string, { ok: boolean; at: number }>();

/**
 * Whether anything answers HTTP at the LiveKit server's address (livekit-server answers its root
 * path). Any HTTP answer counts; a refused connection, a DNS failure or a timeout does not.
 * Answers are remembered briefly (a success 30 s, a failure 3 s) so a full room does not probe per person.
 */
export async function videoServiceReachable(serverUrl: string, now = Date.now()): Promise<boolean> {
  const cached = reachable.get(serverUrl);
  if (cached && now - cached.at < (cached.ok ? 30_000 : 3_000)) return cached.ok;
  let ok = false;
  try {
    const res = await fetch(new URL('/', httpUrlOf(serverUrl)), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), redirect: 'manual' });
    await res.body?.cancel().catch(() => undefined);
    ok = true;
  } catch {
    ok = false;
  }
  reachable.set(serverUrl, { ok, at: now });
  return ok;
}

/**
 * POST intent=probe: can the tenant's video service (the URL browsers are given) be reached?
 * Answers { probed: true, reachable }. Only the configured address is probed, never one the
 * browser names.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const form = await readForm(args.request, args.context.language).catch(() => null);
  const parsed = probeSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) return json({ probed: false as const, reachable: null, error: 'badRequest' as const }, { status: 400, headers: NO_STORE });
  let serverUrl: string;
  try {
    serverUrl = args.context.services.video.config(args.context.tenant).serverUrl;
  } catch {
    // The tenant names LiveKit credentials that are missing: video cannot work until they are set.
    return json({ probed: true as const, reachable: false, error: null }, { headers: NO_STORE });
  }
  const ok = await videoServiceReachable(serverUrl);
  return json({ probed: true as const, reachable: ok, error: null }, { headers: NO_STORE });
}
