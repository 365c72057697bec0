import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { parseRange } from '#app/components/events/calendarRange';
import { toCalendarEntry } from '#server/events/eventCards.server';
import { getFixedT } from '#server/i18n.server';

/** At most this many events per range (a dense month of a busy tenant). */
const MAX_ENTRIES = 500;

/**
 * Listed events overlapping the range of ?from=&to= (ISO instants, at most 62 days; by default
 * the current month in the tenant's zone, a week wider on each side). The browser asks again
 * with the range it shows whenever that moves outside what it has.
 */
export async function calendarData({ request, context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const url = new URL(request.url);
  const now = Date.now();
  const range = parseRange(url.searchParams.get('from'), url.searchParams.get('to'), now, tenant.timeZone);
  const t = await getFixedT(context.languageTag);
  const base = { title: t('events.calendar.title'), range, timeZone: tenant.timeZone, now };
  try {
    const events = await context.data.events.listInRange(range.from, range.to, MAX_ENTRIES);
    return { ...base, entries: await Promise.all(events.map((e) => toCalendarEntry(e, now, context.data.files))), unavailable: false };
  } catch (error) {
    console.error('listing calendar events failed', error);
    return { ...base, entries: [], unavailable: true };
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const data = await calendarData(args);
  return json(data, { status: data.unavailable ? 503 : 200 });
}
