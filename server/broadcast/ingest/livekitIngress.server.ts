/**
 * The LiveKit Ingress path (docs/decisions/0029): a tenant with tenant.json `video.ingest:
 * "livekit"` takes RTMP pushes through LiveKit Ingress straight into the event's room. The key
 * screen creates one RTMP ingress per event through IngressClient (the URL and stream key come
 * from LiveKit), deletes it on rotation (then creates another) and on revocation, and reads its
 * state for the live status. SRT stays on the platform worker: Ingress cannot take an SRT push.
 */
import { IngressClient, IngressInput, type IngressInfo } from 'livekit-server-sdk';
import type { BroadcastState, BroadcastStatus } from '#app/lib/broadcast/model';
import type { EventRecord } from '#app/lib/events/model';

export interface IngressEndpoint {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
}

const TIMEOUT_SECONDS = 5;
const client = (e: IngressEndpoint) => new IngressClient(e.apiUrl, e.apiKey, e.apiSecret, { requestTimeout: TIMEOUT_SECONDS, failover: false });

/** Ingress state numbers (livekit.IngressState.Status) → the screens' status. */
const STATUS: Record<number, BroadcastStatus> = { 0: 'idle', 1: 'connecting', 2: 'live', 3: 'ended', 4: 'ended' };

export class IngressUnavailableError extends Error {
  override name = 'IngressUnavailableError';
}

const unavailable = (e: unknown) => new IngressUnavailableError(`LiveKit Ingress did not answer: ${(e as Error).message}`);

export async function createRtmpIngress(endpoint: IngressEndpoint, event: Pick<EventRecord, 'tenantId' | 'eventId' | 'channelName' | 'title'>) {
  let info: IngressInfo;
  try {
    info = await client(endpoint).createIngress(IngressInput.RTMP_INPUT, {
      name: `${event.tenantId}/${event.eventId}`,
      roomName: event.channelName,
      participantIdentity: `broadcast-${event.eventId}`,
      participantName: event.title,
      enableTranscoding: true,
    });
  } catch (e) {
    throw unavailable(e);
  }
  if (!info.ingressId || !info.url || !info.streamKey) throw new IngressUnavailableError('LiveKit Ingress answered without a URL or stream key');
  return { ingressId: info.ingressId, url: info.url, streamKey: info.streamKey };
}

/** Deletes the ingress (its stream key stops working at once); one that is already gone is fine. */
export async function deleteIngress(endpoint: IngressEndpoint, ingressId: string): Promise<void> {
  try {
    await client(endpoint).deleteIngress(ingressId);
  } catch (e) {
    if (/not.?found/i.test((e as Error).message)) return;
    throw unavailable(e);
  }
}

export async function ingressState(endpoint: IngressEndpoint, ingressId: string): Promise<BroadcastState> {
  let list: IngressInfo[];
  try {
    list = await client(endpoint).listIngress({ ingressId });
  } catch (e) {
    throw unavailable(e);
  }
  const state = list[0]?.state;
  if (!state) return { status: 'idle' };
  const video = state.video;
  return {
    status: STATUS[state.status] ?? 'idle',
    protocol: 'rtmp',
    ...(video?.width && video.height ? { width: video.width, height: video.height } : {}),
    ...(video?.averageBitrate ? { bitrateKbps: Math.round(video.averageBitrate / 1000) } : {}),
  };
}
