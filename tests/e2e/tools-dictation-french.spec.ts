/**
 * /speechToText in French (docs/decisions/0098): Chromium's fake microphone plays French speech made
 * at test time (espeak-ng) through the page's AudioWorklet to the dictation socket; the speech
 * worker (Whisper base) recognises it and the French text lands in the editable text.
 */
import { spokenForm } from '#app/lib/speech/spokenForm';
import { wordErrorRate } from '#app/lib/speech/wer';
import { CHROMIUM, CHROMIUM_ARGS } from './stack';
import { fakeMicrophoneWav, SPOKEN_TEXT_FR } from '#tests/support/speech';
import { expect, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

test.describe.configure({ timeout: 150_000 });

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${fakeMicrophoneWav(SPOKEN_TEXT_FR, 'fr')}`],
  },
});

const T = 'aurora';

test('a French speaker dictates in French and gets French text', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createUser(T, 'stt-dictate-fr');
  await signInContext(page.context(), page.request, member);
  await page.goto('/speechToText');
  await hydrated(page);
  await expect(page.getByTestId('dictation-language-unavailable')).toHaveCount(0);
  await page.getByTestId('dictation-language').selectOption('fr');
  await page.getByTestId('dictation-start').click();
  await expect(page.getByTestId('dictation-state')).toHaveAttribute('data-state', 'listening', { timeout: 20_000 });
  // The fake microphone plays the sentence in a loop from the moment the device opens, which on a
  // busy machine can be before the socket listens: the first pass may come in clipped ("on joue à
  // tous…"). The sentence's whole passes follow, each after two seconds of silence: wait for one.
  await expect.poll(async () => (await page.getByTestId('dictation-text').inputValue()).toLowerCase(), { timeout: 90_000 }).toContain('bonjour');
  await page.getByTestId('dictation-stop').click();
  await expect(page.getByTestId('dictation-state')).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });
  const text = await page.getByTestId('dictation-text').inputValue();
  // The first whole pass of the sentence is scored.
  const wholePass = text.slice(text.toLowerCase().indexOf('bonjour')).split(/(?<=[.!?])\s+/)[0];
  const wer = wordErrorRate(SPOKEN_TEXT_FR, spokenForm(wholePass, 'fr'));
  console.info(`French dictation WER ${wer.toFixed(3)}: ${text}`);
  expect(wer).toBeLessThanOrEqual(0.6);
  await page.screenshot({ path: 'test-reports/tools-dictation-fr-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-reports/tools-dictation-fr-phone.png', fullPage: true });
});
