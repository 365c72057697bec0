/**
 * LiveKit's signed webhooks (participant joined/left and room finished for attendance, egress for
 * recordings and restreams), for both ways they arrive:
 * on a tenant's own host (the route /api/livekit/webhook), and on the platform's address with no
 * tenant Host (the local stack's LiveKit server posts to http://127.0.0.1:<port>/..., since Go
 * cannot resolve `*.localhost`; server/app.ts).
 *
 * The tenant is the one the Host names or, without one, the one the room name names
 * (`<tenant>_<eventId>`). The Authorization header must be a JWT over the raw body's sha256,
 * signed with a key pair that tenant's rooms are signed with (its own, or the platform's when
 * it uses the platform's LiveKit server): another tenant's key is refused (401). The verified room
 * must be an event of that tenant (404 otherwise).
 */
import { WebhookReceiver, type WebhookEvent } from 'livekit-server-sdk';
import type { Tenant } from '#app/lib/config/tenant';
import type { Registry } from '#server/config/registry.server';
import { tenantOfChannel } from '#server/events/index.server';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import type { VideoService } from '#server/platform/video.server';
import type { MediaQueue } from '#server/media/index.server';
import { receiveEgressWebhook } from './recording/egressWebhook.server';
import type { RecordingServices } from './recording/services.server';
import { log } from '#server/observability/log.server';
import { notePresence } from '#server/analytics/index.server';
import { attendanceData, emitWebhook } from '#server/webhooks/index.server';

/** Where LiveKit posts its webhooks (a tenant's host, or the platform's own address). */
export const LIVEKIT_WEBHOOK_PATH = '/api/livekit/webhook';

export interface WebhookAnswer {
  status: number;
  message: string;
  /** A 401 names the scheme. */
  headers?: Record<string, string>;
}

export interface WebhookInput {
  /** The raw body: the signature covers these exact bytes. */
  body: string;
  /** The Authorization header as sent (with or without "Bearer "). */
  authorization: string | null;
  /** The tenant the Host names; undefined on the platform's own address. */
  hostTenant?: Tenant;
  registry: Pick<Registry, 'tenants'>;
  /** `recording` and `mediaQueue` take the egress webhooks (docs/decisions/0030); without them those are ignored. */
  services: DataStores & { video: VideoService; recording?: RecordingServices; mediaQueue?: MediaQueue | null };
}

/** LiveKit's createdAt is in whole seconds (a string or bigint in the protobuf JSON). */
function isoFromSeconds(value: unknown): string {
  const seconds = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  return new Date(seconds > 0 ? seconds * 1000 : Date.now()).toISOString();
}

/** The room name an unverified body claims (only to pick whose key must have signed it). */
function claimedRoom(body: string): string {
  try {
    const parsed = JSON.parse(body) as { room?: { name?: unknown }; egressInfo?: { roomName?: unknown } };
    const name = parsed?.room?.name || parsed?.egressInfo?.roomName;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

const unsigned = (): WebhookAnswer => ({ status: 401, message: 'The webhook signature is not valid.', headers: { 'WWW-Authenticate': 'Bearer' } });

async function verified(pairs: ReturnType<VideoService['webhookKeys']>, body: string, authorization: string): Promise<WebhookEvent | null> {
  for (const pair of pairs) {
    try {
      return await new WebhookReceiver(pair.apiKey, pair.apiSecret).receive(body, authorization);
    } catch {
      // not signed with this pair: try the next one
    }
  }
  return null;
}

export async function receiveLivekitWebhook(input: WebhookInput): Promise<WebhookAnswer> {
  const authorization = (input.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  const claimedOwner = input.hostTenant ? undefined : tenantOfChannel(claimedRoom(input.body));
  const tenant = input.hostTenant ?? (claimedOwner ? input.registry.tenants.get(claimedOwner.tenantId) : undefined);
  if (!tenant || !authorization) return unsigned();
  let pairs;
  try {
    pairs = input.services.video.webhookKeys(tenant);
  } catch (e) {
    log.error(`[video] ${(e as Error).message}`);
    return { status: 503, message: 'The video configuration of this site is incomplete.' };
  }
  const event = await verified(pairs, input.body, authorization);
  if (!event) return unsigned();

  const roomName = event.room?.name || event.egressInfo?.roomName || '';
  if (!roomName) return { status: 200, message: `ignored ${event.event}: no room` };
  const owner = tenantOfChannel(roomName);
  if (!owner || owner.tenantId !== tenant.id) return { status: 404, message: 'This room does not belong to this site.' };
  const data = tenantData(input.services, tenant.id);
  const record = await data.events.get(owner.eventId);
  if (!record || record.channelName !== roomName) return { status: 404, message: 'This room belongs to no event of this site.' };

  const at = isoFromSeconds(event.createdAt);
  const webhookId = event.id || `${event.event}-${at}`;
  switch (event.event) {
    case 'participant_joined':
    case 'participant_left': {
      const p = event.participant;
      if (!p?.identity) return { status: 400, message: 'The webhook names no participant.' };
      const presence = { identity: p.identity, name: p.name || p.identity, action: event.event === 'participant_joined' ? ('joined' as const) : ('left' as const), at, webhookId };
      await data.attendance.record(record.eventId, presence);
      // The event's analytics: the person's stretches, the room's count, the minute's peak (docs/decisions/0090).
      await notePresence(data, record.eventId, presence);
      return { status: 200, message: 'recorded' };
    }
    case 'egress_started':
    case 'egress_updated':
    case 'egress_ended': {
      const { recording, mediaQueue = null } = input.services;
      if (!recording) return { status: 200, message: `ignored ${event.event}` };
      const ctx = { tenant, data, services: { video: input.services.video, recording, mediaQueue } };
      return receiveEgressWebhook(ctx, record, event.event, event.egressInfo);
    }
    case 'room_started':
      await emitWebhook(data, 'event.started', { eventId: record.eventId, eventTitle: record.title, startedAt: at });
      return { status: 200, message: 'recorded' };
    case 'room_finished': {
      await data.attendance.recordRoomFinished(record.eventId, at, webhookId);
      // Outbound webhooks (docs/decisions/0088): the end, then what the attendance records add up to.
      await emitWebhook(data, 'event.ended', { eventId: record.eventId, eventTitle: record.title, endedAt: at });
      const summary = attendanceData(record, await data.attendance.list(record.eventId), at);
      if (summary) await emitWebhook(data, 'attendance.summary', summary);
      return { status: 200, message: 'recorded' };
    }
    default:
      return { status: 200, message: `ignored ${event.event}` };
  }
}
