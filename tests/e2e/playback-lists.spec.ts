/**
 * /listenerMediaPlayback in Chromium: a playlist of three two-second tracks plays as its flags say
 * (play all in order then stop, loop back to the first, repeat the same track, shuffle into a
 * permutation it then follows), volume 1 unless the playlist sets another, Shift+N / Shift+P, one
 * audio item by id, and another person's playlist is not found.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PlaylistFlags } from '#app/lib/media/playlist';
import { expect, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { mediaState, pressPlay } from './playback-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 90_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const runId = () => `r${randomBytes(4).toString('hex')}`;

let owner: TestUser;
let other: TestUser;

test.beforeAll(async () => {
  [owner, other] = await Promise.all([createUser(T, 'pl-owner', 'organizer'), createUser(T, 'pl-other', 'organizer')]);
});

/** A playlist of three fresh tracks with these flags; returns its id and the track ids in list order. */
async function playlistWith(flags: Partial<PlaylistFlags>) {
  const r = runId();
  const tracks = await Promise.all(['A', 'B', 'C'].map((n) => seedMediaItem(data, { kind: 'audio', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Track ${n}` })));
  const playlist = await data.playlists.create(owner.sub, `${r} Set`);
  await data.playlists.save(owner.sub, playlist.id, { title: `${r} Set`, trackIds: tracks.map((t) => t.id), playAll: true, shuffle: false, loop: false, repeat: false, volume: 1, ...flags });
  return { id: playlist.id, tracks: tracks.map((t) => t.id) };
}

const now = (page: Page) => page.getByTestId('listener-now');
const nowTrack = (page: Page) => now(page).getAttribute('data-track');
const runOf = async (page: Page) => Number(await now(page).getAttribute('data-run'));

async function open(page: Page, path: string, user = owner) {
  await signInContext(page.context(), page.request, user);
  await page.goto(path);
  await hydrated(page);
}

test('play all plays the tracks in order at volume 1 and stops after the last', async ({ page }) => {
  const { id, tracks } = await playlistWith({});
  await open(page, `/listenerMediaPlayback?playlistId=${id}`);
  await expect(page.getByTestId('listener-flag-playAll').locator('input')).toBeChecked();
  expect((await mediaState(page.getByTestId('listener'), 'audio')).volume).toBe(1);
  await page.getByTestId('listener-play-all').click();
  await expect.poll(() => nowTrack(page)).toBe(tracks[0]);
  await expect.poll(async () => (await mediaState(page.getByTestId('listener'), 'audio')).time).toBeGreaterThan(0.2);
  await expect.poll(() => nowTrack(page), { timeout: 15_000 }).toBe(tracks[1]);
  await expect.poll(() => nowTrack(page), { timeout: 15_000 }).toBe(tracks[2]);
  await expect(page.getByTestId('listener-finished')).toHaveText('The playlist has finished.', { timeout: 15_000 });
  expect(await nowTrack(page)).toBe(tracks[2]);
});

test('loop starts the list again after its last track', async ({ page }) => {
  const { id, tracks } = await playlistWith({ loop: true });
  await open(page, `/listenerMediaPlayback?playlistId=${id}`);
  await expect(page.getByTestId('listener-flag-loop').locator('input')).toBeChecked();
  await page.getByTestId('listener-play-all').click();
  await expect.poll(() => nowTrack(page), { timeout: 15_000 }).toBe(tracks[2]);
  // After the third track: the first again, on a later run, and never "finished".
  await expect.poll(async () => (await runOf(page)) >= 4 && (await nowTrack(page)) === tracks[0], { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('listener-finished')).toHaveCount(0);
});

test('repeat plays the same track again; switched on while listening, it applies at once', async ({ page }) => {
  const { id, tracks } = await playlistWith({});
  await open(page, `/listenerMediaPlayback?playlistId=${id}`);
  await page.getByTestId('listener-flag-repeat').click();
  await expect(page.getByTestId('listener-flag-repeat').locator('input')).toBeChecked();
  await page.getByTestId('listener-play-all').click();
  await expect.poll(() => nowTrack(page)).toBe(tracks[0]);
  const first = await runOf(page);
  await expect.poll(() => runOf(page), { timeout: 15_000 }).toBeGreaterThan(first);
  expect(await nowTrack(page)).toBe(tracks[0]);
});

test('shuffle plays a permutation of the tracks and follows it', async ({ page }) => {
  const { id, tracks } = await playlistWith({ shuffle: true });
  await open(page, `/listenerMediaPlayback?playlistId=${id}`);
  await page.getByTestId('listener-play-all').click();
  await expect.poll(() => runOf(page)).toBe(1);
  const order = (await page.getByTestId('listener').getAttribute('data-order'))!.split(',');
  expect([...order].sort()).toEqual([...tracks].sort());
  await expect.poll(() => nowTrack(page)).toBe(order[0]);
  await expect.poll(() => nowTrack(page), { timeout: 15_000 }).toBe(order[1]);
  // The track list shows the play order.
  await expect(page.getByTestId('listener-track')).toHaveCount(3);
  expect(await page.getByTestId('listener-track').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-track')))).toEqual(order);
});

test('a playlist keeps its own volume; Shift+N and Shift+P move between tracks', async ({ page }) => {
  const { id, tracks } = await playlistWith({ volume: 0.5, playAll: false });
  await open(page, `/listenerMediaPlayback?playlistId=${id}`);
  expect((await mediaState(page.getByTestId('listener'), 'audio')).volume).toBe(0.5);
  await page.getByTestId('listener-play-all').focus();
  await page.keyboard.press('Shift+N');
  await expect.poll(() => nowTrack(page)).toBe(tracks[1]);
  await expect.poll(async () => (await mediaState(page.getByTestId('listener'), 'audio')).volume).toBe(0.5);
  await page.keyboard.press('Shift+P');
  await expect.poll(() => nowTrack(page)).toBe(tracks[0]);
  await page.keyboard.press('Shift+P');
  await expect.poll(() => nowTrack(page)).toBe(tracks[2]);
});

test('one audio item plays by its id; another person’s playlist is not found', async ({ page }) => {
  const r = runId();
  const item = await seedMediaItem(data, { kind: 'audio', owner: { sub: owner.sub, name: 'Olga' }, title: `${r} Jingle`, visibility: 'tenant' });
  const { id } = await playlistWith({});
  await open(page, `/listenerMediaPlayback?mediaId=${item.id}`, other);
  await expect(page.getByTestId('playback-title')).toHaveText(`${r} Jingle`);
  const listener = page.getByTestId('listener');
  await pressPlay(page, listener);
  await expect.poll(async () => (await mediaState(listener, 'audio')).time).toBeGreaterThan(0.2);
  // Speed, as on every player: > steps up by 0.25.
  await page.getByTestId('audio-controller').focus();
  await page.keyboard.press('>');
  await expect.poll(async () => (await mediaState(listener, 'audio')).rate).toBe(1.25);

  const refused = await page.goto(`/listenerMediaPlayback?playlistId=${id}`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByTestId('playback-problem')).toHaveAttribute('data-problem', 'notFound');
});
