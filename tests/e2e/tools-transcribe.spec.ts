/**
 * /transcribeAudio end to end: a video with speech made at test time (flite) is uploaded through
 * the upload pipeline, the durable transcription job on the media queue transcribes it, the page
 * shows progress and then the transcript (its WER against the spoken text under the local engine's
 * bound), the .vtt export parses, and once attached the item's player has the captions track with
 * cues and shows their text. A WebVTT file with a mistake is refused with its line.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseVtt } from '#app/lib/speech/captions';
import { spokenForm } from '#app/lib/speech/spokenForm';
import { wordErrorRate } from '#app/lib/speech/wer';
import { LOCAL_WER_BOUND, SPOKEN_TEXT, spokenMp4 } from '#tests/support/speech';
import { expect, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

test.describe.configure({ timeout: 240_000 });

const T = 'aurora';

test('an uploaded video is transcribed by the job, edited, exported and attached as captions the player shows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organizer = await createUser(T, 'stt-file', 'organizer');
  await signInContext(page.context(), page.request, organizer);
  await page.goto('/transcribeAudio');
  await hydrated(page);
  // Other tests publish videos on the same tenant, which the picker offers to everyone: only the
  // start button's state is known here (nothing chosen yet or a published item chosen).
  await expect(page.getByTestId('transcribe-start')).toBeVisible();
  // The speech worker hears all three languages (docs/decisions/0098); English is chosen here.
  await expect(page.getByTestId('transcribe-language-unavailable')).toHaveCount(0);
  await page.getByTestId('transcribe-language').selectOption('en');

  const name = `talk-${randomBytes(3).toString('hex')}.mp4`;
  await page.getByTestId('transcribe-file').setInputFiles({ name, mimeType: 'video/mp4', buffer: await spokenMp4() });
  await page.getByTestId('transcribe-upload').click();
  // The finished upload is chosen (the picker may already hold other people's published items).
  await expect(page.getByTestId('transcribe-item').locator('option:checked')).toContainText(name.replace(/\.mp4$/, ''), { timeout: 60_000 });
  await expect(page.getByTestId('transcribe-item')).toHaveValue(/^[a-z0-9]{21}$/);
  const mediaId = await page.getByTestId('transcribe-item').inputValue();

  await page.getByTestId('transcribe-start').click();
  await expect(page.getByTestId('transcribe-progress')).toBeVisible();
  await page.screenshot({ path: 'test-reports/tools-transcribe-progress-desktop.png', fullPage: true });
  await expect(page.getByTestId('transcript-result')).toBeVisible({ timeout: 180_000 });
  const cues = page.getByTestId('transcript-cue');
  const heard = (await cues.evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value))).join(' ');
  const wer = wordErrorRate(SPOKEN_TEXT, spokenForm(heard, 'en'));
  console.info(`transcribeAudio WER ${wer.toFixed(3)}: ${heard}`);
  expect(wer).toBeLessThan(LOCAL_WER_BOUND);

  // An edit is kept, exported and attached.
  await cues.first().fill('The concert starts at seven');
  await page.getByTestId('transcript-save').click();
  await expect(page.getByTestId('transcript-notice')).toContainText('Edits saved');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-vtt').click();
  const vtt = await readFile(await (await download).path(), 'utf8');
  const parsed = parseVtt(vtt);
  expect('cues' in parsed && parsed.cues[0]?.text).toBe('The concert starts at seven');
  await page.screenshot({ path: 'test-reports/tools-transcribe-desktop.png', fullPage: true });

  await page.getByTestId('transcript-attach').click();
  await expect(page.getByTestId('transcript-notice')).toContainText('Attached');

  // A broken WebVTT file is refused with the line of its mistake.
  await page.getByTestId('vtt-file').setInputFiles({ name: 'bad.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nHello\n') });
  await page.getByTestId('vtt-submit').click();
  await expect(page.getByTestId('vtt-result')).toContainText('Line 3');

  // The item's player: once processed, a captions track whose cues the video shows.
  await expect
    .poll(
      async () => {
        await page.goto(`/mediaPlayBack?mediaId=${mediaId}`);
        await hydrated(page);
        return page.getByTestId('video-player').count();
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBe(1);
  await expect(page.getByTestId('video-captions')).toBeVisible();
  const video = page.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.textTracks[0]?.cues?.length ?? 0)), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    const track = v.textTracks[0]!;
    track.mode = 'showing';
    v.currentTime = (track.cues![0] as VTTCue).startTime + 0.05;
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks[0]?.activeCues ?? []).map((c) => (c as VTTCue).text).join(' ')), { timeout: 20_000 })
    .toContain('The concert starts at seven');
  // The cue is lifted above the control bar, not left at the bottom under it.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => String((v.textTracks[0]!.cues![0] as VTTCue).line))).toBe('78');
  await page.screenshot({ path: 'test-reports/tools-transcribe-player-desktop.png' });
});

test('the transcription screen on a phone, and its API refuses what it must', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createUser(T, 'stt-phone');
  await signInContext(page.context(), page.request, member);
  await page.goto('/transcribeAudio');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Transcribe audio' })).toBeVisible();
  await page.screenshot({ path: 'test-reports/tools-transcribe-phone.png', fullPage: true });

  // Asked from the page, as the screen asks (same origin, the person's cookies).
  const status = (url: string, body?: unknown) =>
    page.evaluate(
      async ([u, b]) => (await fetch(u as string, b === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof b === 'string' ? b : JSON.stringify(b) })).status,
      [url, body] as const,
    );
  const missing = 'zzzzzzzzzzzzzzzzzzzzz';
  expect(await status('/api/transcripts', { mediaId: missing, language: 'en' })).toBe(404);
  expect(await status('/api/transcripts', { mediaId: 'bad', language: 'en' })).toBe(400);
  expect(await status('/api/transcripts', 'not json')).toBe(400);
  expect(await status(`/api/transcripts?media=${missing}`)).toBe(404);
  // The named item is looked up first: a missing (or another tenant's) item is 404 whatever else was sent.
  expect(await status('/api/transcripts/cues', { mediaId: missing, cues: [{ start: 2, end: 1, text: 'x' }] })).toBe(404);
  expect(await status('/api/transcripts/cues', { mediaId: 'bad', cues: [] })).toBe(400);
  expect(await status('/api/transcripts/captions', { mediaId: missing, language: 'en', vtt: 'WEBVTT\n' })).toBe(404);
  await page.context().clearCookies();
  expect(await status(`/api/transcripts?media=${missing}`)).toBe(401);
});
