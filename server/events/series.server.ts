/**
 * Event series (docs/decisions/0080): scheduling one, editing or cancelling "this and following",
 * and what the calendar file needs of one. Every occurrence is an ordinary event of the tenant
 * (own id, room, chat, recording, registrations) carrying its series id and index; the series
 * item keeps the rule, the zone, the template and the occurrences' ids in order.
 */
import type { EventInput, EventRecord } from '#app/lib/events/model';
import { utcToZoned } from '#app/lib/events/model';
import { expandSeries, localStart } from '#app/lib/events/seriesExpand';
import { toRRule, withCount, type SeriesRule } from '#app/lib/events/seriesRule';
import { splitSeries } from '#app/lib/events/seriesSplit';
import type { TenantData } from '#server/data/tenantData.server';
import type { Organizer } from './data/events.server';
import type { SeriesRecord } from './data/series.server';

type Data = Pick<TenantData, 'events' | 'tickets'>;
export type SeriesFailure = 'tooMany' | 'none' | 'capacity';

/** Runs `work` over `items` a few at a time (each occurrence is a transaction of its own). */
async function inBatches<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>, size = 6): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  return out;
}

/** Creates the series and one event per occurrence; the first occurrence is the one to open. */
export async function scheduleSeries(data: Data, input: EventInput, rule: SeriesRule, organizer: Organizer): Promise<{ ok: true; first: EventRecord } | { ok: false; reason: SeriesFailure }> {
  const zone = input.eventTimeZone;
  const { date, time } = utcToZoned(input.eventDateTime, zone);
  const rrule = toRRule(rule, zone);
  const expansion = expandSeries({ rrule, dtstart: `${date}T${time}`, zone });
  if (!expansion.ok) return expansion;
  const series = await data.events.series.create({ rrule, dtstart: localStart(expansion.starts[0]!, zone), zone, template: input, organizerId: organizer.sub });
  const events = await inBatches(expansion.starts, (start, seriesIndex) => data.events.create({ ...input, eventDateTime: start, seriesId: series.seriesId, seriesIndex }, organizer));
  await data.events.series.save({ ...series, eventIds: events.map((e) => e.eventId) }, series);
  return { ok: true, first: events[0]! };
}

/**
 * Turns a single event into the first occurrence of a new series (an edit that adds a rule): it
 * keeps its id, room, links and registrations and takes the edited fields; the later
 * occurrences are created. Nothing is written when the rule gives no occurrence or too many.
 */
export async function seriesFromEvent(data: Data, event: EventRecord, input: EventInput, rule: SeriesRule, organizer: Organizer): Promise<{ ok: true; first: EventRecord } | { ok: false; reason: SeriesFailure }> {
  const zone = input.eventTimeZone;
  const { date, time } = utcToZoned(input.eventDateTime, zone);
  const rrule = toRRule(rule, zone);
  const expansion = expandSeries({ rrule, dtstart: `${date}T${time}`, zone });
  if (!expansion.ok) return expansion;
  const series = await data.events.series.create({ rrule, dtstart: localStart(expansion.starts[0]!, zone), zone, template: input, organizerId: event.organizerId });
  const first = await data.events.update(event.eventId, { ...input, eventDateTime: expansion.starts[0]!, seriesId: series.seriesId, seriesIndex: 0 });
  const later = await inBatches(expansion.starts.slice(1), (start, i) => data.events.create({ ...input, eventDateTime: start, seriesId: series.seriesId, seriesIndex: i + 1 }, organizer));
  await data.events.series.save({ ...series, eventIds: [first.eventId, ...later.map((e) => e.eventId)] }, series);
  return { ok: true, first };
}

/** The occurrences from `index` on that are still on (not cancelled one by one). */
async function following(data: Data, series: SeriesRecord, index: number): Promise<EventRecord[]> {
  const events = await Promise.all(series.eventIds.slice(index).map((id) => data.events.get(id)));
  return events.filter((e): e is EventRecord => Boolean(e && !e.cancelledAt));
}

/** Someone holds a seat on one of `events` that `capacity` would not leave them. */
async function capacityTooSmall(data: Data, events: EventRecord[], capacity: number | null | undefined): Promise<boolean> {
  if (capacity == null) return false;
  const sold = await Promise.all(events.map((e) => data.tickets.sold(e.eventId)));
  return sold.some((n) => n > capacity);
}

/**
 * "This and following" on `event` (an occurrence). Only fields changed (same start and rule): the
 * later occurrences take the new fields and keep their own starts. The start or the rule changed:
 * the old series ends before this occurrence and a new one starts at its new start; the later
 * occurrences are reused in order for the new starts (their ids, rooms and registrations stay),
 * extra ones are cancelled and missing ones created. `rule` null keeps the stored rule.
 */
export async function editFollowing(
  data: Data,
  event: EventRecord,
  input: EventInput,
  rule: SeriesRule | null,
  organizer: Organizer,
): Promise<{ ok: true; eventId: string } | { ok: false; reason: SeriesFailure }> {
  const series = event.seriesId ? await data.events.series.get(event.seriesId) : null;
  const index = event.seriesIndex ?? 0;
  if (!series) return { ok: false, reason: 'none' };
  const later = await following(data, series, index);
  if (await capacityTooSmall(data, later, input.capacity)) return { ok: false, reason: 'capacity' };
  const rrule = rule ? toRRule(rule, input.eventTimeZone) : series.rrule;
  const ruleChanged = rrule !== series.rrule;
  const moved = input.eventDateTime !== event.eventDateTime || input.eventTimeZone !== series.zone;
  if (!ruleChanged && !moved) {
    // The same occurrences, each at its own start, with the new fields.
    await inBatches(later, (e) => data.events.update(e.eventId, { ...input, eventDateTime: e.eventDateTime }));
    if (index === 0) await data.events.series.save({ ...series, template: { ...input } }, series);
    return { ok: true, eventId: event.eventId };
  }
  const split = splitSeries(series, index, { rrule, firstStart: input.eventDateTime, zone: input.eventTimeZone, ruleChanged });
  const expansion = expandSeries(split.after);
  if (!expansion.ok) return expansion;
  const next = await data.events.series.create({
    rrule: split.after.rrule,
    dtstart: localStart(expansion.starts[0]!, input.eventTimeZone),
    zone: input.eventTimeZone,
    template: input,
    organizerId: series.organizerId,
    previousSeriesId: series.seriesId,
  });
  const ids = await inBatches(expansion.starts, async (start, seriesIndex) => {
    const fields = { ...input, eventDateTime: start, seriesId: next.seriesId, seriesIndex };
    const reused = later[seriesIndex];
    return reused ? (await data.events.update(reused.eventId, fields)).eventId : (await data.events.create(fields, organizer)).eventId;
  });
  await inBatches(later.slice(expansion.starts.length), (e) => data.events.cancel(e.eventId));
  await data.events.series.save({ ...next, eventIds: ids }, next);
  await data.events.series.save(
    { ...series, rrule: split.before ?? withCount(series.rrule, 0), eventIds: series.eventIds.slice(0, index), cancelledIndexes: series.cancelledIndexes.filter((i) => i < index) },
    series,
  );
  return { ok: true, eventId: ids[0]! };
}

/** Cancels `event` alone (the calendar file then leaves it out) or it and every later occurrence (the series ends before it). */
export async function cancelInSeries(data: Data, event: EventRecord, scope: 'this' | 'following'): Promise<EventRecord[]> {
  const series = event.seriesId ? await data.events.series.get(event.seriesId) : null;
  const index = event.seriesIndex ?? 0;
  if (!series || scope === 'this') {
    const cancelled = await data.events.cancel(event.eventId);
    if (series && !series.cancelledIndexes.includes(index)) await data.events.series.save({ ...series, cancelledIndexes: [...series.cancelledIndexes, index] }, series);
    return [cancelled];
  }
  const later = await following(data, series, index);
  const cancelled = await inBatches(later, (e) => data.events.cancel(e.eventId));
  const kept = series.eventIds.slice(0, index);
  await data.events.series.save({ ...series, rrule: withCount(series.rrule, index), eventIds: kept, cancelledIndexes: series.cancelledIndexes.filter((i) => i < index) }, series);
  return cancelled;
}

/** What an occurrence's calendar file needs of its series: the rule, its first start in its zone, the starts cancelled alone. */
export interface SeriesCalendar {
  seriesId: string;
  rrule: string;
  dtstart: string;
  zone: string;
  /** Original starts (ISO UTC) of occurrences cancelled one by one. */
  exdates: string[];
  /** Occurrences edited alone so they no longer match the rule (moved, lengthened or renamed): each its RECURRENCE-ID entry. */
  overrides: SeriesOverride[];
}

export interface SeriesOverride extends Pick<EventRecord, 'eventId' | 'eventDateTime' | 'eventDuration' | 'title'> {
  /** The start the rule gives this occurrence (ISO UTC): its RECURRENCE-ID. */
  originalStart: string;
}

/** The occurrences, still on, whose start, length or title differs from what the rule and the series' template give them. */
async function overridesOf(data: Pick<TenantData, 'events'>, series: SeriesRecord, starts: readonly string[]): Promise<SeriesOverride[]> {
  const events = await inBatches(series.eventIds, (id) => data.events.get(id));
  const overrides: SeriesOverride[] = [];
  events.forEach((event, index) => {
    const originalStart = starts[index];
    if (!event || event.cancelledAt || !originalStart) return;
    const moved = Date.parse(event.eventDateTime) !== Date.parse(originalStart);
    if (moved || event.eventDuration !== series.template.eventDuration || event.title !== series.template.title) {
      overrides.push({ originalStart, eventId: event.eventId, eventDateTime: event.eventDateTime, eventDuration: event.eventDuration, title: event.title });
    }
  });
  return overrides;
}

export async function seriesCalendarFor(data: Pick<TenantData, 'events'>, event: EventRecord): Promise<SeriesCalendar | null> {
  if (!event.seriesId) return null;
  const series = await data.events.series.get(event.seriesId);
  if (!series || series.eventIds.length === 0 || /(?:^|;)COUNT=0(?:;|$)/.test(series.rrule)) return null;
  const expansion = expandSeries(series);
  const starts = expansion.ok ? expansion.starts : [];
  const exdates = series.cancelledIndexes.map((i) => starts[i]).filter((s): s is string => Boolean(s));
  const overrides = await overridesOf(data, series, starts);
  return { seriesId: series.seriesId, rrule: series.rrule, dtstart: series.dtstart, zone: series.zone, exdates, overrides };
}

/** An occurrence's place for its edit form: its index, how many the series has, the series' rule. */
export async function seriesInfoFor(data: Pick<TenantData, 'events'>, event: EventRecord) {
  if (!event.seriesId) return null;
  const series = await data.events.series.get(event.seriesId);
  if (!series) return null;
  return { seriesId: series.seriesId, index: event.seriesIndex ?? 0, total: series.eventIds.length, rrule: series.rrule, zone: series.zone };
}
