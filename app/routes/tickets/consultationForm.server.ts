import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { CONSULT_LIMITS, freeSlots, offeredSlot, refundableCancellation, takesBookings } from '#app/lib/tickets/consultations';
import { getSessionUser } from '#server/identity/session.server';
import { bookingAction, bookingView } from '#server/commerce/tickets/consultationBooking.server';
import { getFixedT } from '#server/i18n.server';
import { readForm } from '#server/http/readForm.server';
import { timeZoneList } from '#server/events/scheduling.server';
import { NO_STORE } from '#server/http/responses.server';
import { shownName } from '#app/lib/identity/displayName';

const channelSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The channel's published availability, or 404 (an unknown channel, another tenant's, none published, or bookings off). */
async function availabilityOf(context: LoaderFunctionArgs['context'], channelParam: string | null) {
  const channel = channelSchema.safeParse(channelParam ?? '');
  const availability = channel.success ? await context.data.consultations.availability(channel.data) : null;
  if (!availability || !takesBookings(availability)) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  return availability;
}

/**
 * A channel of this tenant that takes no bookings (none published, or switched off): the page says
 * so, in the site's layout, with the way back to the channel, rather than "Page not found".
 */
async function closedChannel(context: LoaderFunctionArgs['context'], channelParam: string | null) {
  const id = channelSchema.safeParse(channelParam ?? '');
  if (!id.success) return null;
  const availability = await context.data.consultations.availability(id.data);
  if (availability && takesBookings(availability)) return null;
  const channel = await context.data.channels.get(id.data);
  if (!channel) return null;
  const t = await getFixedT(context.languageTag);
  return json({ view: 'closed' as const, title: t('tickets.consult.title'), channelId: channel.channelId, channelName: channel.name }, { headers: NO_STORE });
}

/**
 * /consultationForm?channel=<id>[&date=yyyy-MM-dd&tz=<zone>]: the organizer's free slots on a day
 * as the viewer sees it in their zone, the fee and the cancellation rule (shown before paying).
 * /consultationForm?booking=<id>: the buyer's own booking (where checkout returns), with Cancel.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  if (url.searchParams.has('booking')) return bookingView(args, url.searchParams.get('booking') ?? '');
  const closed = await closedChannel(context, url.searchParams.get('channel'));
  if (closed) return closed;
  const availability = await availabilityOf(context, url.searchParams.get('channel'));
  const tzParam = url.searchParams.get('tz') ?? '';
  const tz = IANAZone.isValidZone(tzParam) ? tzParam : context.tenant.timeZone;
  const now = Date.now();
  const dateParam = dateSchema.safeParse(url.searchParams.get('date') ?? '');
  const date = dateParam.success && DateTime.fromISO(dateParam.data, { zone: tz }).isValid ? dateParam.data : DateTime.fromMillis(now, { zone: tz }).plus({ days: 1 }).toFormat('yyyy-MM-dd');
  const day = DateTime.fromISO(date, { zone: tz });
  const taken = await context.data.consultations.taken(availability.channelId, day.minus({ days: 1 }).toUTC().toISO()!, day.plus({ days: 2 }).toUTC().toISO()!, now);
  const user = await getSessionUser(args);
  const t = await getFixedT(context.languageTag);
  const slots = freeSlots(availability, date, tz, now, taken);
  return json(
    {
      view: 'form' as const,
      title: t('tickets.consult.title'),
      channelId: availability.channelId,
      ownerName: availability.ownerName,
      fee: { amount: availability.fee, currency: context.tenant.currency },
      slotMinutes: availability.slotMinutes,
      cancellationHours: availability.cancellationHours,
      rules: availability.rules,
      date,
      tz,
      slots,
      /** Slots already inside the free-cancellation window: said before paying, not after. */
      lateSlots: availability.cancellationHours > 0 ? slots.filter((iso) => !refundableCancellation(availability, iso, now)) : [],
      timeZones: timeZoneList(),
      signedIn: user !== null,
      isOwner: user?.sub === availability.ownerId,
    },
    { headers: NO_STORE },
  );
}

const holdSchema = z.object({
  intent: z.literal('hold'),
  start: z.string({ error: 'tickets.consult.errors.slot' }).min(1, 'tickets.consult.errors.slot').max(40, 'tickets.consult.errors.slot'),
  topic: z
    .string({ error: 'tickets.consult.errors.topic' })
    .trim()
    .min(CONSULT_LIMITS.topicMin, 'tickets.consult.errors.topic')
    .max(CONSULT_LIMITS.topicMax, 'tickets.consult.errors.topic'),
  notes: z.string().trim().max(CONSULT_LIMITS.notesMax, 'tickets.consult.errors.notes').default(''),
  tz: z.string().max(100).default('UTC'),
});

export type HoldField = 'start' | 'topic' | 'notes';
export type HoldResult =
  | { ok: true; bookingId: string }
  | { ok: false; errors: Partial<Record<HoldField, string>>; message?: string; signIn?: string; values?: Partial<Record<HoldField, string>> };

/** What the buyer typed, sent back with a refusal so a form posted without scripts shows it again. */
function typedValues(raw: Record<string, FormDataEntryValue>): Partial<Record<HoldField, string>> {
  const values: Partial<Record<HoldField, string>> = {};
  for (const field of ['start', 'topic', 'notes'] as const) {
    const value = raw[field];
    if (typeof value === 'string') values[field] = value.slice(0, CONSULT_LIMITS.notesMax);
  }
  return values;
}

/** intent=hold: holds the chosen slot for the signed-in buyer while they pay (HOLD_MINUTES); with ?booking=, intent=cancel. */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  if (url.searchParams.has('booking')) return bookingAction(args, url.searchParams.get('booking') ?? '');
  const availability = await availabilityOf(context, url.searchParams.get('channel'));
  const user = await getSessionUser(args);
  const back = `${url.pathname}${url.search}`;
  if (!user) return json<HoldResult>({ ok: false, errors: {}, signIn: `/signIn?redirectTo=${encodeURIComponent(back)}` }, { status: 401, headers: NO_STORE });
  const form = await readForm(request, context.language);
  const raw = Object.fromEntries(form);
  const parsed = holdSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<HoldField, string>> = {};
    // A chosen time that is not (or no longer) offered is reported with the other fields, not after them.
    if (typeof raw.start === 'string' && raw.start && !offeredSlot(availability, raw.start, Date.now())) errors.start = 'tickets.consult.errors.slot';
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'start' || field === 'topic' || field === 'notes') && !errors[field]) errors[field] = issue.message.startsWith('tickets.') ? issue.message : 'tickets.consult.errors.failed';
    }
    return json<HoldResult>({ ok: false, errors, values: typedValues(raw) }, { status: 400, headers: NO_STORE });
  }
  const { topic, notes, tz } = parsed.data;
  const now = Date.now();
  // One instant has many spellings (Z, +00:00, +02:00…): the slot is keyed, held, booked and made a session by its canonical one.
  const start = offeredSlot(availability, parsed.data.start, now);
  if (user.sub === availability.ownerId || !start) {
    return json<HoldResult>({ ok: false, errors: { start: 'tickets.consult.errors.slot' }, values: typedValues(raw) }, { status: 400, headers: NO_STORE });
  }
  const booking = await context.data.consultations.hold({
    channelId: availability.channelId,
    ownerId: availability.ownerId,
    buyerId: user.sub,
    buyerEmail: user.email ?? '',
    buyerName: shownName(user, await context.data.profiles.get(user.sub)),
    start,
    minutes: availability.slotMinutes,
    fee: availability.fee,
    currency: context.tenant.currency,
    topic,
    notes,
    buyerTimeZone: IANAZone.isValidZone(tz) ? tz : 'UTC',
  });
  if (!booking) return json<HoldResult>({ ok: false, errors: { start: 'tickets.consult.errors.taken' }, values: typedValues(raw) }, { status: 409, headers: NO_STORE });
  return json<HoldResult>({ ok: true, bookingId: booking.bookingId }, { headers: NO_STORE });
}
