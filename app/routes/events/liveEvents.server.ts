import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { z } from 'zod';
import { toCard } from '#server/events/eventCards.server';
import { LIST_FILTERS, type EventCardData } from '#app/lib/events/cards';
import { getFixedT } from '#server/i18n.server';
import { currentState } from '#server/broadcast/ingest/api.server';
import { LIVE_NOW_CHECKED } from '#app/lib/broadcast/model';

/** Cards per page: one query of the listing index fills it (see listEvents). */
export const PAGE_SIZE = 12;

const querySchema = z.object({
  filter: z.enum(LIST_FILTERS).catch('all'),
  q: z
    .string()
    .catch('')
    .transform((q) => q.trim().replace(/\s+/g, ' ').slice(0, 100)),
  lang: z.string().catch(''),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .nullable()
    .catch(null),
});

/** The query of /liveEvents, forgiving: an unknown filter or language is ignored, not an error. */
export function parseListQuery(url: URL, languages: readonly string[]) {
  const raw = querySchema.parse({
    filter: url.searchParams.get('filter') ?? undefined,
    q: url.searchParams.get('q') ?? undefined,
    lang: url.searchParams.get('lang') ?? undefined,
    cursor: url.searchParams.get('cursor'),
  });
  return { ...raw, lang: languages.includes(raw.lang) ? raw.lang : '' };
}

export interface LiveEventsData {
  title: string;
  query: ReturnType<typeof parseListQuery>;
  languages: string[];
  timeZone: string;
  live: EventCardData[];
  /** Ids of the first live events whose broadcast was live at render: the live-now links hold without the client app. */
  broadcasting: string[];
  upcoming: EventCardData[];
  cursor: string | null;
  unavailable: boolean;
}

/** Which of the first live events broadcast now; a state that cannot be read shows no link (the client app asks again). */
async function broadcastingNow(args: LoaderFunctionArgs, live: EventCardData[]): Promise<string[]> {
  const states = await Promise.all(live.slice(0, LIVE_NOW_CHECKED).map((e) => currentState(args, e.eventId).catch(() => null)));
  return live.slice(0, LIVE_NOW_CHECKED).flatMap((e, i) => (states[i]?.status === 'live' ? [e.eventId] : []));
}

export async function liveEventsData(args: LoaderFunctionArgs): Promise<LiveEventsData> {
  const { request, context } = args;
  const { tenant } = context;
  const t = await getFixedT(context.languageTag);
  const languages = tenant.languages.supported;
  const query = parseListQuery(new URL(request.url), languages);
  const base = { title: t('events.list.title'), query, languages, timeZone: tenant.timeZone };
  const now = Date.now();
  try {
    const page = await context.data.events.list({
      now,
      filter: query.filter,
      q: query.q || undefined,
      language: query.lang || undefined,
      limit: PAGE_SIZE,
      cursor: query.cursor,
    });
    const cards = await Promise.all(page.items.map((e) => toCard(e, now, context.data.files)));
    const live = cards.filter((c) => c.status === 'live');
    return {
      ...base,
      live,
      broadcasting: await broadcastingNow(args, live),
      upcoming: cards.filter((c) => c.status !== 'live'),
      cursor: page.cursor,
      unavailable: false,
    };
  } catch (error) {
    console.error('listing events failed', error);
    return { ...base, live: [], broadcasting: [], upcoming: [], cursor: null, unavailable: true };
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const data = await liveEventsData(args);
  return json(data, { status: data.unavailable ? 503 : 200 });
}
