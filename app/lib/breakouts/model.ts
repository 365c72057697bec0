/**
 * Breakout rooms (issue 28, item 4; docs/decisions/0084-breakout-rooms.md), shared by the browser
 * and the server: the state of an event's breakouts (its rooms, who is in which, when they end,
 * whether people may choose), the host's and the participant's requests (zod, strict), the
 * automatic split and the rules a room view follows (is it running, where does this person go).
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';

export const BREAKOUT_ROOMS_MIN = 2;
export const BREAKOUT_ROOMS_MAX = 20;
export const BREAKOUT_NAME_MAX = 60;
export const BREAKOUT_MESSAGE_MAX = 500;
export const BREAKOUT_MINUTES_MAX = 240;
/** People one request may split or list (an event's audience in the rooms). */
export const BREAKOUT_PEOPLE_MAX = 2000;
const PERSON_NAME_MAX = 120;

/** A breakout's id: b1 … b20. */
export const breakoutIdSchema = z.string().regex(/^b([1-9]|1\d|20)$/);
export type BreakoutId = z.infer<typeof breakoutIdSchema>;
const userIdSchema = z.string().min(1).max(128);

export interface BreakoutRoom {
  id: BreakoutId;
  name: string;
}

/** One person placed in a breakout (the name is the one the host saw, or the person's own when they chose). */
export interface BreakoutMember {
  userId: string;
  name: string;
  roomId: BreakoutId;
}

export interface BreakoutState {
  eventId: string;
  /** Bumped by every change: a client keeps the highest it has seen (notices may cross). */
  version: number;
  /** Open until a host brings everyone back (or endsAt passes). */
  open: boolean;
  rooms: BreakoutRoom[];
  members: BreakoutMember[];
  /** When the breakouts end by themselves (null: when a host brings everyone back). */
  endsAt: string | null;
  /** Participants may pick a room themselves. */
  allowChoose: boolean;
  /** The host's last message to every room. */
  message: { text: string; at: string; from: string } | null;
  updatedAt: string;
}

/** No breakouts: what an event that never had any reads as. */
export const closedBreakouts = (eventId: string): BreakoutState => ({
  eventId,
  version: 0,
  open: false,
  rooms: [],
  members: [],
  endsAt: null,
  allowChoose: false,
  message: null,
  updatedAt: new Date(0).toISOString(),
});

/** Running now: opened and not past its end time. */
export const breakoutsRunning = (state: BreakoutState | null, now = Date.now()): boolean =>
  Boolean(state?.open && (!state.endsAt || Date.parse(state.endsAt) > now));

/** The breakout a person is placed in while the breakouts run (null: the main room). */
export function roomOf(state: BreakoutState | null, userId: string, now = Date.now()): BreakoutRoom | null {
  if (!state || !breakoutsRunning(state, now)) return null;
  const member = state.members.find((m) => m.userId === userId);
  return (member && state.rooms.find((r) => r.id === member.roomId)) ?? null;
}

/** The LiveKit room of a breakout: the main room's name (which leads with the tenant) and the breakout's id. */
export const breakoutChannel = (channelName: string, roomId: BreakoutId) => `${channelName}-${roomId}`;
/** A breakout's chat: its own channel and store, beside the event's (server/chat: `<eventId>.<roomId>`). */
export const breakoutChatId = (eventId: string, roomId: BreakoutId) => `${eventId}.${roomId}`;

/** The default names: "Room 1" … in the viewer's words are the browser's; the server stores these. */
export const defaultRoomName = (n: number) => `Room ${n}`;
export const roomIds = (count: number): BreakoutId[] => Array.from({ length: count }, (_, i) => `b${i + 1}`);

export interface SplitPerson {
  userId: string;
  name: string;
}

/**
 * The automatic split: people in the order given (the host's list), dealt round the rooms, so
 * room sizes differ by at most one and the first rooms get the extra person. Duplicates are
 * placed once.
 */
export function autoSplit(people: readonly SplitPerson[], rooms: readonly BreakoutId[]): BreakoutMember[] {
  if (!rooms.length) return [];
  const seen = new Set<string>();
  const out: BreakoutMember[] = [];
  for (const person of people) {
    if (seen.has(person.userId)) continue;
    seen.add(person.userId);
    out.push({ userId: person.userId, name: person.name, roomId: rooms[out.length % rooms.length]! });
  }
  return out;
}

/** Places (roomId) or takes out (null) one person; everyone else stays where they are. */
export function assign(members: readonly BreakoutMember[], person: SplitPerson, roomId: BreakoutId | null): BreakoutMember[] {
  const rest = members.filter((m) => m.userId !== person.userId);
  return roomId ? [...rest, { userId: person.userId, name: person.name, roomId }] : rest;
}

/** Seconds left (0 at or after the end; null without an end time). */
export function secondsLeft(state: BreakoutState, now = Date.now()): number | null {
  if (!state.endsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(state.endsAt) - now) / 1000));
}

/** m:ss (or h:mm:ss) for the countdown. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// -------------------------------------------------------------------------------------------
// Requests (POST /api/breakouts and /api/breakouts/token)
// -------------------------------------------------------------------------------------------

const personSchema = z.object({ userId: userIdSchema, name: z.string().trim().min(1).max(PERSON_NAME_MAX) }).strict();
const nameSchema = z.string().trim().min(1).max(BREAKOUT_NAME_MAX);

/** What a host does (staff only). */
export const breakoutActionSchema = z.discriminatedUnion('intent', [
  /**
   * Opens N rooms. `people` (the host's list of who is in the room now) are split automatically
   * when `auto`, else they start in the main room and the host places them by hand.
   */
  z
    .object({
      intent: z.literal('open'),
      eventId: eventIdSchema,
      count: z.number().int().min(BREAKOUT_ROOMS_MIN).max(BREAKOUT_ROOMS_MAX),
      minutes: z.number().int().min(1).max(BREAKOUT_MINUTES_MAX).nullable().default(null),
      allowChoose: z.boolean().default(false),
      auto: z.boolean().default(true),
      people: z.array(personSchema).max(BREAKOUT_PEOPLE_MAX).default([]),
    })
    .strict(),
  /** Places one person in a room (null: back to the main room). */
  z.object({ intent: z.literal('assign'), eventId: eventIdSchema, person: personSchema, roomId: breakoutIdSchema.nullable() }).strict(),
  z.object({ intent: z.literal('rename'), eventId: eventIdSchema, roomId: breakoutIdSchema, name: nameSchema }).strict(),
  z.object({ intent: z.literal('broadcast'), eventId: eventIdSchema, text: z.string().trim().min(1).max(BREAKOUT_MESSAGE_MAX) }).strict(),
  z.object({ intent: z.literal('allowChoose'), eventId: eventIdSchema, allowChoose: z.boolean() }).strict(),
  /** Brings everyone back to the main room. */
  z.object({ intent: z.literal('end'), eventId: eventIdSchema }).strict(),
]);
export type BreakoutAction = z.input<typeof breakoutActionSchema>;

/**
 * A token for a breakout's video: the person's own room; `roomId` names another for a host
 * visiting it, or for a participant choosing it when the host allows them to choose.
 */
export const breakoutTokenRequestSchema = z.object({ eventId: eventIdSchema, roomId: breakoutIdSchema.optional() }).strict();
export type BreakoutTokenRequest = z.infer<typeof breakoutTokenRequestSchema>;

/** Why a breakout request is refused (beyond the room's own refusals). */
export const BREAKOUT_ERRORS = ['breakoutsClosed', 'notAssigned', 'roomNotFound'] as const;
export type BreakoutErrorCode = (typeof BREAKOUT_ERRORS)[number];
