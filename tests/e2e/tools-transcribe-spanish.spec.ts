/**
 * /transcribeAudio in Spanish (docs/decisions/0098): a video with Spanish speech made at test time
 * (espeak-ng) is uploaded, transcribed by the job on the media queue through the speech worker
 * with the language left to detection, and the page names the language it recognised.
 */
import { randomBytes } from 'node:crypto';
import { spokenForm } from '#app/lib/speech/spokenForm';
import { wordErrorRate } from '#app/lib/speech/wer';
import { SPOKEN_TEXT_ES, spokenMp4 } from '#tests/support/speech';
import { expect, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

test.describe.configure({ timeout: 240_000 });

const T = 'aurora';

test('a Spanish recording is transcribed in Spanish, the language detected', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organizer = await createUser(T, 'stt-file-es', 'organizer');
  await signInContext(page.context(), page.request, organizer);
  await page.goto('/transcribeAudio');
  await hydrated(page);
  await expect(page.getByTestId('transcribe-language-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('transcribe-language')).toHaveValue('auto');

  const name = `charla-${randomBytes(3).toString('hex')}.mp4`;
  await page.getByTestId('transcribe-file').setInputFiles({ name, mimeType: 'video/mp4', buffer: await spokenMp4(SPOKEN_TEXT_ES, 'es') });
  await page.getByTestId('transcribe-upload').click();
  await expect(page.getByTestId('transcribe-item').locator('option:checked')).toContainText(name.replace(/\.mp4$/, ''), { timeout: 60_000 });

  await page.getByTestId('transcribe-start').click();
  await expect(page.getByTestId('transcript-result')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('transcribe-heard')).toHaveAttribute('data-language', 'es');
  await expect(page.getByTestId('transcribe-heard')).toContainText('Spanish');
  const heard = (await page.getByTestId('transcript-cue').evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value))).join(' ');
  const wer = wordErrorRate(SPOKEN_TEXT_ES, spokenForm(heard, 'es'));
  console.info(`Spanish transcription WER ${wer.toFixed(3)}: ${heard}`);
  expect(wer).toBeLessThanOrEqual(0.35);
  await page.screenshot({ path: 'test-reports/tools-transcribe-es-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-reports/tools-transcribe-es-phone.png', fullPage: true });
});
