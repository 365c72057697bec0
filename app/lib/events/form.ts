/**
 * The event form (/scheduleEvents and the dashboard's ScheduleEvent tab): its fields, defaults and
 * the one parser the server runs on every post. Browser-safe: no server imports. Errors are
 * translation keys of the `schedule` namespace; the form passes { min, max, maxHosts, emails } to
 * every one of them, so a message may name the bounds or the refused addresses.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { keyFromData } from '#app/lib/i18n/keys';
import { QUESTIONS_FIELD, QUESTIONS_FIELD_MAX, parseQuestionsField, type QuestionFormError } from '#app/lib/registration/questions';
import { NEW_TICKET_VALUES, TICKET_FORM_FIELDS, parseTicketFields, ticketFormValues, type TicketFormError, type TicketFormValues } from '#app/lib/tickets/eventPricing';
import {
  DEFAULT_DURATION_MINUTES,
  EVENT_FLAGS,
  MAX_DURATION_MINUTES,
  MAX_HOSTS,
  MIN_DURATION_MINUTES,
  NEW_EVENT_SETTINGS,
  RECORDING_DESTINATIONS,
  RECORDING_MODES,
  ROOM_LAYOUTS,
  isValidTimeZone,
  utcToZoned,
  zonedToUtc,
  type EventFlag,
  type EventInput,
  type EventRecord,
} from './model';

export const TITLE_MIN = 3;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;

/** Every field of the form, in page order (the error summary follows it). */
export const EVENT_FORM_FIELDS = [
  'title',
  'description',
  'date',
  'time',
  'eventTimeZone',
  'eventDuration',
  'eventLanguage',
  'layout',
  ...EVENT_FLAGS,
  'enableRecording',
  'recordingDestination',
  'trailerMediaId',
  ...TICKET_FORM_FIELDS,
  QUESTIONS_FIELD,
  'hosts',
] as const;
export type EventFormField = (typeof EVENT_FORM_FIELDS)[number];

/** What the form shows: exactly what was typed (strings), checkboxes as booleans. */
export interface EventFormValues extends TicketFormValues {
  title: string;
  description: string;
  /** yyyy-MM-dd in eventTimeZone. */
  date: string;
  /** HH:mm in eventTimeZone. */
  time: string;
  eventTimeZone: string;
  eventDuration: string;
  eventLanguage: string;
  layout: string;
  moderateChat: boolean;
  ownerOnlyBroadcast: boolean;
  startVideoOff: boolean;
  startAudioOff: boolean;
  showTranscription: boolean;
  reactions: boolean;
  hostsAdmit: boolean;
  enableRecording: string;
  recordingDestination: string;
  /** The trailer's media id ('' for none). */
  trailerMediaId: string;
  /** Host emails as typed (commas, spaces or new lines between them). */
  hosts: string;
  /** The registration questions' editor state as JSON (app/lib/registration/questions.ts). */
  registrationQuestions: string;
}

const ERROR_CODES = [
  'invalid',
  'title',
  'titleShort',
  'titleLong',
  'description',
  'timeZoneRequired',
  'timeZone',
  'durationInteger',
  'duration',
  'layout',
  'choice',
  'language',
  'dateRequired',
  'date',
  'timeRequired',
  'time',
  'timeGap',
  'past',
  'hosts',
  'hostsTooMany',
  'trailer',
] as const;
/** A field error: a key of schedule.errors (also written as the zod schemas' issue messages). */
export const eventFormError = (code: (typeof ERROR_CODES)[number]) => `schedule.errors.${code}` as const;
const err = eventFormError;
const ERROR_KEYS = ERROR_CODES.map(err);
export type EventFormError = ReturnType<typeof err>;

/** The field error a zod issue of an event form names, else "check this field". */
export function eventIssueKey(message: string): EventFormError {
  return keyFromData(ERROR_KEYS, message) ?? err('invalid');
}

export type EventFormErrors = Partial<Record<EventFormField, EventFormError | TicketFormError | QuestionFormError>>;

export type EventFormResult =
  | { ok: true; input: EventInput; values: EventFormValues }
  | { ok: false; errors: EventFormErrors; values: EventFormValues; invalidHosts: string[] };

export interface ParseOptions {
  /** ms since epoch: a start before it is refused. */
  now: number;
  /** The tenant's languages; the event language must be one of them. */
  languages: readonly string[];
  defaultLanguage: string;
  /**
   * The stored start of the event being edited: keeping it is accepted even once it has passed
   * (an organizer may fix a typo in a live event's title).
   */
  keepStart?: string;
  /** The tenant's currency: ticket and replay prices are typed in its major units. Default USD. */
  currency?: string;
  /** The tenant's default language: every registration question needs a label in it. Default: the first of `languages`. */
  tenantLanguage?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const TRUE_VALUES = new Set(['on', 'true', '1', 'yes']);

/** Host emails typed in one box, split on commas, semicolons, spaces and new lines. */
export function splitHosts(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((h) => h.trim())
    .filter(Boolean);
}

const emailSchema = z.email();

const fieldSchemas = {
  title: z.string().trim().min(TITLE_MIN, err('titleShort')).max(TITLE_MAX, err('titleLong')),
  description: z.string().trim().max(DESCRIPTION_MAX, err('description')),
  eventTimeZone: z.string().trim().min(1, err('timeZoneRequired')).refine(isValidTimeZone, err('timeZone')),
  eventDuration: z
    .string()
    .trim()
    .transform((s) => (s === '' ? String(DEFAULT_DURATION_MINUTES) : s))
    .pipe(
      z
        .string()
        .regex(/^\d{1,4}$/, err('durationInteger'))
        .transform(Number)
        .pipe(z.number().int().min(MIN_DURATION_MINUTES, err('duration')).max(MAX_DURATION_MINUTES, err('duration'))),
    ),
  layout: z.enum(ROOM_LAYOUTS, { error: err('layout') }),
  enableRecording: z.enum(RECORDING_MODES, { error: err('choice') }),
  recordingDestination: z.enum(RECORDING_DESTINATIONS, { error: err('choice') }),
  // Shape only here; the server checks it names a finished video the organizer may use.
  trailerMediaId: z.string().regex(/^([a-z0-9]{21})?$/, err('trailer')),
};

type Source = FormData | Record<string, unknown>;

function reader(source: Source) {
  const isForm = typeof FormData !== 'undefined' && source instanceof FormData;
  const get = (name: string): unknown => (isForm ? (source as FormData).get(name) : (source as Record<string, unknown>)[name]);
  return {
    text: (name: string) => {
      const v = get(name);
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
    },
    /** A checkbox: absent (unchecked) is false. */
    flag: (name: string) => {
      const v = get(name);
      return v === true || (typeof v === 'string' && TRUE_VALUES.has(v.toLowerCase()));
    },
  };
}

/** The typed values, cut to sane lengths (they are sent back to the form on errors). */
export function readEventForm(source: Source): EventFormValues {
  const r = reader(source);
  const text = (name: string, max: number) => r.text(name).slice(0, max);
  return {
    // Generous bounds: an over-long text comes back whole with its error, never cut silently.
    title: text('title', TITLE_MAX * 8),
    description: text('description', DESCRIPTION_MAX * 2),
    date: text('date', 32).trim(),
    time: text('time', 32).trim(),
    eventTimeZone: text('eventTimeZone', 100).trim(),
    eventDuration: text('eventDuration', 16),
    eventLanguage: text('eventLanguage', 16),
    layout: text('layout', 64),
    moderateChat: r.flag('moderateChat'),
    ownerOnlyBroadcast: r.flag('ownerOnlyBroadcast'),
    startVideoOff: r.flag('startVideoOff'),
    startAudioOff: r.flag('startAudioOff'),
    showTranscription: r.flag('showTranscription'),
    reactions: r.flag('reactions'),
    hostsAdmit: r.flag('hostsAdmit'),
    enableRecording: text('enableRecording', 32),
    recordingDestination: text('recordingDestination', 32),
    trailerMediaId: text('trailerMediaId', 64).trim(),
    hosts: text('hosts', 4000),
    admission: text('admission', 16),
    ticketPrice: text('ticketPrice', 32),
    capacity: text('capacity', 32),
    replayPrice: text('replayPrice', 32),
    registrationQuestions: text(QUESTIONS_FIELD, QUESTIONS_FIELD_MAX),
  };
}

function validDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** The westernmost zone is 12 hours behind UTC: a local time is over everywhere 12 hours later. */
const LATEST_OFFSET_MS = 12 * 3_600_000;

/** Whether `date` (at `time`, or its last minute) has passed in every time zone. */
function pastInEveryZone(date: string, time: string | null, now: number): boolean {
  const local = Date.parse(`${date}T${time ? time.slice(0, 5) : '23:59'}:00Z`);
  return Number.isFinite(local) && local + LATEST_OFFSET_MS < now;
}

/**
 * Validates the event form. On success gives the input the repository stores (start converted to
 * UTC from the chosen zone); on failure a translation key per field and the typed values.
 */
export function parseEventForm(source: Source, options: ParseOptions): EventFormResult {
  const values = readEventForm(source);
  const errors: EventFormErrors = {};
  const invalidHosts: string[] = [];
  const check = <T>(field: EventFormField, schema: z.ZodType<T>, raw: unknown): T | undefined => {
    const out = schema.safeParse(raw);
    if (out.success) return out.data;
    const message = out.error.issues[0]?.message ?? '';
    errors[field] = eventIssueKey(message);
    return undefined;
  };

  const title = check('title', fieldSchemas.title, values.title);
  const description = check('description', fieldSchemas.description, values.description);
  const eventTimeZone = check('eventTimeZone', fieldSchemas.eventTimeZone, values.eventTimeZone);
  const eventDuration = check('eventDuration', fieldSchemas.eventDuration, values.eventDuration);
  const layout = check('layout', fieldSchemas.layout, values.layout);
  const enableRecording = check('enableRecording', fieldSchemas.enableRecording, values.enableRecording);
  const recordingDestination = check('recordingDestination', fieldSchemas.recordingDestination, values.recordingDestination);
  const trailerMediaId = check('trailerMediaId', fieldSchemas.trailerMediaId, values.trailerMediaId);
  const eventLanguage = check(
    'eventLanguage',
    z.string().refine((l) => options.languages.includes(l), err('language')),
    values.eventLanguage || options.defaultLanguage,
  );

  // Start: a real calendar date and a 24-hour time that exist in the chosen zone, not in the past.
  let eventDateTime: string | undefined;
  if (!values.date) errors.date = err('dateRequired');
  else if (!validDate(values.date)) errors.date = err('date');
  if (!values.time) errors.time = err('timeRequired');
  else if (!TIME.test(values.time)) errors.time = err('time');
  if (!errors.date && (errors.time || !eventTimeZone) && pastInEveryZone(values.date, errors.time ? null : values.time, options.now)) {
    // Without a usable zone or time the start is unknown, but a day already over everywhere is
    // reported now rather than after the other fields are fixed.
    errors.date = err('past');
  }
  if (!errors.date && !errors.time && eventTimeZone) {
    const time = values.time.slice(0, 5);
    const utc = zonedToUtc(values.date, time, eventTimeZone);
    if (!utc) errors.time = err('timeGap');
    else if (Date.parse(utc) < options.now && !(options.keepStart && Date.parse(options.keepStart) === Date.parse(utc))) {
      errors.date = err('past');
    } else eventDateTime = options.keepStart && Date.parse(options.keepStart) === Date.parse(utc) ? options.keepStart : utc;
  }

  // Hosts: each a valid address, at most MAX_HOSTS different ones.
  const hosts = [...new Set(splitHosts(values.hosts).map((h) => h.toLowerCase()))];
  for (const h of hosts) if (h.length > 254 || !emailSchema.safeParse(h).success) invalidHosts.push(h);
  if (invalidHosts.length) errors.hosts = err('hosts');
  else if (hosts.length > MAX_HOSTS) errors.hosts = err('hostsTooMany');

  const tickets = parseTicketFields(values, options.currency ?? 'USD');
  if (!tickets.ok) Object.assign(errors, tickets.errors);
  const questions = parseQuestionsField(values.registrationQuestions, options.languages, options.tenantLanguage ?? options.languages[0] ?? options.defaultLanguage);
  if (!questions.ok) errors.registrationQuestions = questions.error;

  if (
    !tickets.ok ||
    Object.keys(errors).length ||
    title === undefined ||
    description === undefined ||
    eventTimeZone === undefined ||
    eventDuration === undefined ||
    layout === undefined ||
    enableRecording === undefined ||
    recordingDestination === undefined ||
    trailerMediaId === undefined ||
    eventLanguage === undefined ||
    eventDateTime === undefined
  ) {
    return { ok: false, errors, values, invalidHosts };
  }
  const flags = Object.fromEntries(EVENT_FLAGS.map((f) => [f, values[f]])) as Record<EventFlag, boolean>;
  return {
    ok: true,
    values,
    input: {
      title,
      description,
      eventDateTime,
      eventDuration,
      eventTimeZone,
      eventLanguage,
      layout,
      ...flags,
      enableRecording,
      recordingDestination,
      trailerMediaId,
      hosts,
      ...tickets.input,
      ...(questions.ok ? { registrationQuestions: questions.questions } : {}),
    },
  };
}

/**
 * A new form: tomorrow at the next full hour (of the current time in `zone`), 60 minutes,
 * ownerOnlyBroadcast checked, recording to the cloud.
 */
export function defaultEventFormValues({ now, zone, language }: { now: number; zone: string; language: string }): EventFormValues {
  const safeZone = isValidTimeZone(zone) ? zone : 'UTC';
  const start = DateTime.fromMillis(now, { zone: safeZone }).startOf('hour').plus({ hours: 1, days: 1 });
  return {
    ...NEW_EVENT_SETTINGS,
    title: '',
    date: start.toFormat('yyyy-MM-dd'),
    time: start.toFormat('HH:mm'),
    eventTimeZone: safeZone,
    eventDuration: String(NEW_EVENT_SETTINGS.eventDuration),
    eventLanguage: language,
    hosts: '',
    ...NEW_TICKET_VALUES,
    registrationQuestions: '[]',
  };
}

/** The form of a stored event (edit). */
export function eventFormValues(event: EventRecord, currency = 'USD'): EventFormValues {
  const local = utcToZoned(event.eventDateTime, event.eventTimeZone);
  return {
    title: event.title,
    description: event.description,
    date: local.date,
    time: local.time,
    eventTimeZone: event.eventTimeZone,
    eventDuration: String(event.eventDuration),
    eventLanguage: event.eventLanguage,
    layout: event.layout,
    moderateChat: event.moderateChat,
    ownerOnlyBroadcast: event.ownerOnlyBroadcast,
    startVideoOff: event.startVideoOff,
    startAudioOff: event.startAudioOff,
    showTranscription: event.showTranscription,
    reactions: event.reactions,
    hostsAdmit: event.hostsAdmit,
    enableRecording: event.enableRecording,
    recordingDestination: event.recordingDestination,
    trailerMediaId: event.trailerMediaId,
    hosts: event.hosts.join('\n'),
    ...ticketFormValues(event, currency),
    registrationQuestions: JSON.stringify(event.registrationQuestions),
  };
}
