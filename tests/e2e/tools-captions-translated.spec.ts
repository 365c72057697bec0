/**
 * Live captions in a Spanish event with the English translation track (docs/decisions/0099),
 * through the test stack's real LiveKit server and speech worker. The host's fake microphone plays
 * a Spanish sentence made at test time by espeak-ng (looped, two seconds of silence after each
 * pass); the participant sees Spanish caption lines, then chooses "English (translated)" in the CC
 * menu and sees the same speech in English. Screenshots of the menu and the captions at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { fakeMicrophoneWav } from '#tests/support/speech';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { MEDIA_BROWSER, joinRoom } from './media-helpers';
import { createUser, type TestUser } from './session-helpers';

const SENTENCE = 'únete al evento en directo esta noche a las ocho y trae tus preguntas';
const SPANISH = /\b(preguntas|evento|directo|noche)\b/i;
// Whisper base translates espeak-ng's robotic Spanish loosely and not always the same way: an English line.
const ENGLISH = /\b(questions?|event|tonight|night|the|you|and|your)\b/i;

test.use({ launchOptions: { ...MEDIA_BROWSER.launchOptions, args: [...MEDIA_BROWSER.launchOptions.args, `--use-file-for-fake-audio-capture=${fakeMicrophoneWav(SENTENCE, 'es')}`] } });
test.describe.configure({ timeout: 180_000 });

const T = 'aurora';
let castOnce: Promise<{ organizer: TestUser; participant: TestUser }> | undefined;
const cast = () =>
  (castOnce ??= Promise.all([createUser(T, 'cct-org', 'organizer'), createUser(T, 'cct-member')]).then(([organizer, participant]) => ({ organizer, participant })));

const finalText = async (page: Page) => (await page.getByTestId('captions-overlay').locator('[data-testid="caption-line"][data-final="true"]').allTextContents()).join(' ');

test('a Spanish event: Spanish captions, and the English translation chosen in the CC menu', async ({ browser, request }) => {
  const { organizer, participant } = await cast();
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: true, showTranscription: true, eventLanguage: 'es' });
  const host = await joinRoom(browser, request, organizer, event);
  await expect(host.page.getByTestId('captions-publisher')).toHaveAttribute('data-state', 'streaming', { timeout: 30_000 });
  const audience = await joinRoom(browser, request, participant, event);
  const page = audience.page;

  await expect.poll(() => finalText(page), { timeout: 90_000 }).toMatch(SPANISH);
  // The CC button is a menu here: off, Spanish, English (translated); reached from the keyboard.
  await expect(page.getByTestId('captions-toggle')).toHaveCount(0);
  const menu = page.getByTestId('captions-menu');
  await expect(menu).toHaveAccessibleName('Captions');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('captions-choice-original')).toHaveText(/Spanish/);
  await expect(page.getByTestId('captions-choice-translation')).toHaveText('English (translated)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('captions-menu-desktop.png') });
  await page.getByTestId('captions-choice-translation').click();

  await expect.poll(() => finalText(page), { timeout: 90_000 }).toMatch(ENGLISH);
  expect(await finalText(page)).not.toMatch(SPANISH);
  await page.screenshot({ path: test.info().outputPath('captions-translated-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('captions-overlay').locator('[data-testid="caption-line"]').first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('captions-translated-phone.png') });
  await menu.click();
  await expect(page.getByTestId('captions-choice-off')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('captions-menu-phone.png') });
  // Off hides the captions; the choice is remembered in this browser.
  await page.getByTestId('captions-choice-off').click();
  await expect(page.getByTestId('captions-overlay')).toHaveCount(0);
  expect(await page.evaluate(() => [localStorage.getItem('room.captions.shown'), localStorage.getItem('room.captions.track')])).toEqual(['off', 'translation']);

  expect([...host.errors, ...audience.errors]).toEqual([]);
  await Promise.all([host.context.close(), audience.context.close()]);
});
