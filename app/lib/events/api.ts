/**
 * The room API between the live-room screens and the server (app/routes/api/events*.ts).
 * Bodies are JSON, validated with these schemas on the server; errors answer
 * `{ error: RoomErrorCode, message, opensAt? }` with the status named below.
 */
import { z } from 'zod';
import { eventIdSchema } from './model';
import type { EventRole, RoomGrants } from './permissions';

/** POST /api/events/token → 200 RoomTokenResponse | 401 | 403 (blocked, notYetOpen, ended, expired, cancelled) | 404 */
export const roomTokenRequestSchema = z.object({ eventId: eventIdSchema });

export interface RoomTokenResponse {
  token: string;
  /** LiveKit server URL for the browser (wss://… in production, ws://localhost:7880 for `livekit-server --dev`). */
  serverUrl: string;
  identity: string;
  name: string;
  role: EventRole;
  grants: RoomGrants;
  /** ISO time the token stops being accepted for a new connection. */
  expiresAt: string;
  startVideoOff: boolean;
  startAudioOff: boolean;
}

/** POST /api/events/room: host controls and raise hand. */
export const ROOM_INTENTS = ['mute', 'remove', 'block', 'unblock', 'end', 'raiseHand', 'lowerHand', 'bringOnStage', 'sendOffStage'] as const;
export type RoomIntent = (typeof ROOM_INTENTS)[number];
export const roomActionSchema = z.discriminatedUnion('intent', [
  z.object({ eventId: eventIdSchema, intent: z.literal('end') }),
  z.object({ eventId: eventIdSchema, intent: z.literal('raiseHand') }),
  z.object({ eventId: eventIdSchema, intent: z.literal('lowerHand') }),
  z.object({
    eventId: eventIdSchema,
    intent: z.enum(['mute', 'remove', 'block', 'unblock', 'bringOnStage', 'sendOffStage']),
    /** The participant's LiveKit identity (= user id). */
    identity: z.string().min(1).max(128),
  }),
]);
export type RoomAction = z.infer<typeof roomActionSchema>;

/**
 * GET /api/events/room?event=<id> (organizer and hosts): who is in the room and who raised a hand.
 * The participants are those the video service lists, then those only in the chat.
 */
export interface RoomParticipant {
  identity: string;
  name: string;
  role: EventRole;
  canPublish: boolean;
  /** True when a microphone or camera track is published and not muted. */
  publishing: boolean;
  /** In the event's chat but not connected to video (then canPublish and publishing are false). */
  chatOnly: boolean;
  /** Their avatar item (app/lib/photo/avatar.ts); absent: initials. */
  avatarId?: string;
}
export interface RaisedHand {
  identity: string;
  name: string;
  raisedAt: string;
  onStage: boolean;
}
export interface RoomStateResponse {
  /** False when the video service cannot be reached: the list is then empty, the page says so. */
  videoAvailable: boolean;
  participants: RoomParticipant[];
  hands: RaisedHand[];
  blockedUsers: Array<{ identity: string; name: string }>;
}

export const ROOM_ERROR_CODES = [
  'unauthenticated',
  'notFound',
  'forbidden',
  'blocked',
  'notYetOpen',
  'ended',
  'expired',
  'cancelled',
  'notConnected',
  'videoUnavailable',
  'badRequest',
  'ticketRequired',
] as const;
export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];
export interface RoomErrorResponse {
  error: RoomErrorCode;
  message: string;
  opensAt?: string;
  /** ticketRequired: where to buy a ticket or register (/preview). */
  buyUrl?: string;
}
