/**
 * /reviewVideoUpload and /audioPlaylistUpload in Chromium against the production build: an admin
 * watches, publishes and rejects (a reason is required) videos waiting for review and the uploader
 * sees the decision and the reason; an organizer builds a playlist, reorders it by keyboard, sets
 * its flags, and finds them all after a reload; nobody else reaches either.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, tenantApi, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 90_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const runId = () => `r${randomBytes(4).toString('hex')}`;

let uploader: TestUser;
let admin: TestUser;
let other: TestUser;

test.beforeAll(async () => {
  [uploader, admin, other] = await Promise.all([createUser(T, 'rev-up', 'organizer'), createUser(T, 'rev-admin', 'admin'), createUser(T, 'rev-other', 'organizer')]);
});

async function open(page: Page, user: TestUser, path: string) {
  await signInContext(page.context(), page.request, user);
  await page.goto(path);
  await hydrated(page);
}

for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`${name}: an admin publishes one video and rejects another with a reason the uploader sees`, async ({ browser }) => {
    const r = runId();
    const [keep, refuse] = await Promise.all([
      seedMediaItem(data, { kind: 'video', owner: { sub: uploader.sub, name: 'Uma' }, title: `${r} Keynote cut`, review: true, status: 'pending_review' }),
      seedMediaItem(data, { kind: 'video', owner: { sub: uploader.sub, name: 'Uma' }, title: `${r} Blurry cut`, review: true, status: 'pending_review' }),
    ]);

    const adminPage = await (await browser.newContext({ viewport })).newPage();
    await open(adminPage, admin, '/reviewVideoUpload');
    const keepItem = adminPage.locator(`[data-testid="review-queue-item"][data-title="${r} Keynote cut"]`);
    const refuseItem = adminPage.locator(`[data-testid="review-queue-item"][data-title="${r} Blurry cut"]`);
    // The admin can watch it: the player loads the video through the HLS playlist route.
    await expect.poll(() => keepItem.getByTestId('review-video').locator('video').evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0))).toBeGreaterThan(1);
    await keepItem.getByTestId('review-publish').click();
    await expect(keepItem).toHaveCount(0);

    await refuseItem.getByTestId('review-reject').click();
    await refuseItem.getByTestId('review-reject-confirm').click();
    await expect(refuseItem.getByTestId('review-reason-error')).toHaveText('Say why the video is rejected: the uploader reads it.');
    expect((await data.media.get(refuse.id))?.status).toBe('pending_review');
    await refuseItem.getByTestId('review-reason').fill('The sound is out of sync after minute two.');
    await refuseItem.getByTestId('review-reject-confirm').click();
    await expect(refuseItem).toHaveCount(0);
    if (name === 'phone') await adminPage.screenshot({ path: 'test-reports/library-review-admin-phone.png', fullPage: true });
    await adminPage.context().close();

    expect(await data.media.get(keep.id)).toMatchObject({ status: 'published', review: { requested: true, decidedBy: admin.sub } });
    expect(await data.media.get(refuse.id)).toMatchObject({ status: 'rejected', review: { reason: 'The sound is out of sync after minute two.' } });

    const uploaderPage = await (await browser.newContext({ viewport })).newPage();
    await open(uploaderPage, uploader, '/reviewVideoUpload');
    await expect(uploaderPage.getByTestId('review-queue')).toHaveCount(0);
    const mine = (title: string) => uploaderPage.locator(`[data-testid="review-mine-item"][data-title="${title}"]`).getByTestId('review-decision');
    await expect(mine(`${r} Keynote cut`)).toHaveText('Published: everyone it is shared with can watch it.');
    await expect(mine(`${r} Blurry cut`)).toHaveText('Rejected. Reason: The sound is out of sync after minute two.');
    await uploaderPage.screenshot({ path: `test-reports/library-review-uploader-${name}.png`, fullPage: true });
    await uploaderPage.context().close();
  });
}

test('only the tenant’s admins decide, once, and only on their own tenant', async ({ request }) => {
  const r = runId();
  const item = await seedMediaItem(data, { kind: 'video', owner: { sub: uploader.sub }, title: `${r} Waiting`, review: true, status: 'pending_review' });
  const post = async (tenant: string, who: TestUser | null, body: Record<string, unknown>) =>
    tenantApi(request, tenant).post('/api/media/review', { headers: { 'Content-Type': 'application/json', ...(who ? { Cookie: await sessionCookie(request, who) } : {}) }, data: JSON.stringify(body) });
  expect((await post(T, null, { decision: 'publish', id: item.id })).status()).toBe(401);
  expect((await post(T, uploader, { decision: 'publish', id: item.id })).status()).toBe(403);
  const foreignAdmin = await createUser('solana', 'rev-foreign', 'admin');
  expect((await post('solana', foreignAdmin, { decision: 'publish', id: item.id })).status()).toBe(404);
  expect((await post(T, admin, { decision: 'maybe', id: item.id })).status()).toBe(400);
  expect((await post(T, admin, { decision: 'publish', id: item.id })).status()).toBe(200);
  const again = await post(T, admin, { decision: 'reject', id: item.id, reason: 'Too late' });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ ok: false, error: 'notPending' });
  expect((await data.media.get(item.id))?.status).toBe('published');
});

test('desktop: a playlist takes audio from the library, reorders by keyboard, keeps its flags, and plays', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const r = runId();
  for (const n of ['A', 'B', 'C']) await seedMediaItem(data, { kind: 'audio', owner: { sub: uploader.sub }, title: `${r} Track ${n}` });
  await open(page, uploader, '/audioPlaylistUpload');
  await page.getByTestId('playlists-create').click();
  await expect(page.getByTestId('playlists-new-error')).toHaveText('Give it a title.');
  await page.getByTestId('playlists-new-title').fill(`${r} Warm-up`);
  await page.getByTestId('playlists-create').click();
  await expect(page).toHaveURL(/\?playlist=[a-z0-9]{21}$/);
  const playlistId = new URL(page.url()).searchParams.get('playlist')!;
  const editor = page.getByTestId('playlist-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('playlist-flag-playAll').locator('input')).toBeChecked();
  await expect(page.getByTestId('playlist-volume')).toHaveValue('1');

  for (const n of ['A', 'B', 'C']) {
    await page.getByTestId('playlist-add-select').selectOption({ label: `${r} Track ${n}` });
    await page.getByTestId('playlist-add').click();
  }
  const trackTitles = () => page.getByTestId('playlist-track').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('p')[1]?.textContent ?? ''));
  await expect.poll(trackTitles).toEqual([`${r} Track A`, `${r} Track B`, `${r} Track C`]);

  // Keyboard: focus "move C up", press Enter twice; the focus follows the track.
  await page.getByRole('button', { name: `Move “${r} Track C” up` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(trackTitles).toEqual([`${r} Track A`, `${r} Track C`, `${r} Track B`]);
  await expect(page.getByRole('button', { name: `Move “${r} Track C” up` })).toBeFocused();
  await expect(page.getByTestId('playlist-announce')).toHaveText(`“${r} Track C” is now track 2.`);

  await page.getByTestId('playlist-flag-shuffle').click();
  await page.getByTestId('playlist-flag-loop').click();
  await page.getByTestId('playlist-volume').fill('0.5');
  await expect(page.getByTestId('playlist-unsaved')).toBeVisible();
  await page.getByTestId('playlist-save').click();
  await expect(page.getByTestId('playlist-result')).toHaveText('Playlist saved.');

  await page.reload();
  await hydrated(page);
  await expect.poll(trackTitles).toEqual([`${r} Track A`, `${r} Track C`, `${r} Track B`]);
  await expect(page.getByTestId('playlist-flag-shuffle').locator('input')).toBeChecked();
  await expect(page.getByTestId('playlist-flag-loop').locator('input')).toBeChecked();
  await expect(page.getByTestId('playlist-flag-repeat').locator('input')).not.toBeChecked();
  await expect(page.getByTestId('playlist-volume')).toHaveValue('0.5');
  const stored = await data.playlists.get(uploader.sub, playlistId);
  expect(stored).toMatchObject({ title: `${r} Warm-up`, playAll: true, shuffle: true, loop: true, repeat: false, volume: 0.5 });
  expect(stored?.trackIds).toHaveLength(3);

  // Play: the first track of the (shuffled) order plays from its signed MP3.
  await page.getByTestId('playlist-play').click();
  await expect(page.getByTestId('playlist-now-playing')).toContainText(`${r} Track`);
  await expect.poll(() => page.getByTestId('playlist-player').locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  expect(await page.getByTestId('playlist-player').locator('audio').evaluate((a: HTMLAudioElement) => a.volume)).toBe(0.5);
  await page.screenshot({ path: 'test-reports/library-playlist-desktop.png', fullPage: true });

  // Someone else's playlist is not found, on the screen and through the API.
  const res = await tenantApi(request, T).get(`/audioPlaylistUpload?playlist=${playlistId}`, { headers: { Cookie: await sessionCookie(request, other) } });
  expect(res.status()).toBe(404);
  const save = await tenantApi(request, T).post('/api/media/playlists', {
    headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(request, other) },
    data: JSON.stringify({ intent: 'delete', id: playlistId }),
  });
  expect(save.status()).toBe(404);
  expect(await data.playlists.get(uploader.sub, playlistId)).not.toBeNull();
});

test('phone: the dashboard’s Media tab leads to the library screens', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, uploader, '/userDashboard?tab=Media');
  await expect(page.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('dashboard-media-playlists').click();
  await expect(page).toHaveURL(/\/audioPlaylistUpload$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audio playlists');
  await page.screenshot({ path: 'test-reports/library-playlists-phone.png', fullPage: true });
});
