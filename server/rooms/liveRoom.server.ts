/**
 * Server side of the live rooms (/liveEventsContainer, /ils, … one module for every layout): the
 * page's loader (who is entering which event, in which state) and the video-service reachability
 * check the room asks for before the browser opens its connection.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { lobbyHref, publicEvent } from '#app/lib/events/model';
import { reactionsEnabled } from '#app/lib/reactions/protocol';
import { canModerate, flagsOf } from '#app/lib/events/permissions';
import { requireUser } from '#server/identity/index.server';
import { getFixedT } from '#server/i18n.server';
import { readForm } from '#server/http/readForm.server';
import { httpUrlOf } from '#server/platform/video.server';
import { layoutOfPath, roomEntry } from '#server/rooms/roomEntry.server';
import { firstRoomToken } from '#server/rooms/roomSession.server';
import { isWaiting, roomPaymentFlags } from '#server/entitlement/index.server';
import { ticketGateView } from '#server/entitlement/index.server';
import { NO_STORE } from '#server/http/responses.server';
import { captionsAvailability } from '#server/speech/index.server';

function notFound(): never {
  throw new Response('Not Found', { status: 404, headers: NO_STORE });
}

/**
 * Every live-room layout (/liveEventsContainer, /ils, /abc, … ?event=<id>): one module, the layout
 * taken from the path. Signed-in only; another tenant's event is a 404; before the room opens the
 * person is sent to the lobby; a blocked person gets a 403 page; an event that is over says so.
 *
 * The shell render (`context.shell`, docs/decisions/0024) is the same document for everyone who
 * may enter: the server renders it only after roomEntry said "open" for this person, caches it per
 * tenant, origin, language and URL, and the page then loads this loader's data for the person:
 * the only request the join makes for them (the root's data is not asked again; this data names
 * the user and carries the first video token: docs/decisions/0024, "Per-join cost").
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const layout = layoutOfPath(url.pathname);
  if (!layout) notFound();
  if (context.shell) return json({ shell: true as const, layout });
  const user = await requireUser(args);
  const entry = await roomEntry(context.data, user, url.searchParams.get('event'));
  if (entry.kind === 'notFound') notFound();
  if (entry.kind === 'lobby') throw redirect(lobbyHref(entry.event.eventId), { headers: NO_STORE });
  const { event, admission, closed, gate } = entry;

  const now = Date.now();
  const role = admission.role;
  const flags = flagsOf(event, user);
  const [devices, session, payment] = admission.ok
    ? await Promise.all([context.data.videoSettings.get(user.sub).catch(() => null), firstRoomToken(context, event, user, admission), roomPaymentFlags(context.data, event, user.sub, context.tenant.features.donations)])
    : [null, null, null];
  // Only the blocked page has a title of its own; the translator is not built for every entry.
  const title = closed === 'blocked' ? (await getFixedT(context.languageTag))('live.closed.blockedTitle') : event.title;

  return json(
    {
      shell: false as const,
      layout,
      me: user.sub,
      // What the root's data names for a signed-in page (the session runtime's user): the root is not revalidated in the room.
      user,
      /** The first LiveKit token (null: the room asks POST /api/events/token, which says why). */
      session,
      event: publicEvent(event, now),
      role,
      flags,
      canModerate: canModerate(role) && !flags.isUserBlocked,
      closed,
      /** The room is open but this person needs a ticket (or a registration) first: 403 with a buy link. */
      ticketGate: gate ? await ticketGateView(gate, context.languageTag) : null,
      /** SPEC.md §3's payment flags of this person for this event (hasPaymentInfo, paidConsultationFee, madeDonation). */
      paymentFlags: payment,
      devices: devices ? { videoDeviceId: devices.videoDeviceId, audioDeviceId: devices.audioDeviceId, audioOutputId: devices.audioOutputId } : null,
      tenantZone: context.tenant.timeZone,
      /** Whether the stage shows live captions, and in which language (docs/decisions/0048). */
      captions: captionsAvailability(event, context.services.speech.forTenant(context.tenant).stt),
      /** Live reactions: the tenant's switch and the event's option (docs/decisions/0079). */
      reactions: reactionsEnabled(context.tenant.features, event),
      /** The hosts admit participants and have not admitted this one (docs/decisions/0082): the waiting room, or its denial with the host's reason. */
      waiting: !admission.ok && isWaiting(admission) ? { state: admission.reason, reason: admission.reason === 'denied' ? (admission.note ?? null) : null } : null,
      title,
    },
    { status: closed === 'blocked' || gate ? 403 : 200, headers: NO_STORE },
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
