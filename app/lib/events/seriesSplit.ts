/**
 * "This and following" on occurrence `index` of a series (docs/decisions/0080): the old series
 * ends just before it (its RRULE gets COUNT=index), and a new series starts at the edited
 * occurrence's new start. Pure: the store applies the result (server/events/series.server.ts).
 */
import { DateTime } from 'luxon';
import { localStart, type SeriesTiming } from './seriesExpand';
import { WEEKDAYS, nthOf, withCount } from './seriesRule';

export interface SplitInput {
  /** The RRULE the form asks for (the old one when the organizer did not change it). */
  rrule: string;
  /** The edited occurrence's new start, ISO UTC. */
  firstStart: string;
  zone: string;
  /** The organizer changed the repeat fields: the new rule's end is its own. */
  ruleChanged?: boolean;
}

export interface Split {
  /** The old series' new RRULE; null when the first occurrence was edited (the old series is replaced whole). */
  before: string | null;
  after: SeriesTiming;
}

/** An unchanged weekly-on-one-day or monthly rule follows a start moved to another weekday. */
function followDay(rrule: string, localDate: string): string {
  const parts = rrule.split(';');
  const day = WEEKDAYS[DateTime.fromISO(localDate).weekday - 1]!;
  const byDay = parts.find((p) => p.startsWith('BYDAY='))?.slice(6) ?? '';
  if (rrule.startsWith('FREQ=WEEKLY') && /^[A-Z]{2}$/.test(byDay)) return parts.map((p) => (p.startsWith('BYDAY=') ? `BYDAY=${day}` : p)).join(';');
  if (rrule.startsWith('FREQ=MONTHLY')) return parts.map((p) => (p.startsWith('BYDAY=') ? `BYDAY=${nthOf(localDate)}${day}` : p)).join(';');
  return rrule;
}

export function splitSeries(old: SeriesTiming, index: number, next: SplitInput): Split {
  const dtstart = localStart(next.firstStart, next.zone);
  let rrule = next.rrule;
  if (!next.ruleChanged) {
    const count = /(?:^|;)COUNT=(\d+)/.exec(old.rrule);
    // What remained of a counted series; an UNTIL-bound one keeps its last day.
    rrule = followDay(count ? withCount(old.rrule, Math.max(1, Number(count[1]) - index)) : old.rrule, dtstart.slice(0, 10));
  }
  return { before: index > 0 ? withCount(old.rrule, index) : null, after: { rrule, dtstart, zone: next.zone } };
}
