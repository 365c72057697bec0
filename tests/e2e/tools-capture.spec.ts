/**
 * /mediaCapture (docs/decisions/0044) with Chromium's fake camera and microphone: a 5-second take
 * goes through the upload pipeline and is found in the library with its duration; a sound-only
 * take becomes an audio item, trimmed with the keyboard to a shorter one; an upload that fails
 * keeps the take for another try. Every wait is on the page's state (the timer's seconds, the
 * upload's outcome, the item's status), never on time.
 */
import type { Page } from '@playwright/test';
import { e2eData } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { MEDIA_BROWSER } from './media-helpers';
import { createUser, signInContext, type TestUser } from './session-helpers';

test.use(MEDIA_BROWSER);

const T = 'aurora';
let organizer: TestUser;

test.beforeAll(async () => {
  organizer = await createUser(T, 'capture', 'organizer');
});

const shot = async (page: Page, name: string): Promise<void> => void (await page.screenshot({ path: `test-results/screens/capture-${name}.png`, fullPage: true }));

/** Turns the source on and records until the timer shows `seconds`, then stops. */
/**
 * Records a take of at least `seconds` by the page's timer. Returns the wall-clock seconds from just
 * before Start to just after Stop: no take may be longer (how much longer than `seconds` it is
 * depends on how fast a loaded machine lets the test press Stop, so that is not asserted).
 */
async function record(page: Page, source: 'camera' | 'microphone' | 'screen' | 'pip', seconds: number, onRecording?: () => Promise<void>): Promise<number> {
  await page.getByTestId(`capture-source-${source}`).click();
  await page.getByTestId('capture-on').click();
  await expect(page.getByTestId('capture-recorder')).toHaveAttribute('data-state', 'idle');
  // The fake microphone's beep reaches the meter.
  await expect.poll(async () => Number(await page.getByTestId('capture-level').getAttribute('aria-valuenow')), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(0);
  const before = Date.now();
  await page.getByTestId('capture-start').click();
  await expect(page.getByTestId('capture-recorder')).toHaveAttribute('data-state', 'recording');
  await onRecording?.();
  // Checked every 100 ms, so the take stops right after the timer reaches its seconds.
  await expect.poll(async () => Number(await page.getByTestId('capture-timer').getAttribute('data-seconds')), { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(seconds);
  await page.getByTestId('capture-stop').click();
  const span = (Date.now() - before) / 1000;
  await expect(page.getByTestId('capture-take')).toBeVisible();
  return span;
}

async function itemOf(mediaId: string) {
  return e2eData(T).media.get(mediaId);
}

/** Waits until the worker has processed the item and returns it. */
async function processed(mediaId: string) {
  await expect.poll(async () => (await itemOf(mediaId))?.status, { timeout: 120_000 }).toBe('ready');
  return (await itemOf(mediaId))!;
}

test('a 5-second camera take is uploaded with progress and found in the library with its duration', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await signInContext(context, request, organizer);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl(T, '/mediaCapture'));
  await pageHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Record' })).toBeVisible();
  await shot(page, 'choose-desktop');

  const span = await record(page, 'camera', 5, async () => {
    await expect(page.getByTestId('capture-preview')).toBeVisible();
    // Paused time is not recorded: the timer holds still until resumed.
    await page.getByTestId('capture-pause').click();
    await expect(page.getByTestId('capture-status')).toHaveAttribute('data-state', 'paused');
    const held = await page.getByTestId('capture-timer').getAttribute('data-seconds');
    await page.getByTestId('capture-resume').click();
    await expect(page.getByTestId('capture-status')).toHaveAttribute('data-state', 'recording');
    expect(Number(held)).toBeLessThan(5);
    await shot(page, 'recording-desktop');
  });
  const take = page.getByTestId('capture-take');
  const duration = Number(await take.getAttribute('data-duration'));
  expect(duration).toBeGreaterThanOrEqual(5);
  expect(duration).toBeLessThanOrEqual(span);
  await expect(page.getByTestId('capture-trim-summary')).toContainText('Keeping 0:00 to 0:0');
  await page.getByTestId('capture-title').fill('Camera take');
  await shot(page, 'take-desktop');

  // Storage holds the bytes back until the progress bar has shown.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const original = (url: URL) => url.pathname.endsWith('/original.webm');
  await page.route(original, async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByTestId('capture-upload').click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('capture-progress')).toContainText('Uploading:');
  release();
  await expect(page.getByTestId('capture-done')).toBeVisible({ timeout: 60_000 });
  await page.unroute(original);
  const mediaId = (await page.getByTestId('capture-done').getAttribute('data-media-id'))!;
  const item = await processed(mediaId);
  expect(item).toMatchObject({ kind: 'video', title: 'Camera take', ownerId: organizer.sub, original: { contentType: 'video/webm' } });
  expect(item.trim).toBeUndefined();
  expect(item.derived.durationSeconds).toBeGreaterThanOrEqual(4);
  // The file holds what the timer counted.
  expect(Math.abs(item.derived.durationSeconds! - duration)).toBeLessThan(0.75);

  // The library lists it, ready, with its duration (the card shows the poster; its data the duration).
  await page.getByRole('link', { name: 'Open your media library' }).click();
  await expect(page.locator(`[data-testid="library-item"][data-id="${mediaId}"]`)).toContainText('Camera take');
  const library = await page.evaluate(async () => (await fetch('/uploadCustomerMedia?_data=uploadCustomerMedia')).json());
  const card = (library as { cards: Array<{ id: string; status: string; durationSeconds: number | null }> }).cards.find((c) => c.id === mediaId);
  expect(card?.status).toBe('ready');
  expect(Math.abs((card?.durationSeconds ?? 0) - duration)).toBeLessThanOrEqual(1);
});

test('a sound-only take becomes an audio item, and trimming it with the keyboard makes it shorter', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await signInContext(context, request, organizer);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(T, '/mediaCapture'));
  await pageHydrated(page);
  await shot(page, 'choose-phone');
  await record(page, 'microphone', 4, () => shot(page, 'recording-phone'));
  await expect(page.getByTestId('capture-preview')).toHaveCount(0);
  const duration = Number(await page.getByTestId('capture-take').getAttribute('data-duration'));

  // A second off the start and a second off the end, by keyboard (arrows move a tenth of a second).
  await page.getByTestId('capture-trim-start').focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.getByTestId('capture-trim-end').focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('capture-trim-start')).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByTestId('capture-trim-summary')).toContainText('Keeping 0:01 to');
  await page.getByTestId('capture-title').fill('Voice take');
  await shot(page, 'take-phone');

  await page.getByTestId('capture-upload').click();
  await expect(page.getByTestId('capture-done')).toBeVisible({ timeout: 60_000 });
  const mediaId = (await page.getByTestId('capture-done').getAttribute('data-media-id'))!;
  const item = await processed(mediaId);
  expect(item.kind).toBe('audio');
  expect(item.trim?.startSeconds).toBe(1);
  const kept = item.trim!.endSeconds - item.trim!.startSeconds;
  expect(kept).toBeCloseTo(Math.floor(duration * 10) / 10 - 2, 1);
  expect(item.derived.durationSeconds).toBeGreaterThan(kept - 0.5);
  expect(item.derived.durationSeconds).toBeLessThan(kept + 0.5);
  expect(item.derived.durationSeconds).toBeLessThan(duration - 1.5);
});

test('an upload that fails keeps the take, and trying again sends it', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const owner = await createUser(T, 'capture-retry', 'organizer');
  await signInContext(context, request, owner);
  await page.goto(tenantUrl(T, '/mediaCapture'));
  await pageHydrated(page);
  await record(page, 'camera', 2);

  // Storage refuses the bytes the first time.
  const refuse = (url: URL) => url.pathname.endsWith('/original.webm');
  await page.route(refuse, (route) => (route.request().method() === 'PUT' ? route.fulfill({
          status: 403,
          contentType: 'application/xml',
          // As S3 answers a refused PUT, with the headers its CORS rule exposes.
          headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag, x-amz-error-code, x-amz-error-message' },
          body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        }) : route.fallback()));
  await page.getByTestId('capture-title').fill('Retried take');
  await page.getByTestId('capture-upload').click();
  await expect(page.getByTestId('capture-upload-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('capture-upload-error')).toContainText('Your take is kept on this page');
  await expect(page.getByTestId('capture-playback')).toBeVisible();
  await expect(page.getByTestId('capture-upload')).toHaveText('Try the upload again');

  await page.unroute(refuse);
  await page.getByTestId('capture-upload').click();
  await expect(page.getByTestId('capture-done')).toBeVisible({ timeout: 60_000 });
  // The failed attempt left no item behind: the owner has the one take.
  await expect.poll(async () => (await e2eData(T).media.list({ ownerId: owner.sub })).items.map((i) => i.title)).toEqual(['Retried take']);
});

test('the screen with the camera in a corner is composited and recorded at the screen’s size', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await signInContext(context, request, organizer);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl(T, '/mediaCapture'));
  await pageHydrated(page);
  // Chromium's fake screen (1280x720) stands in for the picker's choice.
  await record(page, 'pip', 3, async () => {
    const preview = page.getByTestId('capture-preview');
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`), { timeout: 10_000 }).toBe('1280x720');
    await shot(page, 'pip-desktop');
  });
  await page.getByTestId('capture-title').fill('Screen take');
  await page.getByTestId('capture-upload').click();
  await expect(page.getByTestId('capture-done')).toBeVisible({ timeout: 60_000 });
  const item = await processed((await page.getByTestId('capture-done').getAttribute('data-media-id'))!);
  expect(item).toMatchObject({ kind: 'video', derived: { width: 1280, height: 720 } });
  expect(item.derived.durationSeconds).toBeGreaterThanOrEqual(2);
  expect(item.derived.durationSeconds).toBeLessThanOrEqual(4.5);
});

test('sharing the screen alone records the screen and the microphone; stopping the share from outside stops the take', async ({ page, context, request }) => {
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(T, '/mediaCapture'));
  await pageHydrated(page);
  await page.getByTestId('capture-source-screen').click();
  await page.getByTestId('capture-on').click();
  await page.getByTestId('capture-start').click();
  await expect.poll(async () => Number(await page.getByTestId('capture-timer').getAttribute('data-seconds')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  // What the browser's own "Stop sharing" does: the screen track ends.
  await page.getByTestId('capture-preview').evaluate((v: HTMLVideoElement) => {
    const track = (v.srcObject as MediaStream).getVideoTracks()[0]!;
    track.stop();
    track.dispatchEvent(new Event('ended'));
  });
  await expect(page.getByTestId('capture-notice')).toContainText('The shared screen or a device was turned off, so the recording stopped.');
  await expect(page.getByTestId('capture-take')).toBeVisible();
});
