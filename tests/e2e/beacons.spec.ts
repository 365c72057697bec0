/**
 * Viewer-experience beacons (docs/decisions/0093) in Chromium against the production build: a
 * member plays an event's recording on /eventVod (cut to HLS by the stack's own media worker) and
 * leaves the page; another joins a live event's room for real (LiveKit) and leaves. The organizer's
 * event analytics then show each event's "Viewer experience": the playback session with its
 * startup time in the startup table, the room join with its join time; nothing before.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { makeVideo } from '#tests/support/mediaFiles';
import { expect, tenantUrl, test } from './fixtures';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { e2eMediaData } from './library-helpers';
import { MEDIA_BROWSER, joinRoom } from './media-helpers';
import { queueRecording } from './ondemand-helpers';
import { pipelineStack, type PipelineStack } from './pipeline-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

test.use(MEDIA_BROWSER);
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const T = 'aurora';

/** Puts the page in the experience sample: Math.random answers below the 50 % rate (varied, so ids made with it still differ). */
async function inSample(context: BrowserContext) {
  await context.addInitScript(() => {
    let x = 0;
    Math.random = () => (x = (x + 0.0137) % 0.4);
  });
}

/** The organizer's analytics tab of the event, reloaded until the experience section shows `testId`'s value. */
async function experienceOf(page: Page, eventId: string, testId: string, value: string) {
  await expect
    .poll(
      async () => {
        await page.goto(tenantUrl(T, `/userDashboard?tab=EventAnalytics&event=${eventId}`));
        const figure = page.getByTestId(`${testId}-value`);
        return (await figure.count()) ? figure.innerText() : 'none';
      },
      { timeout: 30_000, intervals: [1000, 2000] },
    )
    .toBe(value);
  await hydrated(page);
}

async function shoot(page: Page, name: string) {
  const section = page.getByTestId('analytics-experience');
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1024 }],
    ['laptop', { width: 1024, height: 768 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(section.getByTestId('experience-chart-canvas').first().locator('svg.recharts-surface')).toBeVisible();
    await section.screenshot({ path: `/tmp/beacons-${name}-${size}.png` });
  }
}

let organizer: TestUser;
let dir: string;
let stack: PipelineStack;

test.beforeAll(async () => {
  organizer = await createUser(T, 'bc-org', 'organizer');
  dir = await mkdtemp(join(tmpdir(), 'beacons-e2e-'));
});

test.afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a recording played on /eventVod shows as a playback session in its event’s viewer experience', async ({ browser, request }) => {
  const start = Date.now() - 2 * 3600_000;
  const event = await seedEvent(T, organizer, { eventDateTime: new Date(start).toISOString(), eventDuration: 60 });
  stack = pipelineStack();
  const clip = await makeVideo(dir, { seconds: 20, width: 320, height: 240 });
  const recording = await queueRecording(stack, T, { eventId: event.eventId, owner: { sub: organizer.sub, name: 'Org' }, title: 'Recording for beacons', path: clip, startedAt: new Date(start).toISOString() });
  await expect.poll(async () => (await e2eMediaData(T).media.get(recording.id))?.status, { timeout: 200_000, intervals: [1000] }).toBe('ready');

  // The organizer's tab says nothing was measured yet.
  const orgContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(orgContext, request, organizer);
  const orgPage = await orgContext.newPage();
  await orgPage.goto(tenantUrl(T, `/userDashboard?tab=EventAnalytics&event=${event.eventId}`));
  await expect(orgPage.getByTestId('experience-empty')).toBeVisible();

  const viewer = await createUser(T, 'bc-viewer');
  const context = await browser.newContext();
  await inSample(context);
  await signInContext(context, request, viewer);
  // What the page hands to sendBeacon, kept beside the real send (which the server still gets).
  await context.addInitScript(() => {
    const kept: string[] = [];
    (window as unknown as { sentBeacons: string[] }).sentBeacons = kept;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      if (String(url).endsWith('/api/beacons') && body instanceof Blob) void body.text().then((text) => kept.push(text));
      return send(url, body);
    };
  });
  const page = await context.newPage();
  const sentBeacons = () => page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons);
  let sent: string[] = [];
  await page.goto(tenantUrl(T, `/eventVod?eventId=${event.eventId}`));
  await hydrated(page);
  const video = page.getByTestId('video-player').locator('video');
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-source', 'hls.js');
  // Play once the player has attached its source (a play() before that is cut off by the load).
  await expect
    .poll(() =>
      video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        if (v.paused) await v.play().catch(() => undefined);
        return v.currentTime;
      }),
    )
    .toBeGreaterThan(2);
  // The page being left (pagehide) sends the session: dispatched here, so the page is still there to say what it sent.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect
    .poll(async () => {
      sent = await sentBeacons();
      return sent.some((b) => b.includes('"k":"play"'));
    })
    .toBe(true);
  await page.goto(tenantUrl(T, '/'));
  // Every batch names the video and carries measurements only.
  const batches = sent.map((b) => JSON.parse(b) as { mediaId: string; beacons: Array<Record<string, unknown>> });
  for (const batch of batches) expect(batch).toEqual({ mediaId: recording.id, beacons: expect.any(Array) });
  const beacons = batches.flatMap((batch) => batch.beacons);
  expect(beacons).toContainEqual({ k: 'view', view: true, s: 0 });
  const session = beacons.find((b) => b.k === 'play')!;
  expect(session).toMatchObject({ live: false, failed: false });
  expect(session.startupMs).toEqual(expect.any(Number));
  expect(session.watchMs as number).toBeGreaterThan(1000);

  await experienceOf(orgPage, event.eventId, 'experience-plays', '1');
  const startupRows = orgPage.getByTestId('experience-startup-table').getByTestId('experience-row');
  await expect(startupRows).toHaveCount(5);
  const counts = await startupRows.locator('td:last-child').allInnerTexts();
  expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
  await expect(orgPage.getByTestId('experience-failures-value')).toHaveText('0');
  await shoot(orgPage, 'vod');
  await context.close();
  await orgContext.close();
});

test('joining a live event’s room records the join time in its viewer experience', async ({ browser, request }) => {
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2), eventDuration: 60, layout: 'liveEventsContainer' });
  const member = await createUser(T, 'bc-member');
  await e2eData(T).tickets.grant({ eventId: event.eventId, userId: member.sub, orderId: `bc-${member.sub}`, kind: 'ticket' });
  const joined = await joinRoom(browser, request, member, event, { prepare: inSample });
  // Leaving the room's page sends the join.
  await joined.page.goto(tenantUrl(T, '/'));
  await joined.context.close();

  const orgContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(orgContext, request, organizer);
  const orgPage = await orgContext.newPage();
  await experienceOf(orgPage, event.eventId, 'experience-joins', '1');
  await expect(orgPage.getByTestId('experience-join-failures-value')).toHaveText('0');
  const joinCounts = await orgPage.getByTestId('experience-join-table').getByTestId('experience-row').locator('td:last-child').allInnerTexts();
  expect(joinCounts.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
  await shoot(orgPage, 'room');
  await orgContext.close();
});
