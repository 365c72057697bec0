/**
 * The waiting room of an event whose hosts admit participants (docs/decisions/0082): what the
 * browser and the server share about it.
 *
 *   GET  /api/waitingRoom?event=<id>          → WaitingStatusResponse (the caller's standing; the
 *                                               queue too for the organizer, hosts and admins)
 *   POST /api/waitingRoom {eventId, action: 'knock'}                       → WaitingStatusResponse
 *   POST /api/waitingRoom {eventId, action: 'admit', userIds | all: true}  → WaitingDecisionResponse
 *   POST /api/waitingRoom {eventId, action: 'deny', userIds, reason?}      → WaitingDecisionResponse
 *
 * Refusals are the room API's (app/lib/events/api.ts RoomErrorResponse): 401, 404 (not this
 * tenant's event), 403 with the room's reason, 400 for a malformed body.
 */
import { z } from 'zod';
import { eventIdSchema } from './model';

export const WAITING_STATES = ['waiting', 'admitted', 'denied'] as const;
export type WaitingState = (typeof WAITING_STATES)[number];

/**
 * One question of the event's registration and the person's answer. Read from the person's
 * registration (their ticket row's optional `answers`) when they knock; empty when the event
 * asks none.
 */
export interface RegistrationAnswer {
  question: string;
  answer: string;
}

/** A person in an event's waiting room, as its hosts see them. */
export interface WaitingEntry {
  userId: string;
  name: string;
  /** Their avatar's id (app/lib/photo/avatar.ts avatarUrl), when they have one. */
  avatarId?: string;
  answers: RegistrationAnswer[];
  state: WaitingState;
  /** A denial's reason. */
  reason?: string;
  requestedAt: string;
}

export interface WaitingStatusResponse {
  /** The caller's standing: admitted for everyone the room lets in without waiting. */
  state: WaitingState;
  reason?: string;
  /** The organizer, hosts and admins: everyone who knocked, waiting ones first. */
  queue?: WaitingEntry[];
  /** The organizer, hosts and admins: whether the event's hosts admit participants now. */
  enabled?: boolean;
}

export interface WaitingDecisionResponse {
  /** How many people the decision was written for. */
  decided: number;
  queue: WaitingEntry[];
}

/** Longest denial reason a host may give. */
export const DENY_REASON_MAX = 300;
/** Most people named in one decision (admitting everyone names nobody). */
export const MAX_DECIDED = 1000;

const userIds = z.array(z.string().min(1).max(128)).min(1).max(MAX_DECIDED);

export const waitingRequestSchema = z.union([
  z.object({ eventId: eventIdSchema, action: z.literal('knock') }).strict(),
  z.object({ eventId: eventIdSchema, action: z.literal('admit'), userIds }).strict(),
  z.object({ eventId: eventIdSchema, action: z.literal('admit'), all: z.literal(true) }).strict(),
  z.object({ eventId: eventIdSchema, action: z.literal('deny'), userIds, reason: z.string().trim().max(DENY_REASON_MAX).optional() }).strict(),
]);
export type WaitingRequest = z.infer<typeof waitingRequestSchema>;

/** How often the waiting screen asks for its standing, and the hosts' panel for the queue. */
export const WAITING_POLL_MS = 2500;
