/**
 * Live captions in a room (docs/decisions/0048), through the test stack's real LiveKit server and
 * the local speech engine. The host's fake microphone plays a sentence made at test time with
 * flite, the local engine's English voice (Chromium's --use-file-for-fake-audio-capture, looped);
 * the host's page streams it to the captions socket; a participant sees the captions on the stage.
 * The local recogniser hears flite's speech with a word error rate of about 0.1
 * (docs/decisions/0043), so most of the sentence's words must appear in the captions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { MEDIA_BROWSER, connected, expectRemoteAudioLevel, joinRoom } from './media-helpers';
import { createUser, type TestUser } from './session-helpers';

const SENTENCE = 'Please join the live event tonight at eight and bring your questions for the host.';
const KEY_WORDS = ['join', 'live', 'event', 'tonight', 'eight', 'bring', 'questions'];
/** How many of the sentence's key words a caption holds. */
const wordsHeard = (text: string) => KEY_WORDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text)).length;

/** The spoken sentence with a second of silence on each side, as the WAV Chromium's fake microphone loops. */
function speechWav(): string {
  const dir = mkdtempSync(join(tmpdir(), 'captions-e2e-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', SENTENCE, '-o', raw]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', raw, '-af', 'adelay=1000,apad=pad_dur=1.5', '-ac', '1', '-ar', '48000', wav]);
  return wav;
}

test.use({ launchOptions: { ...MEDIA_BROWSER.launchOptions, args: [...MEDIA_BROWSER.launchOptions.args, `--use-file-for-fake-audio-capture=${speechWav()}`] } });
test.describe.configure({ timeout: 120_000 });

const T = 'aurora';
let castOnce: Promise<{ organizer: TestUser; participant: TestUser }> | undefined;
const cast = () =>
  (castOnce ??= Promise.all([createUser(T, 'cc-org', 'organizer'), createUser(T, 'cc-member')]).then(([organizer, participant]) => ({ organizer, participant })));

/** Every captions socket the page opens. */
function captionSockets(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/ws/captions')) urls.push(ws.url());
  });
  return urls;
}

test('the host speaks: a participant sees captions on the stage, and can hide them (remembered)', { tag: '@smoke' }, async ({ browser, request }) => {
  const { organizer, participant } = await cast();
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: true, showTranscription: true, eventLanguage: 'en' });
  const host = await joinRoom(browser, request, organizer, event);
  await expect(host.page.getByTestId('captions-publisher')).toHaveAttribute('data-state', 'streaming', { timeout: 20_000 });

  const audience = await joinRoom(browser, request, participant, event);
  const audienceSockets = captionSockets(audience.page);
  const overlay = audience.page.getByTestId('captions-overlay');
  const finalLines = overlay.locator('[data-testid="caption-line"][data-final="true"]');
  await expect.poll(async () => wordsHeard((await finalLines.allTextContents()).join(' ')), { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
  await expect(overlay.getByTestId('captions-speaker')).toHaveText(/\S.*:$/);
  // The participant does not publish here: their page streams nothing.
  expect(audienceSockets).toEqual([]);

  await audience.page.setViewportSize({ width: 1280, height: 800 });
  await expect(finalLines.first()).toBeVisible({ timeout: 60_000 });
  await audience.page.screenshot({ path: test.info().outputPath('captions-desktop.png') });
  await audience.page.setViewportSize({ width: 390, height: 844 });
  await expect(finalLines.first()).toBeVisible({ timeout: 60_000 });
  await audience.page.screenshot({ path: test.info().outputPath('captions-phone.png') });

  // The CC toggle: a button reached from the keyboard, pressed state announced.
  const toggle = audience.page.getByTestId('captions-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.focus();
  await audience.page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toHaveAccessibleName('Show captions');
  await expect(overlay).toHaveCount(0);
  // Remembered in this browser.
  await audience.page.reload();
  await connected(audience.page);
  await expect(audience.page.getByTestId('captions-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(audience.page.getByTestId('captions-overlay')).toHaveCount(0);
  await audience.page.getByTestId('captions-toggle').click();
  await expect(audience.page.getByTestId('captions-overlay').locator('[data-testid="caption-line"]').first()).toBeVisible({ timeout: 60_000 });

  expect([...host.errors, ...audience.errors]).toEqual([]);
  await Promise.all([host.context.close(), audience.context.close()]);
});

test('with showTranscription off nothing is streamed and the stage shows no captions', async ({ browser, request }) => {
  const { organizer, participant } = await cast();
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: true, showTranscription: false });
  const host = await joinRoom(browser, request, organizer, event, { waitConnected: false });
  const hostSockets = captionSockets(host.page);
  await connected(host.page);
  const audience = await joinRoom(browser, request, participant, event);
  // The host's speech reaches the participant as audio, yet no captions socket was opened and no captions show.
  await expectRemoteAudioLevel(audience.page);
  expect(hostSockets).toEqual([]);
  await expect(host.page.getByTestId('captions-publisher')).toHaveCount(0);
  await expect(audience.page.getByTestId('captions-toggle')).toHaveCount(0);
  await expect(audience.page.getByTestId('captions-overlay')).toHaveCount(0);
  await Promise.all([host.context.close(), audience.context.close()]);
});

test('an event in a language the engine does not know says captions are not available in it', async ({ browser, request }) => {
  const { organizer, participant } = await cast();
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', showTranscription: true, eventLanguage: 'de' });
  const audience = await joinRoom(browser, request, participant, event);
  await expect(audience.page.getByTestId('captions-unsupported')).toHaveText('Live captions are not available in German.');
  await audience.context.close();
});
