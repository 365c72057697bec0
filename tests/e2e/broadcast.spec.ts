/**
 * Live broadcast over RTMP (docs/decisions/0029), end to end on the test stack's own ingest
 * worker: the organizer makes a key on /rtmpKey, ffmpeg pushes a test pattern with a burned-in
 * clock, the key screen shows the push live with its picture size, a visitor's player on the
 * event page plays the live HLS, the push stops, the broadcast becomes a video that plays. A wrong
 * key and a rotated key are refused; a rotation cuts a push in progress.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventRecord } from '#app/lib/events/model';
import { startPush } from '#tests/support/ingestPush';
import { expectStatus, mintKey, openKeyScreen } from './broadcast-helpers';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';
import { testMark } from './marks';

let organizer: TestUser;
let member: TestUser;
let event: EventRecord;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [organizer, member] = await Promise.all([createUser('aurora', 'broadcaster', 'organizer'), createUser('aurora', 'broadcast-viewer')]);
  // Started a minute ago: listed under "live now" on /liveEvents, its room (a broadcast layout) open.
  event = await seedEvent('aurora', organizer, { title: `Broadcast ${testMark()}`, eventDateTime: minutesFromNow(-1), layout: 'lbc' });
});

async function status(request: APIRequestContext) {
  const res = await tenantApi(request, 'aurora').get(`/api/broadcast/status?event=${event.eventId}`);
  return (await res.json()) as { status: string; mediaId?: string; width?: number; height?: number };
}

async function videoTime(page: Page) {
  return page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="live-broadcast"] video')?.currentTime ?? 0);
}

test('an RTMP push goes live, plays for a visitor, and is kept as a video when it stops', { tag: '@smoke' }, async ({ page, context, request, browser }) => {
  test.setTimeout(240_000);
  await signInContext(context, request, organizer);
  await openKeyScreen(page, 'rtmp', event.eventId);
  await expect(page.getByTestId('ingest-path')).toHaveAttribute('data-path', 'platform');
  await expectStatus(page, 'idle');
  const { url, key } = await mintKey(page, 'create');
  expect(url).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
  expect(key).toMatch(new RegExp(`^aurora_${event.eventId}_[a-f0-9]{32}$`));

  const push = startPush({ url: `${url}/${key}` });
  try {
    await expectStatus(page, 'live', 45_000);
    await expect(page.getByTestId('live-resolution')).toContainText('1280 × 720');
    // The bitrate is measured over the first segments, which take longer to come on a loaded machine.
    await expect(page.getByTestId('live-bitrate')).toContainText('kbit/s', { timeout: 30_000 });
    await page.screenshot({ path: 'test-results/screens/broadcast-rtmpKey-live.png', fullPage: true });

    // A visitor (signed out) on the event page watches it live.
    const visitor = await browser.newPage();
    await visitor.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
    await pageHydrated(visitor);
    await expect(visitor.getByTestId('live-broadcast')).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByTestId('live-badge')).toBeVisible();
    await expect.poll(() => videoTime(visitor), { timeout: 30_000 }).toBeGreaterThan(1);
    const first = await videoTime(visitor);
    await expect.poll(() => videoTime(visitor), { timeout: 15_000 }).toBeGreaterThan(first + 1);
    for (const [name, width] of [['phone', 390], ['desktop', 1280]] as const) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({ path: `test-results/screens/broadcast-live-viewer-${name}.png`, fullPage: true });
    }
    await visitor.close();

    // A participant in the room (/lbc mixes the stage with the broadcast) watches it too.
    const roomContext = await browser.newContext();
    await signInContext(roomContext, request, member);
    const room = await roomContext.newPage();
    await room.goto(tenantUrl('aurora', `/lbc?event=${event.eventId}`));
    await hydrated(room);
    await expect(room.getByTestId('live-broadcast')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => videoTime(room), { timeout: 30_000 }).toBeGreaterThan(1);
    await roomContext.close();

    // /liveEvents' live-now entry links to it (signed in: the listing is not served from the render cache).
    const listing = await context.newPage();
    await listing.goto(tenantUrl('aurora', `/liveEvents?q=${encodeURIComponent(event.title)}`));
    await pageHydrated(listing);
    await expect(listing.getByTestId('live-now-broadcast')).toContainText(event.title, { timeout: 20_000 });
    await listing.close();

    // A second push to the live event is refused.
    const second = startPush({ url: `${url}/${key}`, seconds: 20 });
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
  } finally {
    await push.stop();
  }

  await expectStatus(page, 'ended', 30_000);
  await expect(page.getByTestId('live-kept')).toBeVisible({ timeout: 60_000 });
  const { mediaId } = await status(request);
  expect(mediaId).toMatch(/^[a-z0-9]{21}$/);
  // It is the event's kept broadcast, timed from the push's first frame (for /eventVod's replay).
  const [kept] = await e2eData('aurora').media.forEvent(event.eventId);
  expect(kept).toMatchObject({ id: mediaId, origin: 'broadcast', eventId: event.eventId });
  expect(Date.parse(kept!.startedAt!)).toBeLessThan(Date.parse(kept!.createdAt));

  // The kept broadcast goes through the media pipeline and plays like any video.
  await expect
    .poll(async () => ((await (await tenantApi(request, 'aurora').get(`/api/media/status?id=${mediaId}`)).json()) as { status: string }).status, {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe('ready');
  const master = await tenantApi(request, 'aurora').get(`/api/media/playlist?id=${mediaId}`);
  expect(master.status()).toBe(200);
  expect(await master.text()).toContain(`/api/media/playlist?id=${mediaId}&variant=720p`);
  const rendition = await tenantApi(request, 'aurora').get(`/api/media/playlist?id=${mediaId}&variant=720p`);
  expect(await rendition.text()).toMatch(/X-Amz-Signature=/);
});

test('a wrong key is refused, and a rotated key stops working at once, cutting its push', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await signInContext(context, request, organizer);
  await openKeyScreen(page, 'rtmp', event.eventId);
  await expect(page.getByTestId('key-hint')).toBeVisible();
  const { url, key } = await mintKey(page, 'rotate');

  const wrong = await startPush({ url: `${url}/${key.slice(0, -4)}0000`, seconds: 20 }).exited;
  expect(wrong.code).not.toBe(0);
  expect((await status(request)).status).toBe('ended');

  const push = startPush({ url: `${url}/${key}` });
  await expectStatus(page, 'live', 45_000);
  await page.reload();
  await pageHydrated(page);
  const next = await mintKey(page, 'rotate');
  // The push with the old key is cut within the worker's 2-second check.
  const cut = await push.exited;
  expect(cut.code).not.toBe(0);
  await expectStatus(page, 'ended', 30_000);

  const stale = await startPush({ url: `${url}/${key}`, seconds: 20 }).exited;
  expect(stale.code).not.toBe(0);
  expect(next.key).not.toBe(key);

  // Revoked: the key screen says so; the event has no key.
  await page.getByTestId('revoke-key').click();
  await page.getByTestId('key-confirm-confirm').click();
  await expect(page.getByTestId('key-revoked')).toBeVisible();
  const revoked = await startPush({ url: `${url}/${next.key}`, seconds: 20 }).exited;
  expect(revoked.code).not.toBe(0);
});
