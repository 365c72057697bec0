/**
 * The event trailer (picked on the event form, refused when it is not a finished video the
 * organizer may see, shown on the event page and on /trailerPlayBack), the player demo with the
 * sample the stack made with ffmpeg (captions listed, chapters), and screenshots of every playback
 * screen at 390 and 1280 px.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { seedEvent } from './events-helpers';
import { e2eMediaData } from './library-helpers';
import { mediaState, pressPlay, seedLongVideo } from './playback-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 240_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const runId = () => `r${randomBytes(4).toString('hex')}`;
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

let organizer: TestUser;
let colleague: TestUser;

test.beforeAll(async () => {
  [organizer, colleague] = await Promise.all([createUser(T, 'tr-org', 'organizer'), createUser(T, 'tr-colleague', 'organizer')]);
});

test('an organizer picks a trailer on the event form; the event page and /trailerPlayBack play it', async ({ page, browser }) => {
  const r = runId();
  const trailer = await seedMediaItem(data, { kind: 'video', owner: { sub: organizer.sub, name: 'Olga' }, title: `${r} Teaser`, visibility: 'public' });
  const hidden = await seedMediaItem(data, { kind: 'video', owner: { sub: colleague.sub, name: 'Cal' }, title: `${r} Not yours`, visibility: 'private' });
  const event = await seedEvent(T, organizer, { title: `${r} Launch night` });
  await signInContext(page.context(), page.request, organizer);

  // Another person's private video is not offered, and forcing its id is refused on the field.
  await page.goto(`/scheduleEvents?event=${event.eventId}`);
  await hydrated(page);
  const select = page.locator('#event-trailerMediaId');
  await expect(select.locator(`option[value="${trailer.id}"]`)).toHaveCount(1);
  await expect(select.locator(`option[value="${hidden.id}"]`)).toHaveCount(0);
  await select.evaluate((el: HTMLSelectElement, id) => el.add(new Option('forced', id)), hidden.id);
  await select.selectOption(hidden.id);
  await page.getByTestId('event-submit').click();
  await expect(page.locator('#event-trailerMediaId-error')).toContainText('Choose a finished video from your media library.');
  expect((await data.events.get(event.eventId))?.trailerMediaId).toBe('');

  await page.locator('#event-trailerMediaId').selectOption(trailer.id);
  await page.getByTestId('event-submit').click();
  await expect(page).toHaveURL(/updated=1/);
  expect((await data.events.get(event.eventId))?.trailerMediaId).toBe(trailer.id);

  // Anyone may watch it: on the event page and on the trailer's own screen.
  const visitor = await browser.newPage({ baseURL: page.url() });
  await visitor.goto(`/preview?event=${event.eventId}`);
  const onEventPage = visitor.getByTestId('event-trailer');
  await pressPlay(visitor, onEventPage);
  await expect.poll(async () => (await mediaState(onEventPage)).time).toBeGreaterThan(0.2);
  await visitor.goto(`/trailerPlayBack?eventId=${event.eventId}`);
  await expect(visitor.getByTestId('playback-title')).toHaveText(`Trailer: ${r} Launch night`);
  const player = visitor.getByTestId('video-player');
  await pressPlay(visitor, player);
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(0.2);
  await visitor.close();

  // An event without a trailer says so; a malformed id is a bad link, another tenant's event not found.
  const bare = await seedEvent(T, organizer, { title: `${r} Plain` });
  await page.goto(`/trailerPlayBack?eventId=${bare.eventId}`);
  await expect(page.getByTestId('trailer-none')).toHaveText('This event has no trailer yet.');
  expect((await page.goto('/trailerPlayBack?eventId=../x'))?.status()).toBe(400);
  expect((await page.goto(`http://solana.localhost:${new URL(page.url()).port}/trailerPlayBack?eventId=${event.eventId}`))?.status()).toBe(404);
});

test('the player demo plays the sample the stack made, with captions and chapters', async ({ page }) => {
  // The stack made the sample with ffmpeg at start and its worker cuts the renditions: wait for it.
  await expect(async () => {
    await page.goto('/nuevoPlayerDemoPage');
    await expect(page.getByTestId('video-player')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 200_000 });
  const player = page.getByTestId('video-player');
  await expect.poll(async () => (await mediaState(player)).tracks).toEqual(['captions:en:English']);
  await expect(page.getByTestId('video-captions')).toBeVisible();
  await expect(page.getByTestId('chapter')).toHaveCount(3);
  await pressPlay(page, player);
  await expect.poll(async () => (await mediaState(player)).time).toBeGreaterThan(0.5);
  expect((await mediaState(player)).duration).toBeGreaterThan(20);
});

test('screenshots of every playback screen at 390 and 1280 px', async ({ page }) => {
  const r = runId();
  const video = await seedLongVideo(data, { owner: { sub: organizer.sub, name: 'Olga' }, title: `${r} Keynote`, description: 'The keynote.\n0:00 Welcome\n0:10 Roadmap\n0:20 Questions', tags: [r] });
  await seedMediaItem(data, { kind: 'video', owner: { sub: organizer.sub, name: 'Olga' }, title: `${r} Panel`, tags: [r], visibility: 'tenant' });
  const tracks = await Promise.all(['One', 'Two'].map((n) => seedMediaItem(data, { kind: 'audio', owner: { sub: organizer.sub, name: 'Olga' }, title: `${r} Song ${n}` })));
  const playlist = await data.playlists.create(organizer.sub, `${r} Mix`);
  await data.playlists.save(organizer.sub, playlist.id, { title: `${r} Mix`, trackIds: tracks.map((t) => t.id), playAll: true, shuffle: false, loop: true, repeat: false, volume: 1 });
  const event = await seedEvent(T, organizer, { title: `${r} Launch`, trailerMediaId: video.id });
  await signInContext(page.context(), page.request, organizer);
  const screens = {
    mediaPlayBack: `/mediaPlayBack?mediaId=${video.id}`,
    listenerMediaPlayback: `/listenerMediaPlayback?playlistId=${playlist.id}`,
    morePlayBack: `/morePlayBack?mediaId=${video.id}`,
    trailerPlayBack: `/trailerPlayBack?eventId=${event.eventId}`,
    nuevoPlayerPage: `/nuevoPlayerPage?mediaId=${video.id}`,
    nuevoPlayerDemoPage: '/nuevoPlayerDemoPage',
  };
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    for (const [screen, path] of Object.entries(screens)) {
      // The demo's sample may still be in the stack's worker on a fresh stack: reload until it plays.
      await expect(async () => {
        await page.goto(path);
        await expect(page.getByTestId('video-player').or(page.getByTestId('audio-player')).first()).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 200_000 });
      await hydrated(page);
      await expect(page.getByTestId('playback-title')).toBeVisible();
      await page.waitForFunction(() => customElements.get('media-controller') !== undefined);
      await page.screenshot({ path: `test-reports/playback-${screen}-${name}.png`, fullPage: true });
    }
  }
});
