import { json, type ActionFunctionArgs } from '@remix-run/node';
import { WebhookReceiver } from 'livekit-server-sdk';
import { tenantOfChannel } from '#server/data/events.server';

const NO_STORE = { 'Cache-Control': 'no-store' };
const answer = (status: number, message: string) => json({ message }, { status, headers: NO_STORE });

/** LiveKit's createdAt is in whole seconds (a string or bigint in the protobuf JSON). */
function isoFromSeconds(value: unknown): string {
  const seconds = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  return new Date(seconds > 0 ? seconds * 1000 : Date.now()).toISOString();
}

/**
 * POST /api/livekit/webhook: LiveKit's signed webhooks for this tenant's rooms. The Authorization
 * header is a JWT signed with the tenant's LiveKit key whose sha256 claim is the raw body's hash
 * (WebhookReceiver checks both; 401 otherwise). The room name carries the tenant
 * (<tenant>_<eventId>): a room of another tenant, or of no event, answers 404.
 * participant_joined / participant_left are written as attendance; room_finished is noted.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
  const tenant = context.tenant;
  // The raw body: the signature covers these exact bytes (server/app.ts parses no bodies).
  const body = await request.text();
  const authorization = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  let config;
  try {
    config = context.services.video.config(tenant);
  } catch (e) {
    console.error(`[video] ${(e as Error).message}`);
    return answer(503, 'The video configuration of this site is incomplete.');
  }
  let event;
  try {
    event = await new WebhookReceiver(config.apiKey, config.apiSecret).receive(body, authorization);
  } catch {
    return json({ message: 'The webhook signature is not valid.' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer', ...NO_STORE } });
  }

  const roomName = event.room?.name ?? '';
  if (!roomName) return answer(200, `ignored ${event.event}: no room`);
  const owner = tenantOfChannel(roomName);
  if (!owner || owner.tenantId !== tenant.id) return answer(404, 'This room does not belong to this site.');
  const { data } = context;
  const record = await data.events.get(owner.eventId);
  if (!record || record.channelName !== roomName) return answer(404, 'This room belongs to no event of this site.');

  const at = isoFromSeconds(event.createdAt);
  const webhookId = event.id || `${event.event}-${at}`;
  switch (event.event) {
    case 'participant_joined':
    case 'participant_left': {
      const p = event.participant;
      if (!p?.identity) return answer(400, 'The webhook names no participant.');
      await data.attendance.record(record.eventId, {
        identity: p.identity,
        name: p.name || p.identity,
        action: event.event === 'participant_joined' ? 'joined' : 'left',
        at,
        webhookId,
      });
      return answer(200, 'recorded');
    }
    case 'room_finished':
      await data.attendance.recordRoomFinished(record.eventId, at, webhookId);
      return answer(200, 'recorded');
    default:
      return answer(200, `ignored ${event.event}`);
  }
}

export function loader() {
  return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
}
