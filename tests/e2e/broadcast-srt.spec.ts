/**
 * Live broadcast over SRT (docs/decisions/0029): the event's SRT listener on the test stack's
 * ingest worker takes a push whose passphrase is the key, the key screen shows it live, a visitor
 * plays it, and the push is kept as a video. A wrong passphrase, or none, fails the SRT handshake;
 * a rotated key restarts the listener with the new passphrase, cutting the push in progress.
 */
import type { EventRecord } from '#app/lib/events/model';
import { startPush } from '#tests/support/ingestPush';
import { expectStatus, mintKey, openKeyScreen } from './broadcast-helpers';
import { seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext, type TestUser } from './session-helpers';
import { testMark } from './marks';

let organizer: TestUser;
let event: EventRecord;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  organizer = await createUser('aurora', 'srt-broadcaster', 'organizer');
  event = await seedEvent('aurora', organizer, { title: `SRT broadcast ${testMark()}` });
});

const srt = (url: string, passphrase?: string) => (passphrase ? `${url}?passphrase=${passphrase}&pbkeylen=16` : url);

test('an SRT push with the key as passphrase goes live and plays; a wrong, missing or rotated-out passphrase is refused', async ({ page, context, request, browser }) => {
  test.setTimeout(180_000);
  await signInContext(context, request, organizer);
  await openKeyScreen(page, 'srt', event.eventId);
  await expect(page.getByTestId('ingest-path')).toHaveAttribute('data-path', 'platform');
  const { url, key } = await mintKey(page, 'create');
  expect(url).toMatch(/^srt:\/\/localhost:\d+$/);
  expect(key).toMatch(/^[a-f0-9]{32}$/);
  await expect(page.getByTestId('srt-full-url')).toHaveValue(`${url}?passphrase=${key}&pbkeylen=16`);

  // The listener starts within the worker's 2-second round (before it, nothing answers at all), so
  // wait until the refusal is the listener's own SRT handshake saying the passphrase is wrong.
  await expect
    .poll(async () => (await startPush({ url: srt(url, 'f'.repeat(32)), seconds: 10 }).exited).log, { timeout: 30_000 })
    .toContain('Incorrect passphrase');
  const none = await startPush({ url, seconds: 10 }).exited;
  expect(none.code).not.toBe(0);
  expect(none.log).toContain('Password required');
  await expectStatus(page, 'idle');

  const push = startPush({ url: srt(url, key), width: 854, height: 480 });
  let rotatedKey = '';
  try {
    await expectStatus(page, 'live', 45_000);
    await expect(page.getByTestId('live-resolution')).toContainText('854 × 480');
    const visitor = await browser.newPage();
    await visitor.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
    await pageHydrated(visitor);
    const time = () => visitor.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="live-broadcast"] video')?.currentTime ?? 0);
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
    await visitor.close();

    // Rotating restarts the listener with the new passphrase: the push in progress is cut.
    await page.reload();
    await pageHydrated(page);
    const next = await mintKey(page, 'rotate');
    expect(next.url).toBe(url);
    rotatedKey = next.key;
    const cut = await push.exited;
    expect(cut.code).not.toBe(0);
  } finally {
    await push.stop();
  }
  await expectStatus(page, 'ended', 30_000);
  await expect(page.getByTestId('live-kept')).toBeVisible({ timeout: 60_000 });

  // The old passphrase is refused by the restarted listener's handshake; the new one is taken.
  await expect
    .poll(async () => (await startPush({ url: srt(url, key), seconds: 10 }).exited).log, { timeout: 30_000 })
    .toContain('Incorrect passphrase');
  const fresh = startPush({ url: srt(url, rotatedKey) });
  try {
    await expectStatus(page, 'live', 45_000);
  } finally {
    await fresh.stop();
  }
  await expectStatus(page, 'ended', 30_000);
});
