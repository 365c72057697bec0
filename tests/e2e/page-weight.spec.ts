/**
 * Page weight (docs/decisions/0019): a signed-in dashboard and a signed-in live room carry the
 * strings of their own translation namespaces only; the anonymous event list, served without the
 * client app, none. Their HTML
 * bytes go to test-reports/page-weight.json, so a change in what pages carry shows up; the room
 * stays within 40 KB (docs/decisions/0024). The signed-out home and channel pages carry their style
 * rules once, in one element in <head>, and stay within their budgets (docs/decisions/0095).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';
import { seedShop } from './shop-helpers';

const T = 'aurora';
/**
 * Signed out, with their style rules once per page (docs/decisions/0095). The home page's content
 * grows with the upcoming events the other tests of a run have scheduled (62 KB on a fresh stack,
 * 74 KB late in a full run; 84 KB before the rules went into one element), so its whole budget
 * leaves room for content while the style rules, which do not grow with it, have a budget of their own.
 */
const HOME_BUDGET = 80 * 1024;
const HOME_STYLE_BUDGET = 52 * 1024;
const CHANNEL_BUDGET = 44 * 1024;
const CHANNEL_STYLE_BUDGET = 30 * 1024;

/** HTML bytes of a page and the namespaces its translation bundle holds. */
async function weigh(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const response = await page.goto(tenantUrl(T, path));
  expect(response?.status(), path).toBe(200);
  const html = await response!.text();
  await page.close();
  const json = /<script id="translations" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  const namespaces = json ? ((JSON.parse(json) as { namespaces: string[] }).namespaces ?? []).sort() : [];
  const styles = [...html.matchAll(/<style[^>]*>[\s\S]*?<\/style>/g)];
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    bytes: Buffer.byteLength(html),
    namespaces,
    styleBytes: styles.reduce((n, m) => n + Buffer.byteLength(m[0]), 0),
    styleElements: styles.length,
    stylesInBody: styles.filter((m) => m.index! > head.length).length,
  };
}

test('the dashboard, a live room and the event list carry their own namespaces only', async ({ browser, request }) => {
  const organizer = await createUser(T, 'weight-org', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const signedIn = await browser.newContext();
  await signInContext(signedIn, request, organizer);
  const anonymous = await browser.newContext();
  const dashboard = await weigh(signedIn, '/userDashboard');
  const room = await weigh(signedIn, `/liveEventsContainer?event=${event.eventId}`);
  const list = await weigh(anonymous, '/liveEvents');
  const shop = await seedShop(T, 1500);
  const home = await weigh(anonymous, '/');
  const channel = await weigh(anonymous, `/channelPage?channel=${shop.channelId}`);
  await signedIn.close();
  await anonymous.close();
  mkdirSync('test-reports', { recursive: true });
  writeFileSync(
    'test-reports/page-weight.json',
    `${JSON.stringify({ '/userDashboard (signed in)': dashboard, '/liveEventsContainer?event=<id> (signed in)': room, '/liveEvents (anonymous)': list, '/ (anonymous)': home, '/channelPage?channel=<id> (anonymous)': channel }, null, 2)}\n`,
  );
  // Style rules once per page, in <head>, never an element per component (docs/decisions/0095).
  for (const weighed of [home, channel, list, dashboard, room]) {
    expect(weighed.stylesInBody).toBe(0);
    expect(weighed.styleElements).toBeLessThanOrEqual(1);
  }
  expect(home.bytes).toBeLessThanOrEqual(HOME_BUDGET);
  expect(home.styleBytes).toBeLessThanOrEqual(HOME_STYLE_BUDGET);
  expect(channel.bytes).toBeLessThanOrEqual(CHANNEL_BUDGET);
  expect(channel.styleBytes).toBeLessThanOrEqual(CHANNEL_STYLE_BUDGET);
  // payments: the Orders tab; shop: the Channels tab; tickets: the event form's admission fields;
  // registration: the event form's registration questions (docs/decisions/0083); analytics: the
  // Event analytics tab, drawn on the server (docs/decisions/0090); webhooks: the Webhooks tab
  // (docs/decisions/0088); rangeAnalytics: the Analytics tab over a range of days (docs/decisions/0094). The API keys tab fetches its own when it mounts.
  expect(dashboard.namespaces).toEqual(['analytics', 'common', 'dashboard', 'events', 'forms', 'payments', 'rangeAnalytics', 'registration', 'schedule', 'shop', 'tickets', 'twoFactor', 'webhooks']);
  // Every room shows the recording indicator and, to staff, its controls (docs/decisions/0030);
  // donations: every room's Donate button, pinned sale and donation alerts (docs/decisions/0036).
  // The stage's captions layer, the reactions bar, the polls panel, the waiting room and the
  // breakout rooms, which only the browser renders, fetch their namespaces (captions, reactions,
  // polls, waiting, breakouts, registration) when they mount.
  // The live broadcast player and its strings come only with /lbc and /hbc (routes/live/broadcastRoom.tsx).
  expect(room.namespaces).toEqual(['chat', 'common', 'donations', 'events', 'live', 'recording']);
  // The join storm's budget (issue 12, docs/decisions/0024): the room a signed-in person opens.
  expect(room.bytes).toBeLessThanOrEqual(40 * 1024);
  // Signed out, the event list comes without the client app (docs/decisions/0069): no strings for it to carry.
  expect(list.namespaces).toEqual([]);
});
