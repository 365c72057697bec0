/**
 * Who may do what in an event: the one place roles, gates and LiveKit grants are decided.
 * Roles appear as flags (isOrganizer, isHost, isParticipant, isUserBlocked); docs/PRODUCT.md
 * (Roles and permissions; Rules) gives who and when. Pure functions of (event, user, now): the
 * browser uses them to show the right controls; the server decides who may be in a room only
 * through its one admission (server/entitlement/admission.server.ts), which builds on canJoin.
 */
import {
  eventStatus,
  hostsOpenMs,
  participantsOpenMs,
  type EventRecord,
  type EventStatus,
  type RoomLayout,
} from './model';

export type EventRole = 'organizer' | 'host' | 'participant';

export interface EventUser {
  sub: string;
  /** Used only to accept an invitation (acceptableInvitation), and only when verified. */
  email?: string | null;
  emailVerified?: boolean;
  /** Tenant-wide Cognito groups; a tenant admin manages every event like its organizer. */
  groups?: readonly string[];
}

type RoleFields = Pick<EventRecord, 'organizerId' | 'hosts' | 'acceptedHosts' | 'blockedUsers'>;

export interface EventFlags {
  isOrganizer: boolean;
  isHost: boolean;
  isParticipant: boolean;
  isUserBlocked: boolean;
}

/**
 * The user's role in the event: the creator (or a tenant admin) is organizer; the account that
 * accepted an invitation still on the hosts list is host; everyone else participates. No email
 * counts here: an invitation becomes a role only once accepted (acceptableInvitation, then the
 * server's acceptance write), so changing one's email never grants anything.
 */
export function roleOf(event: Pick<RoleFields, 'organizerId' | 'hosts' | 'acceptedHosts'>, user: EventUser): EventRole {
  if (event.organizerId === user.sub || user.groups?.includes('admin')) return 'organizer';
  if (event.hosts.some((email) => event.acceptedHosts[email] === user.sub)) return 'host';
  return 'participant';
}

/**
 * The invited address this user may accept now (lower case), or null: the user's email must be
 * verified, on the hosts list, and not yet accepted by anyone. Pure; the server does the write
 * (server/events/data/hostInvitations.server.ts), once, with a condition.
 */
export function acceptableInvitation(event: Pick<RoleFields, 'organizerId' | 'hosts' | 'acceptedHosts'>, user: EventUser): string | null {
  if (!user.email || user.emailVerified !== true || event.organizerId === user.sub) return null;
  const email = user.email.trim().toLowerCase();
  return event.hosts.includes(email) && !event.acceptedHosts[email] ? email : null;
}

export function flagsOf(event: RoleFields, user: EventUser): EventFlags {
  const role = roleOf(event, user);
  return {
    isOrganizer: role === 'organizer',
    isHost: role === 'host',
    isParticipant: role === 'participant',
    // The organizer can never be locked out of their own event.
    isUserBlocked: role !== 'organizer' && event.blockedUsers.includes(user.sub),
  };
}

export const isStaff = (role: EventRole) => role === 'organizer' || role === 'host';

/** When this role may enter the room: hosts and organizer at start − 30 min, participants at start − 5 min. */
export function opensAtMs(event: Pick<EventRecord, 'eventDateTime'>, role: EventRole): number {
  return isStaff(role) ? hostsOpenMs(event) : participantsOpenMs(event);
}

export type JoinRefusal = 'blocked' | 'notYetOpen' | 'ended' | 'expired' | 'cancelled';
export type JoinDecision = { ok: true; role: EventRole } | { ok: false; reason: JoinRefusal; role: EventRole; opensAt?: string };

/**
 * The event's own part of the room's admission (the server adds the ticket gate:
 * server/entitlement/admission.server.ts). Participants are refused before start − 5 min
 * (livekit-server-sdk fixes nbf to "now", so the server refuses to mint earlier), hosts before
 * start − 30 min; nobody after an early end, expiry or cancellation; a blocked user never.
 */
export function canJoin(
  event: RoleFields & Parameters<typeof eventStatus>[0],
  user: EventUser,
  now: number,
): JoinDecision {
  const flags = flagsOf(event, user);
  const role = roleOf(event, user);
  if (flags.isUserBlocked) return { ok: false, reason: 'blocked', role };
  const status: EventStatus = eventStatus(event, now);
  if (status === 'cancelled' || status === 'expired') return { ok: false, reason: status, role };
  if (status === 'ended') {
    // "Ended" between the scheduled end and expiry is overrun time: the room stays open to those
    // already entitled, unless a host ended it for everyone.
    if (event.endedAt) return { ok: false, reason: 'ended', role };
  }
  const opensAt = opensAtMs(event, role);
  if (now < opensAt) return { ok: false, reason: 'notYetOpen', role, opensAt: new Date(opensAt).toISOString() };
  return { ok: true, role };
}

/** Layouts where the audience never publishes: only the stage (organizer, hosts, invited speakers) does. */
const BROADCAST_LAYOUTS: ReadonlySet<RoomLayout> = new Set(['lbc', 'hbc', 'abc', 'habc', 'ils', 'hybridVideoChat']);

export interface RoomGrants {
  roomJoin: true;
  room: string;
  canPublish: boolean;
  canSubscribe: true;
  canPublishData: boolean;
  /** Lets a participant raise a hand through its own metadata; the server does the rest. */
  canUpdateOwnMetadata: boolean;
  roomAdmin: boolean;
  /** Audio-only layouts publish microphones only. */
  canPublishSources?: Array<'camera' | 'microphone' | 'screen_share' | 'screen_share_audio'>;
}

/**
 * LiveKit grants from the role, the event's flags and its layout. Hosts and the organizer are
 * room admins and may always publish; with ownerOnlyBroadcast (or a broadcast layout) nobody
 * else publishes until brought on stage by a server-side permission update.
 */
export function grantsFor(event: Pick<EventRecord, 'channelName' | 'ownerOnlyBroadcast' | 'layout'>, role: EventRole): RoomGrants {
  const staff = isStaff(role);
  const audioOnly = event.layout === 'abc' || event.layout === 'habc';
  const canPublish = staff || (!event.ownerOnlyBroadcast && !BROADCAST_LAYOUTS.has(event.layout));
  return {
    roomJoin: true,
    room: event.channelName,
    canPublish,
    canSubscribe: true,
    canPublishData: true,
    canUpdateOwnMetadata: true,
    roomAdmin: staff,
    ...(audioOnly ? { canPublishSources: ['microphone'] } : {}),
  };
}

/** Host controls (mute, remove, block, end for all, bring on stage) belong to organizer and hosts. */
export const canModerate = (role: EventRole) => isStaff(role);
/** The one moderation rule: nobody blocks the organizer or a host; only organizer and hosts block participants. */
export const canBlock = (actor: EventRole, target: EventRole) => isStaff(actor) && target === 'participant';
/** Only organizer and hosts unblock (anyone on the blocked list, so nobody stays locked out by mistake). */
export const canUnblock = (actor: EventRole) => isStaff(actor);
/** Editing and cancelling belong to the organizer only. */
export const canEdit = (role: EventRole) => role === 'organizer';
