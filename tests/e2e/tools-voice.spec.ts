/**
 * /browserVoice against the production build and the test stack (docs/PRODUCT.md, Media tools):
 * a signed-in member hears a sentence in each language through the text-to-speech socket (the
 * page reports the seconds of audio Web Audio really played), downloads it as an MP3 of a
 * plausible duration (read back with ffprobe), and a signed-out visitor is told to sign in.
 * Headless Chromium has no speech-synthesis voices, so only the site's voices are exercised.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { tenantStrings } from './language-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';

const run = promisify(execFile);
test.describe.configure({ timeout: 90_000 });

const T = 'aurora';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A sentence per language and the seconds espeak-ng's voices take for it at normal speed (measured: 2.5–4 s). */
const SENTENCES = {
  en: 'The meeting starts at nine tomorrow morning in the large hall.',
  es: 'La reunión empieza mañana a las nueve en la sala grande.',
  fr: 'La réunion commence demain à neuf heures dans la grande salle.',
} as const;
const PLAUSIBLE = { min: 1.5, max: 8 };
/** The first voice of each language, labelled by gender and region (numbered when two voices would read the same). */
const REGIONS = { en: /^Female voice( \d)?, United States$/, es: /^Female voice( \d)?, Latin America$/, fr: /^Female voice( \d)?, France$/ } as const;

let member: TestUser;

test.beforeAll(async () => {
  member = await createUser(T, 'voice-member');
});

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

async function fill(page: Page, language: keyof typeof SENTENCES) {
  await page.getByTestId('voice-language').selectOption(language);
  await page.getByTestId('voice-text').fill(SENTENCES[language]);
}

test.describe('browserVoice', () => {
  test('a member hears a sentence in each language, streamed and played with a plausible duration', async ({ page, context, request }) => {
    await signInContext(context, request, member);
    await page.goto(tenantUrl(T, '/browserVoice'));
    await pageHydrated(page);
    await expect(page.getByTestId('voice-sign-in')).toHaveCount(0);
    await expect(page.getByTestId('voice-empty')).toBeVisible();
    await expect(page.getByTestId('voice-play')).toBeDisabled();
    for (const language of ['en', 'es', 'fr'] as const) {
      await fill(page, language);
      await expect(page.getByTestId('voice-counter')).toContainText(`${SENTENCES[language].length} / 3000`);
      // The voices offered are the language's, labelled by region and gender in the page's language.
      await expect(page.getByTestId('voice-voice').locator('option').first()).toHaveText(REGIONS[language]);
      await page.getByTestId('voice-play').click();
      const status = page.getByTestId('voice-status');
      await expect(status).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
      const seconds = Number(await status.getAttribute('data-seconds'));
      expect(seconds, `${language} played`).toBeGreaterThan(PLAUSIBLE.min);
      expect(seconds, `${language} played`).toBeLessThan(PLAUSIBLE.max);
      await expect(status).toHaveText(new RegExp(`^${seconds.toFixed(1)} s played$`));
    }
  });

  test('Stop ends the reading early and says how much was played', async ({ page, context, request }) => {
    await signInContext(context, request, member);
    await page.goto(tenantUrl(T, '/browserVoice'));
    await pageHydrated(page);
    await page.getByTestId('voice-text').fill('This is a long text that keeps the voice talking for quite a while. '.repeat(6));
    await page.getByTestId('voice-play').click();
    const status = page.getByTestId('voice-status');
    await expect(status).toHaveAttribute('data-phase', 'playing', { timeout: 30_000 });
    await page.getByTestId('voice-stop').click();
    await expect(status).toHaveAttribute('data-phase', 'stopped');
    await expect(status).toHaveText(/^Stopped after \d+\.\d s$/);
    await expect(page.getByTestId('voice-play')).toBeEnabled();
  });

  test('the socket dropping mid-sentence says so, with what was played, and Play works again', async ({ page, context, request }) => {
    await signInContext(context, request, member);
    let drop = true;
    // Between the page and the server: after the first piece of audio, the connection is cut once.
    await page.routeWebSocket(/\/ws\/tts$/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        ws.send(message);
        if (drop && typeof message !== 'string') {
          drop = false;
          ws.close({ code: 1001, reason: 'gone' });
          server.close();
        }
      });
    });
    await page.goto(tenantUrl(T, '/browserVoice'));
    await pageHydrated(page);
    await page.getByTestId('voice-text').fill('This is a long text that keeps the voice talking for quite a while. '.repeat(6));
    await page.getByTestId('voice-play').click();
    await expect(page.getByTestId('voice-error')).toHaveAttribute('data-code', 'dropped', { timeout: 30_000 });
    await expect(page.getByTestId('voice-error')).toContainText(/^The connection dropped mid-sentence after \d+\.\d s\. Press Play to try again\.$/);
    await fill(page, 'en');
    await page.getByTestId('voice-play').click();
    await expect(page.getByTestId('voice-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  });

  test('the download is an MP3 of a plausible duration', async ({ page, context, request }) => {
    await signInContext(context, request, member);
    await page.goto(tenantUrl(T, '/browserVoice'));
    await pageHydrated(page);
    await fill(page, 'fr');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('voice-download').click()]);
    expect(download.suggestedFilename()).toBe('speech.mp3');
    const file = join(mkdtempSync(join(tmpdir(), 'voice-')), 'speech.mp3');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    // An MP3 starts with an ID3 tag or a frame sync.
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true);
    const probe = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', file]);
    const format = (JSON.parse(probe.stdout) as { format: { format_name: string; duration: string } }).format;
    expect(format.format_name).toBe('mp3');
    expect(Number(format.duration)).toBeGreaterThan(PLAUSIBLE.min);
    expect(Number(format.duration)).toBeLessThan(PLAUSIBLE.max);
  });

  test('the MP3 endpoint refuses the signed out (401), bad requests (400 with the fields) and other methods (405)', async ({ request }) => {
    const api = tenantApi(request, T);
    const cookie = await sessionCookie(request, member);
    const post = (data: unknown, signedIn = true) => api.post('/api/speech/tts', { data, headers: signedIn ? { Cookie: cookie } : {}, maxRedirects: 0 });
    const anonymous = await post({ text: 'Hello', language: 'en' }, false);
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthenticated' });
    for (const [body, field] of [
      [{ text: '', language: 'en' }, 'text'],
      [{ text: 'x'.repeat(3001), language: 'en' }, 'text'],
      [{ text: 'Hallo', language: 'de' }, 'language'],
      [{ text: 'Hello', language: 'en', rate: 5 }, 'rate'],
    ] as const) {
      const res = await post(body);
      expect(res.status(), JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { fields: string[] }).fields).toContain(field);
    }
    const wrongVoice = await post({ text: 'Hola', language: 'es', voiceId: 'en-us' });
    expect(wrongVoice.status()).toBe(400);
    expect(await wrongVoice.json()).toMatchObject({ error: 'unknownVoice', message: 'This voice is not available. Choose another one.' });
    expect((await api.get('/api/speech/tts', { headers: { Cookie: cookie } })).status()).toBe(405);
  });

  test('a signed-out visitor is told to sign in; the site’s voices and the download are not offered', async ({ page }) => {
    await page.goto(tenantUrl(T, '/browserVoice'));
    await pageHydrated(page);
    await page.screenshot({ path: 'test-results/screens/browserVoice-signed-out-desktop.png', fullPage: true });
    await expect(page.getByTestId('voice-sign-in')).toContainText('Sign in to use the voices of this site.');
    await expect(page.getByTestId('voice-download')).toHaveCount(0);
    await page.getByTestId('voice-text').fill(SENTENCES.en);
    // Headless Chromium has no voices of its own: nothing to play with.
    await expect(page.getByTestId('voice-voice')).toHaveValue('');
    await expect(page.getByTestId('voice-voice').locator('option')).toHaveText(['Sign in to choose a voice']);
    await expect(page.getByTestId('voice-play')).toBeDisabled();
  });

  test('the text limit is shown and enforced; the screen fits phone and desktop (screenshots)', async ({ page, context, request }) => {
    await signInContext(context, request, member);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(tenantUrl(T, '/browserVoice'));
      await pageHydrated(page);
      await fill(page, 'en');
      await page.getByTestId('voice-play').click();
      await expect(page.getByTestId('voice-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
      await fitsWidth(page);
      await page.screenshot({ path: `test-results/screens/browserVoice-${name}.png`, fullPage: true });
    }
    await page.getByTestId('voice-text').fill('x'.repeat(3005));
    await expect(page.getByTestId('voice-counter')).toContainText('3005 / 3000');
    await expect(page.getByText('The text is 5 characters over the limit.')).toBeVisible();
    await expect(page.getByTestId('voice-play')).toBeDisabled();
  });

  test('in Spanish and French the page and the voice labels speak the viewer’s language', async ({ browser }) => {
    // Solana speaks Spanish (its Mexican variant) to a Spanish browser; Lumière is French first.
    for (const [tenant, lang, region] of [
      ['solana', 'es', /^Voz (femenina|masculina)( \d)?, (Estados Unidos|Reino Unido)$/],
      ['lumiere', 'fr', /^Voix (féminine|masculine)( \d)?, (États-Unis|Royaume-Uni)$/],
    ] as const) {
      const context = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'Accept-Language': lang } });
      const page = await context.newPage();
      const strings = tenantStrings(tenant, lang);
      await page.goto(tenantUrl(tenant, '/browserVoice'));
      await pageHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(strings.voice.title);
      await expect(page.getByTestId('voice-sign-in')).toContainText(strings.voice.signInHint);
      const user = await createUser(tenant, `voice-${lang}`);
      await signInContext(context, context.request, user);
      await page.goto(tenantUrl(tenant, '/browserVoice'));
      await pageHydrated(page);
      await page.getByTestId('voice-language').selectOption('en');
      await expect(page.getByTestId('voice-voice').locator('option').first()).toHaveText(region);
      await context.close();
    }
  });
});
