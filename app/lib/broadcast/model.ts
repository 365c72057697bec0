/**
 * Live broadcasts pushed from an encoder (OBS, ffmpeg) into the platform ingest worker
 * (docs/decisions/0029-live-ingest.md). Shared by the key screens, the live player and the server.
 *
 * Status: idle (no push) → connecting (a push with a valid key was accepted) → live (the first
 * HLS segments are stored) → ended (the push stopped; the broadcast becomes a VOD item).
 */
import { z } from 'zod';

export const BROADCAST_PROTOCOLS = ['rtmp', 'srt'] as const;
export type BroadcastProtocol = (typeof BROADCAST_PROTOCOLS)[number];

export const BROADCAST_STATUSES = ['idle', 'connecting', 'live', 'ended'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** Which service takes the push: the platform worker, or LiveKit Ingress (RTMP/WHIP into the room) where the tenant names it. */
export type IngestPath = 'platform' | 'livekit';

/** What the key screen and the live player know about an event's broadcast. */
export interface BroadcastState {
  status: BroadcastStatus;
  protocol?: BroadcastProtocol;
  /** The source's video bitrate as received, kbit/s (while connecting or live). */
  bitrateKbps?: number;
  width?: number;
  height?: number;
  startedAt?: string;
  endedAt?: string;
  /** The kept broadcast's media item, once the push has ended. */
  mediaId?: string;
  /** livekit: the push goes into the room through LiveKit Ingress (no live HLS to play). */
  path?: IngestPath;
  /**
   * false: this viewer may not watch it (a paid event without their ticket, or signed out), so
   * nothing else of the push is told and no player is shown; absent for those who may.
   */
  admitted?: false;
}

/** What a key screen shows of a stored key: never the key itself. */
export interface KeySummary {
  protocol: BroadcastProtocol;
  /** The last characters of the secret, so an organizer can tell keys apart. */
  hint: string;
  createdAt: string;
  /** The ingest URL the encoder pushes to (SRT: with this event's port). */
  ingestUrl: string;
}

/** The secret part of a stream key: 32 lower-case hex characters (128 bits). */
export const KEY_SECRET = /^[a-f0-9]{32}$/;
const TENANT = '[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?';

/**
 * An RTMP stream key names its tenant and event, so any worker can check it without a lookup
 * table: `<tenant>_<event>_<secret>` (node-media-server accepts only [A-Za-z0-9_-] in names).
 */
export const rtmpStreamKey = (tenantId: string, eventId: string, secret: string) => `${tenantId}_${eventId}_${secret}`;

const RTMP_KEY = new RegExp(`^(${TENANT})_([a-z0-9]{12})_([a-f0-9]{32})$`);
export function parseRtmpStreamKey(key: string): { tenantId: string; eventId: string; secret: string } | null {
  const m = RTMP_KEY.exec(key);
  return m ? { tenantId: m[1]!, eventId: m[2]!, secret: m[3]! } : null;
}

export const keyHint = (secret: string) => secret.slice(-4);

export const protocolSchema = z.enum(BROADCAST_PROTOCOLS);

/** The key screens' actions. */
export const keyActionSchema = z.object({
  intent: z.enum(['create', 'rotate', 'revoke']),
  eventId: z.string().regex(/^[a-z0-9]{12}$/),
});
export type KeyAction = z.infer<typeof keyActionSchema>;

/** The live playlist route: `/api/broadcast/live?event=<id>[&variant=720p]`. */
export const livePlaylistUrl = (eventId: string, variant?: string) =>
  `/api/broadcast/live?event=${encodeURIComponent(eventId)}${variant ? `&variant=${encodeURIComponent(variant)}` : ''}`;
/** An event's stream-key screen for one protocol (/rtmpKey, /srtKey). */
export const keyScreenHref = (protocol: BroadcastProtocol, eventId: string) => `/${protocol === 'rtmp' ? 'rtmpKey' : 'srtKey'}?eventId=${encodeURIComponent(eventId)}`;
export const statusUrl = (eventId: string) => `/api/broadcast/status?event=${encodeURIComponent(eventId)}`;

/** How often screens ask for the status (ms): the status changes at most every couple of seconds. */
export const STATUS_POLL_MS = 2000;
/** /liveEvents' live-now section follows the broadcasts of its first few live events only, so a busy list page stays light. */
export const LIVE_NOW_CHECKED = 6;
