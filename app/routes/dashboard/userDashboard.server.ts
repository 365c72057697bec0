import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from '@remix-run/node';
import { z } from 'zod';
import { readForm } from '#server/http/readForm.server';
import { hostNameSchema } from '#app/lib/config/tenant';
import { checkDomainNow, domainCheckConfig, domainRows } from '#server/domains/index.server';
import { defaultTabFor, parseTab } from '#app/components/dashboard/menu';
import { canSchedule } from '#app/lib/nav';
import type { MyEventRow } from '#app/components/dashboard/MyEventsTab';
import { eventFormContext, newEventFormValues, shortLinkUrl } from '#server/events/scheduling.server';
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';
import { buyerOrderRows } from '#server/commerce/payments/buyerOrders.server';
import { channelsTabData } from '#server/commerce/shop/dashboard.server';
import { hasShop } from '#server/commerce/shop/feature.server';
import { analyticsTab, rangeAnalytics } from '#server/analytics/index.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;


function row(args: Pick<LoaderFunctionArgs, 'context'>, e: EventRecord, now: number): MyEventRow {
  return {
    eventId: e.eventId,
    title: e.title,
    kind: e.kind,
    eventDateTime: e.eventDateTime,
    eventDuration: e.eventDuration,
    status: eventStatus(e, now),
    shortUrl: shortLinkUrl(args, e.shortCode),
    layout: e.layout,
  };
}

const ACTIVE = new Set(['scheduled', 'open', 'live']);
/** Coming and running events first (soonest first), then past and cancelled ones (latest first). */
function ordered(rows: MyEventRow[]): MyEventRow[] {
  const active = rows.filter((r) => ACTIVE.has(r.status));
  const past = rows.filter((r) => !ACTIVE.has(r.status)).reverse();
  return [...active, ...past];
}

/**
 * The signed-in user (else a redirect to /signIn and back), the tab named in ?tab= and that tab's
 * data only: the event form's defaults (organizers) or the user's own events.
 */
export async function dashboardData(args: Args) {
  const user = await requireUser(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const organizer = canSchedule(user.groups);
  const url = new URL(request.url);
  // ?event= alone opens that event's analytics (docs/decisions/0090), ?channel= alone that channel's (0094).
  const opened = url.searchParams.has('event') ? 'EventAnalytics' : url.searchParams.has('channel') ? 'Analytics' : defaultTabFor(organizer);
  const tab = parseTab(url.searchParams.get('tab'), opened);
  const now = Date.now();
  const schedule =
    tab === 'ScheduleEvent' && organizer ? { ...eventFormContext(args), values: await newEventFormValues(args, user, now) } : null;
  let myEvents: { organizing: MyEventRow[]; hosting: MyEventRow[]; attending: MyEventRow[] } | null = null;
  if (tab === 'MyEvents') {
    // Invitations to the user's verified address are accepted here too: hosted events are listed by account.
    await context.data.invitations.acceptAllFor(user);
    const mine = await context.data.events.mine(user);
    myEvents = {
      organizing: ordered(mine.organizing.map((e) => row(args, e, now))),
      hosting: ordered(mine.hosting.map((e) => row(args, e, now))),
      // What they registered for or bought: only what is still to come or running.
      attending: ordered(mine.attending.map((e) => row(args, e, now))).filter((r) => ACTIVE.has(r.status)),
    };
  }
  const orders = tab === 'Orders' ? await buyerOrderRows(context.data, user.sub) : null;
  const channels = tab === 'Channels' && organizer && hasShop(context) ? await channelsTabData(context, user) : null;
  const admin = user.groups.includes('admin');
  const domains = tab === 'Domains' && admin ? await domainRows(context.tenant, context.data) : null;
  const analytics = tab === 'EventAnalytics' ? await analyticsTab(context.data, user, url) : null;
  const range = tab === 'Analytics' ? await rangeAnalytics(context.data, user, url.searchParams) : null;
  return { user, tab, title: t('dashboard.title'), organizer, admin, schedule, myEvents, orders, channels, domains, analytics, range, timeZone: context.tenant.timeZone };
}

export async function loader(args: LoaderFunctionArgs) {
  return json(await dashboardData(args), { headers: { 'Cache-Control': 'private, no-store' } });
}

const checkDomainForm = z.object({ intent: z.literal('checkDomain'), domain: hostNameSchema });
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * "Check now" on the Domains tab (admins only): proves the domain's ownership and looks at its
 * certificate (docs/decisions/0076). 403 for anyone else, 400 for a malformed form, 404 for a
 * domain this tenant does not list.
 */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  if (!user.groups.includes('admin')) return json({ error: 'forbidden' as const }, { status: 403, headers: NO_STORE });
  const { context } = args;
  const parsed = checkDomainForm.safeParse(Object.fromEntries(await readForm(args.request, context.language)));
  if (!parsed.success) return json({ error: 'badRequest' as const }, { status: 400, headers: NO_STORE });
  const row = await checkDomainNow(context.tenant, context.data, parsed.data.domain, domainCheckConfig(context.env));
  if (!row) return json({ error: 'notFound' as const }, { status: 404, headers: NO_STORE });
  return json({ row }, { headers: NO_STORE });
}
