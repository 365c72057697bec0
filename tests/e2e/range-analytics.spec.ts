/**
 * Analytics over a range of days (docs/decisions/0094): an organizer's two events have attendance
 * and orders on two days (through the analytics hooks the live paths call: LiveKit's joins and
 * leaves, commerce's captured orders, the players' playback beacons), flushed as the app flushes
 * them. The organizer's Analytics tab shows the totals, the revenue by day per currency (and its
 * table), the top event and the video's views; the tenant's admin sees the same through the
 * organizer's channel; another tenant's admin gets nothing of it.
 */
import type { Page } from '@playwright/test';
import type { Order } from '#app/lib/payments/model';
import { DAY_MS, dayOf } from '#app/lib/analytics/days';
import { countActivity, flushAnalytics, noteOrderCaptured, notePresence, noteVideoPlayback } from '#server/analytics/index.server';
import { seedMediaItem } from '#tests/support/media';
import { e2eData, seedEvent } from './events-helpers';
import { e2eMediaData } from './library-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';

const T = 'aurora';
const OTHER = 'solana';

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1000 }],
    ['laptop', { width: 1024, height: 800 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('range-revenue').first().getByTestId('range-chart-canvas').locator('svg.recharts-surface')).toBeVisible();
    await page.screenshot({ path: `/tmp/range-analytics-${name}-${size}.png`, fullPage: true });
  }
}

const order = (currency: string, paidAt: number, lines: Array<Record<string, unknown>>) =>
  ({ orderId: `ra-${Math.random().toString(36).slice(2)}`, currency, paidAt: new Date(paidAt).toISOString(), lines: lines.map((l) => ({ title: '', sellerId: 's', quantity: 1, ...l })) }) as unknown as Order;

test('events with attendance and orders on two days show on the range page: totals, revenue by day, the top event, a video’s views', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const organizer = await createUser(T, 'ra-org', 'organizer');
  const admin = await createUser(T, 'ra-admin', 'admin');
  const otherAdmin = await createUser(OTHER, 'ra-admin', 'admin');
  const data = e2eData(T);
  const talk = await seedEvent(T, organizer, { title: `Range talk ${tag}` });
  const workshop = await seedEvent(T, organizer, { title: `Range workshop ${tag}` });
  const channel = await data.channels.create({ userId: organizer.sub, name: 'Org' }, { name: `Range channel ${tag}`, about: '', introVideoId: null, links: [] }, 'USD');
  const video = await seedMediaItem(e2eMediaData(T), { kind: 'video', owner: { sub: organizer.sub, name: 'Org' }, title: `Range clip ${tag}`, visibility: 'tenant' });

  const today = dayOf(Date.now());
  const d1 = dayOf(Date.now() - 2 * DAY_MS);
  const d2 = dayOf(Date.now() - DAY_MS);
  const at1 = Date.parse(`${d1}T10:00:00Z`);
  const at2 = Date.parse(`${d2}T10:00:00Z`);
  const presence = (eventId: string, identity: string, action: 'joined' | 'left', at: number) =>
    notePresence(data, eventId, { identity: `${identity}-${tag}`, name: identity, action, at: new Date(at).toISOString(), webhookId: `${identity}-${action}-${at}-${tag}` });
  // Day 1: three people join the talk, one leaves after 30 minutes; two tickets bought (USD).
  for (const who of ['ann', 'bob', 'cat']) await presence(talk.eventId, who, 'joined', at1);
  await presence(talk.eventId, 'ann', 'left', at1 + 30 * 60_000);
  await noteOrderCaptured(data, order('usd', at1, [{ kind: 'ticket', refId: talk.eventId, quantity: 2, unitAmount: 1500 }]));
  // Day 2: one person at the workshop, a donation to it (EUR), the video played.
  await presence(workshop.eventId, 'dan', 'joined', at2);
  await noteOrderCaptured(data, order('eur', at2, [{ kind: 'donation', refId: workshop.eventId, unitAmount: 700, meta: { eventId: workshop.eventId } }]));
  noteVideoPlayback(data, { videoId: video.id, view: true, watchSeconds: 90, at: new Date(at2) });
  countActivity(data, talk.eventId, 'chatMessages', 5);
  await flushAnalytics();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, request, organizer);
  const page = await context.newPage();
  await page.goto(tenantUrl(T, `/userDashboard?tab=Analytics&from=${d1}&to=${today}`));
  await pageHydrated(page);
  const tab = page.getByTestId('range-tab');
  await expect(tab.getByTestId('range-total-attended-value')).toHaveText('4');
  await expect(tab.getByTestId('range-total-tickets-value')).toHaveText('2');
  await expect(tab.getByTestId('range-total-watch-value')).toHaveText('30 min 0 s');
  await expect(tab.getByTestId('range-count-chatMessages-value')).toHaveText('5');
  await expect(tab.getByTestId('range-total-revenue-value')).toContainText('€7.00');
  await expect(tab.getByTestId('range-total-revenue-value')).toContainText('$30.00');

  // Revenue by day, one chart per currency, each with its table: USD on day 1, EUR on day 2.
  const charts = tab.getByTestId('range-revenue');
  await expect(charts).toHaveCount(2);
  const eur = charts.nth(0);
  const usd = charts.nth(1);
  await usd.getByTestId('range-revenue-data').locator('summary').click();
  await expect(usd.locator(`[data-testid="range-revenue-row"][data-day="${d1}"]`)).toContainText('$30.00');
  await expect(usd.locator(`[data-testid="range-revenue-row"][data-day="${d2}"]`)).toContainText('$0.00');
  await eur.getByTestId('range-revenue-data').locator('summary').click();
  await expect(eur.locator(`[data-testid="range-revenue-row"][data-day="${d2}"]`)).toContainText('€7.00');
  await expect(usd.getByTestId('range-chart-canvas').locator('svg.recharts-surface')).toBeVisible();
  // Attendance by day, as a table too.
  const days = tab.getByTestId('range-days');
  await days.getByTestId('range-days-data').locator('summary').click();
  await expect(days.locator(`[data-testid="range-days-row"][data-day="${d1}"]`)).toContainText('3');

  // The top event by attendance first, each linking to its event analytics; by revenue (USD, the larger) too.
  const rows = tab.getByTestId('range-top-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Range talk ${tag}`);
  await expect(rows.nth(1)).toContainText(`Range workshop ${tag}`);
  await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/userDashboard?tab=EventAnalytics&event=${talk.eventId}`);
  // The video: its title from the library, one view, 1 min 30 s.
  const clip = tab.locator(`[data-testid="range-video-row"][data-video="${video.id}"]`);
  await expect(clip).toContainText(`Range clip ${tag}`);
  await expect(clip.getByTestId('range-video-views')).toHaveText('1');
  await expect(clip).toContainText('1 min 30 s');
  await shoot(page, 'organizer');

  // A range of the second day only: the workshop alone, no USD.
  await page.goto(tenantUrl(T, `/userDashboard?tab=Analytics&from=${d2}&to=${d2}`));
  await expect(tab.getByTestId('range-top-row')).toHaveCount(1);
  await expect(tab.getByTestId('range-top-row').first()).toContainText(`Range workshop ${tag}`);
  await expect(tab.getByTestId('range-revenue')).toHaveCount(1);

  // The form: a range that ends before it starts is refused with the field's error.
  await pageHydrated(page);
  await tab.getByTestId('range-from').fill(today);
  await tab.getByTestId('range-to').fill(d1);
  await tab.getByTestId('range-submit').click();
  await expect(tab.getByTestId('range-to-error')).toBeVisible();
  await expect(tab.getByTestId('range-to')).toHaveAttribute('aria-invalid', 'true');
  await expect(tab.getByTestId('range-invalid')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/range-analytics-error-phone.png', fullPage: true });
  // A range with nothing in it says so.
  await page.goto(tenantUrl(T, '/userDashboard?tab=Analytics&from=2001-01-01&to=2001-01-31'));
  await expect(tab.getByTestId('range-empty')).toBeVisible();
  await expect(tab.getByTestId('range-top-empty')).toBeVisible();
  await context.close();

  // The tenant's admin: the organizer's channel shows the same events.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(adminContext, request, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(tenantUrl(T, `/userDashboard?tab=Analytics&from=${d1}&to=${today}&channel=${channel.channelId}`));
  await expect(adminPage.getByTestId('range-channel')).toHaveValue(channel.channelId);
  await expect(adminPage.getByTestId('range-top-row').first()).toContainText(`Range talk ${tag}`);
  await expect(adminPage.getByTestId('range-total-attended-value')).toHaveText('4');
  await adminContext.close();

  // Another tenant's admin: the channel is not found there, and their site shows nothing of it.
  const otherContext = await browser.newContext();
  await signInContext(otherContext, request, otherAdmin);
  const otherPage = await otherContext.newPage();
  const refused = await otherPage.goto(tenantUrl(OTHER, `/userDashboard?tab=Analytics&channel=${channel.channelId}`));
  expect(refused?.status()).toBe(404);
  await otherPage.goto(tenantUrl(OTHER, `/userDashboard?tab=Analytics&from=${d1}&to=${today}`));
  await expect(otherPage.getByTestId('range-tab')).toBeVisible();
  await expect(otherPage.getByTestId('range-tab')).not.toContainText(tag);
  await otherContext.close();
});
