/**
 * The recording API (app/lib/recording/*; docs/decisions/0030):
 *
 *   GET  /api/recording?event=<id>            → RecordingState (the organizer, hosts, and anyone the room admits now: admitToRoom)
 *   POST /api/recording                        RecordingAction → { recording } (organizer and hosts)
 *   GET  /api/recording/restream?event=<id>   → RestreamState (organizer and hosts)
 *   POST /api/recording/restream               RestreamAction → RestreamState (organizer)
 *
 * Errors are { error, message } in the request's language with a 4xx status (5xx only for real
 * failures). Another tenant's event, or one the caller may not manage, is not found (404).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { roleOf, isStaff } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import { recordingActionSchema } from '#app/lib/recording/model';
import { keyFromData } from '#app/lib/i18n/keys';
import { RESTREAM_FIELD_ERRORS, restreamActionSchema } from '#app/lib/recording/restream';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { admitToRoom } from '#server/entitlement/index.server';
import { attachUpload, failRecording, isRecordingError, recordingState, startRecording, stopRecording, type RecordingContext } from './recorder.server';
import { changeRestream, isRestreamError, restreamState, type RestreamError } from './restream.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';

export const RECORDING_ERRORS = [
  'badRequest',
  'unauthenticated',
  'notFound',
  'forbidden',
  'disabled',
  'notOpen',
  'busy',
  'conflict',
  'unavailable',
  'keysUnavailable',
  'tooMany',
  'notConnected',
  'destinationInside',
  'destinationUnresolvable',
  'destinationRefused',
] as const;
export type RecordingErrorCode = (typeof RECORDING_ERRORS)[number];

const STATUS: Record<RecordingErrorCode, number> = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  disabled: 409,
  notOpen: 409,
  busy: 409,
  conflict: 409,
  tooMany: 409,
  notConnected: 409,
  destinationInside: 400,
  destinationUnresolvable: 400,
  destinationRefused: 409,
  keysUnavailable: 503,
  unavailable: 503,
};

const refuseRecording = (t: TFunction, code: RecordingErrorCode, extra: Record<string, unknown> = {}, message: string = t(`recording.errors.${code}`)) =>
  refuse(STATUS[code], code, message, { extra });

/** A restream refusal; one about the URL the organizer typed is also that field's error. */
function refuseRestream(t: TFunction, e: RestreamError) {
  if (e.code === 'destinationInside' || e.code === 'destinationUnresolvable') {
    return refuseRecording(t, e.code, { fieldErrors: { url: t(`recording.errors.${e.code}`) } });
  }
  if (e.code === 'destinationRefused') return refuseRecording(t, e.code, {}, t('recording.errors.destinationRefused', { name: e.destination ?? '' }));
  return refuseRecording(t, e.code);
}

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

function recordingContext(context: Args['context']): RecordingContext {
  return { tenant: context.tenant, data: context.data, services: context.services };
}

/** The signed-in user and the event named by ?event= (404 when absent, another tenant's or blocked). */
async function eventFor(args: Args, eventId: unknown, t: TFunction): Promise<Response | { user: SessionUser; event: EventRecord }> {
  const user = await getSessionUser(args);
  if (!user) return refuseRecording(t, 'unauthenticated');
  const id = eventIdSchema.safeParse(eventId);
  if (!id.success) return refuseRecording(t, 'badRequest');
  const event = await args.context.data.events.getFor(id.data, user);
  if (!event || (roleOf(event, user) !== 'organizer' && event.blockedUsers.includes(user.sub))) return refuseRecording(t, 'notFound');
  return { user, event };
}

/**
 * The POST body: its event first (another tenant's, or one the caller may not see, is 404 whatever
 * else the body says), then the whole body against `schema` (400).
 */
async function readAction<S extends z.ZodType>(args: Args, schema: S, t: TFunction): Promise<Response | { user: SessionUser; event: EventRecord; body: z.infer<S> }> {
  if (args.request.method !== 'POST') return methodNotAllowed(args.context.languageTag, 'GET, POST');
  if (!(await getSessionUser(args))) return refuseRecording(t, 'unauthenticated');
  let raw: unknown;
  try {
    raw = await args.request.json();
  } catch {
    return refuseRecording(t, 'badRequest');
  }
  const found = await eventFor(args, (raw as { eventId?: unknown } | null)?.eventId, t);
  if (found instanceof Response) return found;
  // Participants learn nothing more about an event's recordings than the room shows them.
  if (!isStaff(roleOf(found.event, found.user))) return refuseRecording(t, 'notFound');
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ...found, body: parsed.data };
  // The restream form's fields answer with their own messages, as the panel shows them.
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = keyFromData(RESTREAM_FIELD_ERRORS, issue.message);
    const field = issue.path[0];
    if (key && typeof field === 'string' && !fieldErrors[field]) fieldErrors[field] = t(key);
  }
  return refuseRecording(t, 'badRequest', Object.keys(fieldErrors).length ? { fieldErrors } : {});
}

export async function recordingLoader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const found = await eventFor(args, new URL(args.request.url).searchParams.get('event'), t);
  if (found instanceof Response) return found;
  // The recording state is the room's: a participant reads it only while the room admits them.
  if (!isStaff(roleOf(found.event, found.user)) && !(await admitToRoom(args.context.data, found.event, found.user)).ok) return refuseRecording(t, 'forbidden');
  return json(await recordingState(recordingContext(args.context), found.event, found.user), { headers: NO_STORE });
}

export async function recordingAction(args: ActionFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const found = await readAction(args, recordingActionSchema, t);
  if (found instanceof Response) return found;
  const { event, body } = found;
  const ctx = recordingContext(args.context);
  try {
    const recording =
      body.intent === 'start'
        ? await startRecording(ctx, event, found.user)
        : body.intent === 'stop'
          ? await stopRecording(ctx, event, found.user, body.recordingId)
          : body.intent === 'attach'
            ? await attachUpload(ctx, event, found.user, body.recordingId, body.mediaId)
            : await failRecording(ctx, event, found.user, body.recordingId);
    return json({ recording }, { headers: NO_STORE });
  } catch (e) {
    if (isRecordingError(e)) return refuseRecording(t, e.code);
    throw e;
  }
}

export async function restreamLoader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const found = await eventFor(args, new URL(args.request.url).searchParams.get('event'), t);
  if (found instanceof Response) return found;
  if (!isStaff(roleOf(found.event, found.user))) return refuseRecording(t, 'notFound');
  return json(await restreamState(recordingContext(args.context), found.event, found.user), { headers: NO_STORE });
}

export async function restreamAction(args: ActionFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const found = await readAction(args, restreamActionSchema, t);
  if (found instanceof Response) return found;
  const { body } = found;
  const ctx = recordingContext(args.context);
  try {
    await changeRestream(ctx, found.event, found.user, body);
    return json(await restreamState(ctx, found.event, found.user), { headers: NO_STORE });
  } catch (e) {
    if (isRestreamError(e)) return refuseRestream(t, e);
    throw e;
  }
}
