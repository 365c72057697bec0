import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DRAFT_IMAGE_FIELD } from '#app/lib/events/eventImages';
import { eventFormContext, newEventFormValues, organizerOf, shortLinkUrl } from '#server/events/scheduling.server';
import { eventFormValues, parseEventForm, type EventFormErrors, type EventFormValues } from '#app/lib/events/form';
import { EVENT_IMAGE_SIZES, eventStatus, type EventImageSize, type EventRecord } from '#app/lib/events/model';
import { canEdit, roleOf } from '#app/lib/events/permissions';
import { getFixedT } from '#server/i18n.server';
import { requireGroup } from '#server/identity/session.server';
import type { SessionUser } from '#app/lib/identity/types';
import { readForm } from '#server/http/readForm.server';
import { isEventConflictError, isEventNotFoundError } from '#server/events/data/events.server';
import { mediaAccess } from '#server/media/access.server';
import { isTrailerCandidate, trailerOptions } from '#server/media/playback/trailer.server';
import { attachUploadedImage, draftUploadPrefix, eventImageAction, presignImage } from '#server/events/scheduleImages.server';
import { keyFromData, type KeyIn } from '#app/lib/i18n/keys';
import { NO_STORE } from '#server/http/responses.server';
import { z } from 'zod';
import { parseSeriesForm, seriesValuesFromRRule, type SeriesFormErrors, type SeriesFormValues } from '#app/lib/events/seriesRule';
import { cancelInSeries, editFollowing, scheduleSeries, seriesFromEvent, seriesInfoFor, type SeriesFailure } from '#server/events/series.server';
import { questionsLanguage } from '#app/lib/registration/questions';

const IMAGE_ERROR_KEYS = (['type', 'size', 'upload', 'process', 'storage'] as const).map((k) => `schedule.images.errors.${k}` as const);

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** What a failed post answers (400/409): the typed values and a translation key per field. */
export interface EventFormFailure {
  errors: EventFormErrors;
  values: EventFormValues;
  invalidHosts: string[];
  message: KeyIn<'schedule.errors'> | null;
  /** After a conflict: the current version, so saving again replaces it knowingly. */
  updatedAt?: string;
  /** Seats already taken, named by the capacity error. */
  seatsTaken?: number;
  /** The series fields as typed and their errors (docs/decisions/0080). */
  seriesValues?: SeriesFormValues;
  seriesErrors?: SeriesFormErrors;
}

/** Which occurrences an edit or a cancel of an occurrence reaches ("this event only" by default). */
const scopeSchema = z.enum(['this', 'following']).default('this');
const SERIES_FAILURE_KEYS: Record<SeriesFailure, SeriesFormErrors> = {
  tooMany: { until: 'schedule.series.errors.tooMany' },
  none: { repeat: 'schedule.series.errors.none' },
  capacity: {},
};

/**
 * The event named in ?event=, when this user may edit it. An unknown id, another tenant's id and
 * an event the user does not organize all answer the same 404.
 */
async function editableEvent(args: Args, user: SessionUser, eventId: string): Promise<EventRecord> {
  const event = await args.context.data.events.get(eventId);
  if (!event || !canEdit(roleOf(event, user))) throw new Response('Not Found', { status: 404 });
  return event;
}

/** Signed links to the event's stored images (for the edit page's previews). */
async function imageLinks(args: Args, event: EventRecord): Promise<Partial<Record<EventImageSize, string>>> {
  const out: Partial<Record<EventImageSize, string>> = {};
  await Promise.all(
    EVENT_IMAGE_SIZES.map(async (size) => {
      const key = event.images[size];
      if (!key) return;
      try {
        out[size] = await args.context.data.files.presignDownload({ key, expiresIn: 3600 });
      } catch {
        // A key that no longer validates is simply not shown.
      }
    }),
  );
  return out;
}

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const url = new URL(request.url);
  const eventId = url.searchParams.get('event');
  const base = { ...eventFormContext(args), timeZone: context.tenant.timeZone, trailerOptions: await trailerOptions(context.data, user) };
  if (!eventId) {
    return json({ ...base, title: t('schedule.title'), values: await newEventFormValues(args, user), event: null }, { headers: NO_STORE });
  }
  const event = await editableEvent(args, user, eventId);
  const series = await seriesInfoFor(context.data, event);
  const values = eventFormValues(event, context.tenant.currency);
  return json(
    {
      ...base,
      title: t('schedule.editTitle'),
      values,
      series: series ? { ...series, values: seriesValuesFromRRule(series.rrule, series.zone, values.date) } : null,
      seatsTaken: await context.data.tickets.sold(event.eventId),
      event: {
        eventId: event.eventId,
        title: event.title,
        eventDateTime: event.eventDateTime,
        eventTimeZone: event.eventTimeZone,
        status: eventStatus(event, Date.now()),
        updatedAt: event.updatedAt,
        cancelled: Boolean(event.cancelledAt),
        shortUrl: shortLinkUrl(args, event.shortCode),
        images: await imageLinks(args, event),
        // After creating: the chosen image could not be made into sizes (the event itself is saved).
        imageError: keyFromData(IMAGE_ERROR_KEYS, `schedule.images.errors.${url.searchParams.get('imageError') ?? ''}`),
        notice: url.searchParams.get('saved') === '1' ? ('created' as const) : url.searchParams.get('updated') === '1' ? ('updated' as const) : url.searchParams.get('cancelled') === '1' ? ('cancelled' as const) : null,
      },
    },
    { headers: NO_STORE },
  );
}

function failure(
  result: { errors: EventFormErrors; values: EventFormValues; invalidHosts: string[] },
  message: KeyIn<'schedule.errors'> | null,
  status = 400,
  updatedAt?: string,
  seatsTaken?: number,
  series?: { values: SeriesFormValues; errors?: SeriesFormErrors },
) {
  return json<EventFormFailure>(
    {
      errors: result.errors,
      values: result.values,
      invalidHosts: result.invalidHosts,
      message,
      ...(updatedAt ? { updatedAt } : {}),
      ...(seatsTaken ? { seatsTaken } : {}),
      ...(series ? { seriesValues: series.values, seriesErrors: series.errors ?? {} } : {}),
    },
    { status, headers: NO_STORE },
  );
}

/**
 * A chosen trailer must be a finished video of this tenant the organizer may see (another tenant's
 * id, a private item of someone else, an image: the field error). The stored choice is kept as is.
 */
async function withTrailerChecked(args: Args, user: SessionUser, result: ReturnType<typeof parseEventForm>): Promise<ReturnType<typeof parseEventForm>> {
  const id = result.values.trailerMediaId;
  if (!id || (!result.ok && result.errors.trailerMediaId)) return result;
  if (await isTrailerCandidate(mediaAccess(args.context.data, user), await args.context.data.media.get(id))) return result;
  return { ok: false, values: result.values, errors: { ...(result.ok ? {} : result.errors), trailerMediaId: 'schedule.errors.trailer' }, invalidHosts: result.ok ? [] : result.invalidHosts };
}

/** The create form's uploaded original (hidden field), when one was chosen. */
function draftImageKey(form: FormData): string | null {
  const raw = form.get(DRAFT_IMAGE_FIELD);
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 900 ? raw : null;
}

/** intent = create | update | cancel | presignImage | processImage. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const { data } = context;
  const form = await readForm(request, context.language);
  const intent = String(form.get('intent') ?? '');
  const parseOptions = { now: Date.now(), languages: context.tenant.languages.supported, defaultLanguage: context.language, currency: context.tenant.currency, tenantLanguage: questionsLanguage(context.tenant.languages) };

  const eventId = new URL(request.url).searchParams.get('event') ?? '';
  // The create form uploads its image before the event exists: into the organizer's draft folder.
  if (intent === 'presignImage' && !eventId) return presignImage(args, draftUploadPrefix(user), form);

  if (intent === 'create') {
    const result = await withTrailerChecked(args, user, parseEventForm(form, parseOptions));
    const series = parseSeriesForm(form, result.ok ? result.values.date : null);
    const seriesFailed = series.ok ? undefined : { values: series.values, errors: series.errors };
    if (!result.ok) return failure(result, 'schedule.errors.fixFields', 400, undefined, undefined, seriesFailed ?? { values: series.values });
    if (!series.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, seriesFailed);
    const organizer = await organizerOf(args, user);
    let event;
    if (series.rule) {
      const scheduled = await scheduleSeries(data, result.input, series.rule, organizer);
      if (!scheduled.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, { values: series.values, errors: SERIES_FAILURE_KEYS[scheduled.reason] });
      event = scheduled.first;
    } else event = await data.events.create(result.input, organizer);
    const upload = draftImageKey(form);
    // The event is saved either way; an image that cannot be made is reported on its edit page.
    const imageFailed = upload ? await attachUploadedImage(args, event, upload, draftUploadPrefix(user)) : null;
    return redirect(`/scheduleEvents?event=${event.eventId}&saved=1${imageFailed ? `&imageError=${imageFailed.key.split('.').pop()}` : ''}`);
  }

  const event = await editableEvent(args, user, eventId);

  if (intent === 'presignImage' || intent === 'processImage') return eventImageAction(args, event, form);

  const scope = scopeSchema.safeParse(form.get('scope') ?? undefined);
  if (!scope.success) throw new Response('Bad Request', { status: 400 });

  if (intent === 'cancel') {
    const [cancelled = await data.events.cancel(event.eventId)] = event.seriesId ? await cancelInSeries(data, event, scope.data) : [];
    // The room may be open (or live): remove everyone now rather than at expiry. New tokens are
    // already refused for a cancelled event, so an unreachable video service only delays this.
    if (eventStatus(event, Date.now()) !== 'scheduled') {
      try {
        await context.services.video.closeRoom(context.tenant, cancelled);
        await data.events.markRoomClosed(event.eventId);
      } catch (e) {
        console.warn(`cancelled event ${event.eventId}: its room could not be closed: ${(e as Error).message}`);
      }
    }
    return redirect(`/scheduleEvents?event=${event.eventId}&cancelled=1`);
  }

  if (intent === 'update') {
    const result = await withTrailerChecked(args, user, parseEventForm(form, { ...parseOptions, keepStart: event.eventDateTime }));
    if (event.cancelledAt) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.cancelled', 409);
    if (!result.ok) return failure(result, 'schedule.errors.fixFields');
    // Seats already sold or registered stay theirs: the capacity cannot drop below them.
    const sold = await data.tickets.sold(event.eventId);
    if (result.input.capacity != null && result.input.capacity < sold) {
      return failure({ errors: { capacity: 'tickets.errors.capacityBelowSold' }, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, sold);
    }
    const seen = String(form.get('updatedAt') ?? '') || undefined;
    if (event.seriesId && scope.data === 'following') {
      const series = parseSeriesForm(form, result.values.date);
      if (!series.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, { values: series.values, errors: series.errors });
      if (seen && seen !== event.updatedAt) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.conflict', 409, event.updatedAt);
      const edited = await editFollowing(data, event, result.input, series.rule, await organizerOf(args, user));
      if (!edited.ok && edited.reason === 'capacity') return failure({ errors: { capacity: 'tickets.errors.capacityBelowSold' }, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, sold);
      if (!edited.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, { values: series.values, errors: SERIES_FAILURE_KEYS[edited.reason] });
      return redirect(`/scheduleEvents?event=${edited.eventId}&updated=1`);
    }
    if (!event.seriesId) {
      // A single event given a rule becomes the first occurrence of a new series (docs/decisions/0080).
      const series = parseSeriesForm(form, result.values.date);
      if (!series.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, { values: series.values, errors: series.errors });
      if (series.rule) {
        if (seen && seen !== event.updatedAt) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.conflict', 409, event.updatedAt);
        const made = await seriesFromEvent(data, event, result.input, series.rule, await organizerOf(args, user));
        if (!made.ok) return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.fixFields', 400, undefined, undefined, { values: series.values, errors: SERIES_FAILURE_KEYS[made.reason] });
        return redirect(`/scheduleEvents?event=${made.first.eventId}&updated=1`);
      }
    }
    try {
      await data.events.update(event.eventId, result.input, seen);
    } catch (e) {
      if (isEventConflictError(e)) {
        const current = await data.events.get(event.eventId);
        return failure({ errors: {}, values: result.values, invalidHosts: [] }, 'schedule.errors.conflict', 409, current?.updatedAt);
      }
      if (isEventNotFoundError(e)) throw new Response('Not Found', { status: 404 });
      throw e;
    }
    return redirect(`/scheduleEvents?event=${event.eventId}&updated=1`);
  }

  throw new Response('Bad Request', { status: 400 });
}
