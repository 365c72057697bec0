/**
 * /speechToText end to end: Chromium's fake microphone plays speech made at test time (flite)
 * through the page's AudioWorklet to the dictation socket; the server's recogniser sends text back,
 * which lands in the editable text; the text is saved to the library as a PDF document.
 */
import { CHROMIUM, CHROMIUM_ARGS } from './stack';
import { fakeMicrophoneWav } from '#tests/support/speech';
import { expect, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

test.describe.configure({ timeout: 150_000 });

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${fakeMicrophoneWav()}`],
  },
});

const T = 'aurora';

test('dictation from the microphone becomes editable text that is saved as a document', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createUser(T, 'stt-dictate');
  await signInContext(page.context(), page.request, member);
  await page.goto('/speechToText');
  await hydrated(page);
  // The speech worker hears all three languages, and detects which one is spoken (docs/decisions/0098).
  await expect(page.getByTestId('dictation-language-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('dictation-language')).toHaveValue('auto');
  await page.getByTestId('dictation-language').selectOption('en');
  await page.getByTestId('dictation-text').fill('Notes:');
  await page.getByTestId('dictation-start').click();
  await expect(page.getByTestId('dictation-state')).toHaveAttribute('data-state', 'listening', { timeout: 20_000 });
  await expect(page.getByTestId('dictation-text')).not.toHaveValue('Notes:', { timeout: 90_000 });
  await page.screenshot({ path: 'test-reports/tools-dictation-desktop.png', fullPage: true });
  await page.getByTestId('dictation-stop').click();
  await expect(page.getByTestId('dictation-state')).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });
  const text = await page.getByTestId('dictation-text').inputValue();
  expect(text.startsWith('Notes: ')).toBe(true);
  expect(text.length).toBeGreaterThan('Notes: '.length + 3);

  await page.getByTestId('dictation-title').fill('Dictated notes');
  await page.getByTestId('dictation-save').click();
  await expect(page.getByTestId('dictation-saved')).toBeVisible({ timeout: 60_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-reports/tools-dictation-phone.png', fullPage: true });
});
