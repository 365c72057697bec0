/**
 * /rtmpKey and /srtKey (docs/decisions/0029): an event's ingest URL and key for one protocol.
 * The organizer of the event (or a tenant admin) picks one of their events (or names it with
 * ?eventId=), creates, rotates or revokes its key; a new key is shown once, in full, in the
 * action's answer and never again (only its hint is stored). Another tenant's event, or one the
 * user does not organize, answers 404.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { keyActionSchema, rtmpStreamKey, type BroadcastProtocol, type IngestPath, type KeySummary } from '#app/lib/broadcast/model';
import { eventIdSchema, eventStatus, type EventRecord } from '#app/lib/events/model';
import { roleOf } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import { isErrorNamed } from '#server/errors';
import { readForm } from '#server/http/readForm.server';
import { getFixedT } from '#server/i18n.server';
import { requireGroup } from '#server/identity/index.server';
import { publicState } from './api.server';
import { ingestConfig, srtIngestUrl, srtPortRange, type IngestConfig } from './config.server';
import { hashKeySecret, mintKey, newNonce } from './keys.server';
import { createRtmpIngress, deleteIngress } from './livekitIngress.server';
import { keyHint } from '#app/lib/broadcast/model';
import { NO_STORE } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
const notFound = () => new Response('Not Found', { status: 404 });

const isOrganizerOf = (event: EventRecord, user: SessionUser) => roleOf(event, user) === 'organizer';

/** The platform worker takes SRT always; RTMP goes to LiveKit Ingress where the tenant names it. */
export const ingestPathFor = (ingest: 'platform' | 'livekit' | undefined, protocol: BroadcastProtocol): IngestPath =>
  protocol === 'rtmp' && ingest === 'livekit' ? 'livekit' : 'platform';

function ingestUrl(config: IngestConfig, protocol: BroadcastProtocol, stored: { port?: number; ingressUrl?: string }): string {
  if (stored.ingressUrl) return stored.ingressUrl;
  return protocol === 'rtmp' ? config.INGEST_RTMP_URL : stored.port !== undefined ? srtIngestUrl(config, stored.port) : '';
}

async function managedEvent(args: Args, user: SessionUser, id: unknown): Promise<EventRecord> {
  const parsed = eventIdSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  const event = await args.context.data.events.get(parsed.data);
  if (!event || !isOrganizerOf(event, user)) throw notFound();
  return event;
}

export async function keyScreenData(args: LoaderFunctionArgs, protocol: BroadcastProtocol) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const asked = new URL(request.url).searchParams.get('eventId');
  const { organizing } = await context.data.events.mine(user);
  const now = Date.now();
  const choices = organizing.filter((e) => e.cancelledAt === null && eventStatus(e, now) !== 'expired');
  const event = asked !== null ? await managedEvent(args, user, asked) : (choices[0] ?? null);
  if (event && !choices.some((e) => e.eventId === event.eventId)) choices.unshift(event);
  const config = ingestConfig();
  const path = ingestPathFor(context.tenant.video.ingest, protocol);
  let key: KeySummary | null = null;
  if (event) {
    const stored = await context.data.broadcasts.getKey(event.eventId, protocol);
    if (stored) key = { protocol, hint: stored.hint, createdAt: stored.createdAt, ingestUrl: ingestUrl(config, protocol, stored) };
  }
  const t = await getFixedT(context.languageTag);
  return json(
    {
      title: t(protocol === 'rtmp' ? 'broadcast.titles.rtmpKey' : 'broadcast.titles.srtKey'),
      protocol,
      path,
      configured: path === 'livekit' || Boolean(config.INGEST_KEY_SECRET),
      events: choices.map((e) => ({ eventId: e.eventId, title: e.title, eventDateTime: e.eventDateTime })),
      event: event ? { eventId: event.eventId, title: event.title } : null,
      key,
      state: event ? publicState(await context.data.broadcasts.state(event.eventId)) : null,
    },
    { headers: NO_STORE },
  );
}

export type KeyActionResult =
  | { ok: true; intent: 'create' | 'rotate'; key: string; ingestUrl: string; hint: string }
  | { ok: true; intent: 'revoke' }
  | { ok: false; error: 'invalid' | 'notConfigured' | 'noPort' | 'exists' | 'missing' | 'ingressUnavailable' };

export async function keyScreenAction(args: ActionFunctionArgs, protocol: BroadcastProtocol) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const form = await readForm(request, context.language);
  const parsed = keyActionSchema.safeParse(Object.fromEntries(form));
  const fail = (error: Extract<KeyActionResult, { ok: false }>['error'], status: number) => json<KeyActionResult>({ ok: false, error }, { status, headers: NO_STORE });
  if (!parsed.success) return fail('invalid', 400);
  const event = await managedEvent(args, user, parsed.data.eventId);
  const broadcasts = context.data.broadcasts;
  const existing = await broadcasts.getKey(event.eventId, protocol);
  const endpoint = () => context.services.video.config(context.tenant);
  try {
    // The ingress holding the old key goes first: its stream key stops working at once.
    if (existing?.ingressId && parsed.data.intent !== 'create') await deleteIngress(endpoint(), existing.ingressId);
  } catch (e) {
    if (isErrorNamed(e, 'IngressUnavailableError')) return fail('ingressUnavailable', 503);
    throw e;
  }
  if (parsed.data.intent === 'revoke') {
    if (!existing) return fail('missing', 409);
    await broadcasts.revokeKey(event.eventId, protocol);
    return json<KeyActionResult>({ ok: true, intent: 'revoke' }, { headers: NO_STORE });
  }
  if (parsed.data.intent === 'create' && existing) return fail('exists', 409);
  if (parsed.data.intent === 'rotate' && !existing) return fail('missing', 409);
  if (ingestPathFor(context.tenant.video.ingest, protocol) === 'livekit') {
    let ingress;
    try {
      ingress = await createRtmpIngress(endpoint(), event);
    } catch (e) {
      if (isErrorNamed(e, 'IngressUnavailableError')) return fail('ingressUnavailable', 503);
      throw e;
    }
    const stored = await broadcasts.issueKey(event.eventId, protocol, {
      nonce: newNonce(),
      hash: hashKeySecret(ingress.streamKey),
      hint: keyHint(ingress.streamKey),
      ingress: { ingressId: ingress.ingressId, ingressUrl: ingress.url },
    });
    return json<KeyActionResult>({ ok: true, intent: parsed.data.intent, key: ingress.streamKey, ingestUrl: ingress.url, hint: stored.hint }, { headers: NO_STORE });
  }
  const config = ingestConfig();
  if (!config.INGEST_KEY_SECRET) return fail('notConfigured', 503);
  const minted = mintKey(config.INGEST_KEY_SECRET, context.tenant.id, event.eventId, protocol);
  let stored;
  try {
    stored = await broadcasts.issueKey(event.eventId, protocol, { ...minted.stored, srtPorts: srtPortRange(config) });
  } catch (e) {
    if (isErrorNamed(e, 'NoFreeSrtPortError')) return fail('noPort', 503);
    throw e;
  }
  const key = protocol === 'rtmp' ? rtmpStreamKey(context.tenant.id, event.eventId, minted.secret) : minted.secret;
  return json<KeyActionResult>(
    { ok: true, intent: parsed.data.intent, key, ingestUrl: ingestUrl(config, protocol, stored), hint: stored.hint },
    { headers: NO_STORE },
  );
}
