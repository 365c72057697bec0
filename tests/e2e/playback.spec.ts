/**
 * The single-item playback screens in Chromium against the production build: each plays (its time
 * advances), the one player's keyboard shortcuts and speeds, a remembered position resumes, the
 * share link copies, chapters seek, related videos autoplay after a cancellable countdown, and the
 * refusals (bad link 400, sign in 401, another tenant's or another person's private item 404).
 * Items are seeded through the data module with real files made by ffmpeg.
 */
import { randomBytes } from 'node:crypto';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { mediaState, pressPlay, seedLongVideo } from './playback-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 90_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const runId = () => `r${randomBytes(4).toString('hex')}`;

let owner: TestUser;
let viewer: TestUser;

test.beforeAll(async () => {
  [owner, viewer] = await Promise.all([createUser(T, 'pb-owner', 'organizer'), createUser(T, 'pb-viewer', 'member')]);
});

test('/mediaPlayBack plays a video with its details; keyboard shortcuts, speed and the share link work', { tag: '@smoke' }, async ({ page, context }) => {
  const r = runId();
  const item = await seedLongVideo(data, { owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Opening night`, description: 'The whole opening.' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInContext(context, page.request, viewer);
  await page.goto(`/mediaPlayBack?mediaId=${item.id}`);
  await hydrated(page);
  await expect(page.getByTestId('playback-title')).toHaveText(`${r} Opening night`);
  await expect(page.getByTestId('item-owner')).toContainText('By Olga');
  await expect(page.getByTestId('item-description')).toHaveText('The whole opening.');
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('data-source', 'hls.js');
  await pressPlay(page, player);
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(0.5);
  expect((await mediaState(player)).volume).toBe(1);

  // Keyboard: focus inside the player; k pauses, > speeds up, the right arrow skips 5 s.
  await page.getByTestId('video-controller').focus();
  await page.keyboard.press('k');
  await expect.poll(async () => (await mediaState(player)).paused).toBe(true);
  await page.keyboard.press('>');
  await expect.poll(async () => (await mediaState(player)).rate).toBe(1.25);
  const before = (await mediaState(player)).time;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(before + 4);
  // The speed button cycles the offered speeds.
  await page.getByTestId('video-speed').click();
  await expect.poll(async () => (await mediaState(player)).rate).toBe(1.5);

  // The share link: this page for this item, copied to the clipboard.
  await expect(page.getByTestId('share-url')).toHaveValue(tenantUrl(T, `/mediaPlayBack?mediaId=${item.id}`));
  await page.getByTestId('share-copy').click();
  await expect(page.getByTestId('share-result')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tenantUrl(T, `/mediaPlayBack?mediaId=${item.id}`));
});

test('a signed-in viewer resumes where they left off; a signed-out visitor starts at the beginning', async ({ page, context, browser }) => {
  const r = runId();
  const item = await seedLongVideo(data, { owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Long talk`, visibility: 'public' });
  await signInContext(context, page.request, viewer);
  await page.goto(`/mediaPlayBack?mediaId=${item.id}`);
  await hydrated(page);
  const player = page.getByTestId('video-player');
  await pressPlay(page, player);
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(0.3);
  // Jump to 0:15 and pause there: the pause saves the position at once.
  await player.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 15;
  });
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThanOrEqual(15);
  await page.getByTestId('video-controller').focus();
  await page.keyboard.press('k');
  await expect.poll(async () => (await mediaState(player)).paused).toBe(true);
  await expect.poll(async () => (await data.playback.position(viewer.sub, item.id))?.seconds ?? 0).toBeGreaterThanOrEqual(15);

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('item-resumed')).toContainText(/You left off at 0:1[5-9]/);
  await expect.poll(async () => (await mediaState(page.getByTestId('video-player'))).time).toBeGreaterThanOrEqual(15);

  const anonymous = await browser.newPage({ baseURL: tenantUrl(T) });
  await anonymous.goto(`/mediaPlayBack?mediaId=${item.id}`);
  await expect(anonymous.getByTestId('playback-title')).toHaveText(`${r} Long talk`);
  await expect(anonymous.getByTestId('item-resumed')).toHaveCount(0);
  await anonymous.close();
});

test('/nuevoPlayerPage shows the brand on the player and its chapters seek it', async ({ page, context }) => {
  const r = runId();
  const item = await seedLongVideo(data, {
    owner: { sub: owner.sub, name: 'Olga' },
    title: `${r} Branded keynote`,
    description: 'Keynote with chapters.\n0:00 Welcome\n0:12 The plan\n0:21 Questions',
  });
  await signInContext(context, page.request, viewer);
  await page.goto(`/nuevoPlayerPage?mediaId=${item.id}`);
  await hydrated(page);
  await expect(page.getByTestId('player-logo')).toBeVisible();
  await expect(page.getByTestId('chapter')).toHaveText(['0:00 Welcome', '0:12 The plan', '0:21 Questions']);
  const player = page.getByTestId('video-player');
  await page.getByTestId('chapter').nth(2).click();
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThanOrEqual(21);
  await expect.poll(async () => (await mediaState(player)).paused).toBe(false);
  const t = (await mediaState(player)).time;
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(t + 0.3);
  // The controls carry the tenant's brand colour (a media-chrome theme variable set from the brand token).
  const colours = await page.getByTestId('video-controller').evaluate((el) => ({
    controls: getComputedStyle(el).getPropertyValue('--media-control-background'),
    brand: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid').trim(),
  }));
  expect(colours.brand).toMatch(/\S/);
  expect(colours.controls).toContain(colours.brand);
  await expect(page.getByTestId('share-url')).toHaveValue(tenantUrl(T, `/nuevoPlayerPage?mediaId=${item.id}`));
});

test('/morePlayBack lists related videos and starts the next one after a countdown that can be cancelled', async ({ page, context }) => {
  const r = runId();
  // People of their own: the same owner counts as related, and other tests give the shared users other videos.
  const [author, other] = await Promise.all([createUser(T, 'pb-more-author', 'organizer'), createUser(T, 'pb-more-other', 'organizer')]);
  const first = await seedMediaItem(data, { kind: 'video', owner: { sub: author.sub, name: 'Olga' }, title: `${r} Part one`, tags: [r], visibility: 'tenant' });
  const second = await seedMediaItem(data, { kind: 'video', owner: { sub: other.sub, name: 'Vic' }, title: `${r} Part two`, tags: [r], visibility: 'tenant' });
  await seedMediaItem(data, { kind: 'video', owner: { sub: other.sub, name: 'Vic' }, title: `${r} Private cut`, tags: [r], visibility: 'private' });
  await signInContext(context, page.request, author);
  await page.goto(`/morePlayBack?mediaId=${first.id}`);
  await hydrated(page);
  // Related by tag; another person's private item is never listed.
  await expect(page.getByTestId('related-item')).toHaveCount(1);
  await expect(page.getByTestId('related-item')).toHaveAttribute('data-id', second.id);

  const player = page.getByTestId('video-player');
  await pressPlay(page, player);
  await expect(page.getByTestId('up-next')).toHaveAttribute('data-next', second.id, { timeout: 20_000 });
  await page.getByTestId('up-next-cancel').click();
  await expect(page.getByTestId('up-next-cancelled')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`mediaId=${first.id}`));

  // Played again to its end, the countdown runs out and the next video opens.
  await pressPlay(page, player);
  await expect(page.getByTestId('up-next-countdown')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`mediaId=${second.id}`), { timeout: 15_000 });
  await expect(page.getByTestId('playback-title')).toHaveText(`${r} Part two`);
});

test('the screens refuse a bad link (400), another tenant (404), a private item of another person (404), and ask a signed-out visitor to sign in (401)', async ({ page, browser, request }) => {
  const r = runId();
  const shared = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Members only`, visibility: 'tenant' });
  const hidden = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Private`, visibility: 'private' });
  const audio = await seedMediaItem(data, { kind: 'audio', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Jingle`, visibility: 'tenant' });
  const viewerCookie = await sessionCookie(request, viewer);
  const get = (tenant: string, path: string, cookie?: string) => tenantApi(request, tenant).get(path, { headers: cookie ? { Cookie: cookie } : {} });
  for (const path of ['/mediaPlayBack', '/morePlayBack', '/nuevoPlayerPage', '/listenerMediaPlayback']) {
    expect((await get(T, `${path}?mediaId=nope`, viewerCookie)).status(), path).toBe(400);
    expect((await get(T, path, viewerCookie)).status(), path).toBe(400);
    expect((await get(T, `${path}?mediaId=${hidden.id}`, viewerCookie)).status(), path).toBe(404);
    expect((await get('solana', `${path}?mediaId=${shared.id}`, viewerCookie)).status(), path).toBe(404);
  }
  expect((await get(T, `/mediaPlayBack?mediaId=${shared.id}`)).status()).toBe(401);
  expect((await get(T, `/mediaPlayBack?mediaId=${shared.id}`, viewerCookie)).status()).toBe(200);
  // A video screen does not play audio, and the audio screen no video.
  expect((await get(T, `/mediaPlayBack?mediaId=${audio.id}`, viewerCookie)).status()).toBe(404);
  expect((await get(T, `/listenerMediaPlayback?mediaId=${shared.id}`, viewerCookie)).status()).toBe(404);
  expect((await get(T, `/listenerMediaPlayback?playlistId=${'a'.repeat(21)}`)).status()).toBe(401);

  const anonymous = await browser.newPage({ baseURL: tenantUrl(T) });
  await anonymous.goto(`/mediaPlayBack?mediaId=${shared.id}`);
  await expect(anonymous.getByTestId('playback-problem')).toHaveAttribute('data-problem', 'signIn');
  await expect(anonymous.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', `/signIn?redirectTo=${encodeURIComponent(`/mediaPlayBack?mediaId=${shared.id}`)}`);
  await anonymous.goto(`/mediaPlayBack?mediaId=${hidden.id}`);
  await expect(anonymous.getByTestId('playback-problem')).toHaveAttribute('data-problem', 'notFound');
  await anonymous.close();
  void page;
});

test('the position API remembers only for a signed-in viewer of an item they may see', async ({ request }) => {
  const r = runId();
  const shared = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Shared`, visibility: 'tenant' });
  const hidden = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Hidden`, visibility: 'private' });
  const cookie = await sessionCookie(request, viewer);
  const post = (tenant: string, body: unknown, withCookie = true) =>
    tenantApi(request, tenant).post('/api/playback/position', { headers: { 'Content-Type': 'application/json', ...(withCookie ? { Cookie: cookie } : {}) }, data: JSON.stringify(body) });
  expect((await post(T, { mediaId: shared.id, seconds: 12 }, false)).status()).toBe(401);
  expect((await post(T, { mediaId: shared.id, seconds: -3 })).status()).toBe(400);
  expect((await post(T, { mediaId: 'nope', seconds: 3 })).status()).toBe(400);
  expect((await post(T, { mediaId: hidden.id, seconds: 3 })).status()).toBe(404);
  // The item is judged before the rest of the body: a hidden item is 404 even with a bad time.
  expect((await post(T, { mediaId: hidden.id })).status()).toBe(404);
  expect((await post(T, { mediaId: shared.id })).status()).toBe(400);
  // An aurora session is no session on solana; a solana member naming aurora's item finds nothing.
  expect((await post('solana', { mediaId: shared.id, seconds: 3 })).status()).toBe(401);
  const outsider = await createUser('solana', 'pb-outsider', 'member');
  const outsiderCookie = await sessionCookie(request, outsider);
  const foreign = await tenantApi(request, 'solana').post('/api/playback/position', { headers: { 'Content-Type': 'application/json', Cookie: outsiderCookie }, data: JSON.stringify({ mediaId: shared.id, seconds: 3 }) });
  expect(foreign.status()).toBe(404);
  expect((await post(T, { mediaId: shared.id, seconds: 12 })).status()).toBe(204);
  expect((await data.playback.position(viewer.sub, shared.id))?.seconds).toBe(12);
  expect(await data.playback.position(viewer.sub, hidden.id)).toBeNull();
});

test('the owner sees a video that is still processing, and one that failed, with their states', async ({ page, context }) => {
  const r = runId();
  const processing = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Cutting`, status: 'processing', progress: 40 });
  const failed = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Broken`, status: 'failed', failure: 'video_unreadable' });
  await signInContext(context, page.request, owner);
  await page.goto(`/mediaPlayBack?mediaId=${processing.id}`);
  await hydrated(page);
  await expect(page.getByTestId('media-preview')).toHaveAttribute('data-status', 'processing');
  await expect(page.getByTestId('media-preview')).toContainText('Processing… 40%');
  await page.goto(`/mediaPlayBack?mediaId=${failed.id}`);
  await expect(page.getByTestId('media-failure')).toContainText('This video could not be read');
});

test('in French, the screen and the player’s own controls speak the tenant’s language', async ({ page }) => {
  const lumiere = e2eMediaData('lumiere');
  const member = await createUser('lumiere', 'pb-fr', 'member');
  const r = runId();
  const item = await seedMediaItem(lumiere, { kind: 'video', owner: { sub: member.sub, name: 'Léa' }, title: `${r} Conférence`, visibility: 'tenant' });
  await signInContext(page.context(), page.request, member);
  await page.goto(tenantUrl('lumiere', `/mediaPlayBack?mediaId=${item.id}`));
  await hydrated(page);
  await expect(page.getByTestId('item-owner')).toContainText('Par Léa');
  await expect(page.getByTestId('share-copy')).toHaveText('Copier le lien');
  // media-chrome's labels come from its French dictionary, chosen before its elements are defined.
  await page.waitForFunction(() => customElements.get('media-play-button') !== undefined);
  await expect(page.locator('media-play-button')).toHaveAttribute('aria-label', 'lire');
  await expect(page.locator('media-fullscreen-button')).toHaveAttribute('aria-label', 'mettre en mode plein écran');
});

test('pages without a player never load media-chrome or hls.js', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.url());
  });
  await page.goto('/features');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => customElements.get('media-controller') === undefined)).toBe(true);
  const before = new Set(scripts);
  // A player page then loads both: the elements get defined and more code arrives.
  const item = await seedMediaItem(data, { kind: 'video', owner: { sub: owner.sub, name: 'Olga' }, title: `${runId()} Public clip`, visibility: 'public' });
  await page.goto(`/mediaPlayBack?mediaId=${item.id}`);
  await page.waitForFunction(() => customElements.get('media-controller') !== undefined);
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-source', 'hls.js');
  expect(scripts.filter((url) => !before.has(url)).length).toBeGreaterThan(0);
});
