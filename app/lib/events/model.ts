/**
 * The event model shared by browser and server: fields, flags and constants (docs/PRODUCT.md,
 * Data: event; Rules), the lifecycle (scheduled → open → live → ended → expired, plus cancelled)
 * and the room layouts.
 * Times are ISO-8601 UTC strings; eventTimeZone names the zone the organizer scheduled in.
 */
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { ROOM_LAYOUTS } from './layouts';
import { shownStoredName } from '#app/lib/identity/displayName';
import { questionSchema, type Question } from '#app/lib/registration/schema';

/** Hosts and the organizer may enter from 30 minutes before start (docs/PRODUCT.md, Rules: room lead times). */
export const LEAD_TIME_MINUTES = 30;
/** Participants' room tokens are not valid before start − 5 minutes (nbfMinutes; docs/PRODUCT.md, Rules: token window). */
export const NBF_MINUTES = 5;
/** Default event duration in minutes (docs/PRODUCT.md, Rules: event duration and expiry). */
export const DEFAULT_DURATION_MINUTES = 60;
export const MIN_DURATION_MINUTES = 15;
export const MAX_DURATION_MINUTES = 480;
/** After the scheduled end the room stays usable this long (overrun); then eventExpiration passes and the room closes. */
export const EXPIRATION_GRACE_MINUTES = 30;
/** Room-expiry eject on, token-expiry eject off, mesh SFU on (docs/PRODUCT.md, Rules: room flags). */
export const ROOM_EXPIRY_EJECT = true;
export const TOKEN_EXPIRY_EJECT = false;
export const MESH_SFU = true;
/** Room tokens live this long; LiveKit refreshes them inside a connected session. */
export const ROOM_TOKEN_TTL_SECONDS = 10 * 60;
export const MAX_HOSTS = 20;

export { ROOM_LAYOUTS } from './layouts';
export type RoomLayout = (typeof ROOM_LAYOUTS)[number];
export const roomLayoutSchema = z.enum(ROOM_LAYOUTS);
export const roomHref = (layout: RoomLayout, eventId: string) => `/${layout}?event=${encodeURIComponent(eventId)}`;
export const lobbyHref = (eventId: string) => `/ety?event=${encodeURIComponent(eventId)}`;
export const previewHref = (eventId: string) => `/preview?event=${encodeURIComponent(eventId)}`;
export const shortHref = (code: string) => `/shortUrl?c=${encodeURIComponent(code)}`;

/** enableRecording: where the recording is made ('cloud' = server-side egress; 'off' = none). Default cloud. */
export const RECORDING_MODES = ['cloud', 'off'] as const;
/** recordingDestination: where a finished recording is kept. Default cloud (the platform's storage). */
export const RECORDING_DESTINATIONS = ['cloud', 'download'] as const;

/** 'event' is public and listed; 'rehearsal' (/testScheduler) and 'demo' (/demoPage, /teamDemoPage) are not listed. */
export const EVENT_KINDS = ['event', 'rehearsal', 'demo'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_FLAGS = ['moderateChat', 'ownerOnlyBroadcast', 'startVideoOff', 'startAudioOff', 'showTranscription', 'reactions', 'hostsAdmit'] as const;
export type EventFlag = (typeof EVENT_FLAGS)[number];

export const EVENT_IMAGE_SIZES = ['thumbnail', 'banner', 'poster'] as const;
export type EventImageSize = (typeof EVENT_IMAGE_SIZES)[number];

export const eventIdSchema = z.string().regex(/^[a-z0-9]{12}$/, 'events.errors.eventId');
export const shortCodeSchema = z.string().regex(/^[A-Za-z0-9]{7}$/, 'events.errors.shortCode');

export function isValidTimeZone(zone: string): boolean {
  return zone.length > 0 && zone.length <= 64 && IANAZone.isValidZone(zone);
}

/** An event as stored (one item per event and tenant; see server/events/data/events.server.ts). */
export const eventSchema = z.object({
  tenantId: z.string(),
  eventId: eventIdSchema,
  kind: z.enum(EVENT_KINDS).default('event'),
  title: z.string(),
  description: z.string().default(''),
  /** Start, ISO UTC. */
  eventDateTime: z.string(),
  /** Minutes. */
  eventDuration: z.number().int(),
  eventTimeZone: z.string(),
  /** When the room closes and everyone is removed, ISO UTC (end + grace, or the moment a host ended it). */
  eventExpiration: z.string(),
  eventLanguage: z.string(),
  organizerLanguageCode: z.string(),
  /** Set when a recording starts; empty until then. */
  eventRecordingId: z.string().default(''),
  /** LiveKit room name: unique across tenants sharing one LiveKit project. */
  channelName: z.string(),
  layout: roomLayoutSchema.default('liveEventsContainer'),
  moderateChat: z.boolean().default(false),
  ownerOnlyBroadcast: z.boolean().default(true),
  startVideoOff: z.boolean().default(false),
  startAudioOff: z.boolean().default(false),
  showTranscription: z.boolean().default(false),
  /** Live reactions float over the stage (docs/decisions/0079); also needs the tenant's `reactions` switch. Events stored before it have them on. */
  reactions: z.boolean().default(true),
  /** Participants wait in a waiting room until a host admits them (docs/decisions/0082). Off for events stored before it. */
  hostsAdmit: z.boolean().default(false),
  enableRecording: z.enum(RECORDING_MODES).default('cloud'),
  recordingDestination: z.enum(RECORDING_DESTINATIONS).default('cloud'),
  /** A video of the tenant's library shown as the event's trailer (/trailerPlayBack, the event page); empty for none. */
  trailerMediaId: z.string().default(''),
  /** Ticket price in minor units of the tenant's currency; 0 is a free event (Register instead of Buy). */
  ticketPrice: z.number().int().min(0).default(0),
  /** Seats on sale (free registrations or paid tickets); null is unlimited. */
  capacity: z.number().int().min(1).nullable().default(null),
  /** Price of the replay alone (minor units) for people without a ticket; null: the replay is not sold apart. */
  replayPrice: z.number().int().min(0).nullable().default(null),
  /** A consultation's private session (/pvs) booked through /consultationForm: its booking id. */
  consultationBookingId: z.string().optional(),
  /** An occurrence of a series (docs/decisions/0080): the series' id and its place in it (0 = first). */
  seriesId: z.string().regex(/^[a-z0-9]{12}$/).optional(),
  seriesIndex: z.number().int().min(0).optional(),
  /** Asked when registering or buying a ticket (docs/decisions/0083); answers are stored with the registration. */
  registrationQuestions: z.array(questionSchema).catch([]),
  organizerId: z.string(),
  organizerName: z.string().default('').transform(shownStoredName),
  organizerEmail: z.string().default(''),
  /** Host email addresses, lower case: invitations. */
  hosts: z.array(z.string()).default([]),
  /**
   * Accepted invitations: invited address → the user id (sub) that accepted it, once, with that
   * address verified. The host role rests on this binding, never on a token's email
   * (docs/decisions/0013-host-invitations.md). Entries exist only for addresses still in `hosts`.
   */
  acceptedHosts: z.record(z.string(), z.string()).default({}),
  /** User ids (sub) who may not join. */
  blockedUsers: z.array(z.string()).default([]),
  shortCode: z.string(),
  /** Storage keys of the event images, by size. */
  images: z.partialRecord(z.enum(EVENT_IMAGE_SIZES), z.string()).default({}),
  /** /teamDemoPage invite code (demo events only). */
  inviteCode: z.string().optional(),
  cancelledAt: z.string().nullable().default(null),
  /** Set when a host ended the event for everyone. */
  endedAt: z.string().nullable().default(null),
  /** Set once the server has closed the LiveKit room after expiry or an early end. */
  roomClosedAt: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventRecord = z.infer<typeof eventSchema>;

/** What an organizer sets (validated by app/lib/events/form.ts before it is stored). */
export interface EventInput {
  title: string;
  description: string;
  eventDateTime: string;
  eventDuration: number;
  eventTimeZone: string;
  eventLanguage: string;
  layout: RoomLayout;
  moderateChat: boolean;
  ownerOnlyBroadcast: boolean;
  startVideoOff: boolean;
  startAudioOff: boolean;
  showTranscription: boolean;
  reactions: boolean;
  /** Hosts admit participants (docs/decisions/0082); left out, a new event has it off and an update keeps the stored value. */
  hostsAdmit?: boolean;
  enableRecording: EventRecord['enableRecording'];
  recordingDestination: EventRecord['recordingDestination'];
  /** The trailer's media id, or '' for none; left out, an update keeps the stored one. */
  trailerMediaId?: string;
  /** Host emails (the repository lower-cases and de-duplicates them). */
  hosts: string[];
  /** Admission (app/lib/tickets/eventPricing.ts); left out, a new event is free and unlimited and an update keeps the stored values. */
  ticketPrice?: number;
  capacity?: number | null;
  replayPrice?: number | null;
  /** Set by the series store only (server/events/series.server.ts); left out, an update keeps them. */
  seriesId?: string;
  seriesIndex?: number;
  /** Registration questions (docs/decisions/0083); left out, an update keeps the stored ones. */
  registrationQuestions?: Question[];
}

/** A new event's settings where the organizer chose nothing else (docs/PRODUCT.md, Data: event flags). */
export const NEW_EVENT_SETTINGS = {
  description: '',
  eventDuration: DEFAULT_DURATION_MINUTES,
  layout: 'liveEventsContainer',
  moderateChat: false,
  ownerOnlyBroadcast: true,
  startVideoOff: false,
  startAudioOff: false,
  showTranscription: false,
  reactions: true,
  hostsAdmit: false,
  enableRecording: 'cloud',
  recordingDestination: 'cloud',
  trailerMediaId: '',
  hosts: [],
} as const satisfies Partial<EventInput>;

export const EVENT_STATUSES = ['scheduled', 'open', 'live', 'ended', 'expired', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const minutes = (n: number) => n * 60_000;
export const startMs = (e: Pick<EventRecord, 'eventDateTime'>) => Date.parse(e.eventDateTime);
export const endMs = (e: Pick<EventRecord, 'eventDateTime' | 'eventDuration'>) => startMs(e) + minutes(e.eventDuration);
/** When the organizer and hosts may enter (start − lead time). */
export const hostsOpenMs = (e: Pick<EventRecord, 'eventDateTime'>) => startMs(e) - minutes(LEAD_TIME_MINUTES);
/** When participants may enter (start − nbfMinutes). */
export const participantsOpenMs = (e: Pick<EventRecord, 'eventDateTime'>) => startMs(e) - minutes(NBF_MINUTES);
export const expirationFor = (startIso: string, durationMinutes: number) =>
  new Date(Date.parse(startIso) + minutes(durationMinutes + EXPIRATION_GRACE_MINUTES)).toISOString();

/** The lifecycle state at `now` (ms since epoch). */
export function eventStatus(e: Pick<EventRecord, 'eventDateTime' | 'eventDuration' | 'eventExpiration' | 'cancelledAt' | 'endedAt'>, now: number): EventStatus {
  if (e.cancelledAt) return 'cancelled';
  if (now >= Date.parse(e.eventExpiration)) return 'expired';
  if (e.endedAt || now >= endMs(e)) return 'ended';
  if (now >= startMs(e)) return 'live';
  if (now >= hostsOpenMs(e)) return 'open';
  return 'scheduled';
}

/**
 * The instant a local date and time in `zone` names, as ISO UTC; null when the zone is unknown
 * or the time does not exist there (a daylight-saving gap).
 */
export function zonedToUtc(date: string, time: string, zone: string): string | null {
  if (!isValidTimeZone(zone)) return null;
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid) return null;
  // Luxon shifts a time inside a DST gap forward; refuse it instead of silently moving the event.
  if (local.toFormat('yyyy-MM-dd') !== date || local.toFormat('HH:mm') !== time.slice(0, 5)) return null;
  return local.toUTC().toISO({ suppressMilliseconds: false }) ?? null;
}

/** The local date ('yyyy-MM-dd') and time ('HH:mm') of an instant in `zone`, for form defaults. */
export function utcToZoned(iso: string, zone: string): { date: string; time: string } {
  const local = DateTime.fromISO(iso, { zone: 'utc' }).setZone(isValidTimeZone(zone) ? zone : 'utc');
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
}

/** The fields a browser may see about an event (no blocked list, no organizer email, no invite code). */
export function publicEvent(e: EventRecord, now: number) {
  return {
    eventId: e.eventId,
    kind: e.kind,
    title: e.title,
    description: e.description,
    eventDateTime: e.eventDateTime,
    eventDuration: e.eventDuration,
    eventTimeZone: e.eventTimeZone,
    eventExpiration: e.eventExpiration,
    eventLanguage: e.eventLanguage,
    layout: e.layout,
    organizerName: e.organizerName,
    shortCode: e.shortCode,
    images: e.images,
    moderateChat: e.moderateChat,
    ownerOnlyBroadcast: e.ownerOnlyBroadcast,
    startVideoOff: e.startVideoOff,
    startAudioOff: e.startAudioOff,
    showTranscription: e.showTranscription,
    enableRecording: e.enableRecording,
    status: eventStatus(e, now),
  };
}
export type PublicEvent = ReturnType<typeof publicEvent>;
