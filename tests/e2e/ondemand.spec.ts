/**
 * The on-demand screens in Chromium against the production build: the video and audio libraries
 * list only what a viewer may see (private and unfinished items never; signed-out visitors the
 * public ones), search, filters and pages; an event's recording (cut by the stack's own media
 * worker) with chapters at its answered questions and the chat replayed in step with the video,
 * a seek back hiding messages again; the states without a playable recording; the organizer's
 * introduction video chosen and shown; other tenants' objects 404 and bad input 4xx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { EventRecord } from '#app/lib/events/model';
import type { MediaItem } from '#app/lib/media/model';
import { makeVideo } from '#tests/support/mediaFiles';
import { seedMediaItem } from '#tests/support/media';
import { testTenantId } from '#tests/support/tenants';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { minutesFromNow, seedEvent } from './events-helpers';
import { e2eMediaData } from './library-helpers';
import { queueRecording, writeChat } from './ondemand-helpers';
import { pipelineStack, type PipelineStack } from './pipeline-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';

test.describe.configure({ timeout: 120_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const runId = () => `r${randomBytes(4).toString('hex')}`;

let orgA: TestUser;
let orgB: TestUser;
let member: TestUser;

test.beforeAll(async () => {
  [orgA, orgB, member] = await Promise.all([createUser(T, 'od-a', 'organizer'), createUser(T, 'od-b', 'organizer'), createUser(T, 'od-member', 'member')]);
});

const cardTitles = async (page: Page) => (await page.getByTestId('catalog-card-title').allInnerTexts()).sort();

async function open(page: Page, path: string, user?: TestUser) {
  if (user) await signInContext(page.context(), page.request, user);
  await page.goto(path);
  if (user) await hydrated(page);
  // Signed out, /vod comes without the client app (docs/decisions/0069): only a page that ships it is waited on.
  else if (await page.locator('script[type="module"]').count()) await pageHydrated(page);
}

async function withLanguage(item: MediaItem, language: string, description = '') {
  const edited = await data.media.edit(item.id, { title: item.title, description, tags: item.tags, visibility: item.visibility, language });
  if (!edited) throw new Error('seeded item vanished');
  return edited;
}

test.describe('the libraries', () => {
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    test(`${name}: /vod and /aod list only finished items the viewer may see`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const r = runId();
      const [publicTalk] = await Promise.all([
        seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Public talk`, visibility: 'public', tags: ['keynote'] }),
        seedMediaItem(data, { kind: 'video', owner: { sub: orgB.sub, name: 'Ben' }, title: `${r} Members talk`, visibility: 'tenant' }),
        seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Private cut`, visibility: 'private' }),
        seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Still cutting`, visibility: 'public', status: 'processing' }),
        seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Waiting review`, visibility: 'public', status: 'pending_review', review: true }),
        seedMediaItem(data, { kind: 'audio', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Public podcast`, visibility: 'public' }),
        seedMediaItem(data, { kind: 'audio', owner: { sub: orgB.sub, name: 'Ben' }, title: `${r} Members podcast`, visibility: 'tenant' }),
      ]);

      // Signed out: the public ones, and a note that signing in may show more.
      await open(page, `/vod?q=${r}`);
      expect(await cardTitles(page)).toEqual([`${r} Public talk`]);
      await expect(page.getByTestId('catalog-sign-in')).toBeVisible();
      await expect(page.getByTestId('catalog-card').first()).toContainText('By Ana');
      await expect(page.getByTestId('catalog-card').first()).toContainText('0:02');
      await expect(page.getByTestId('catalog-card').first().locator('img')).toHaveJSProperty('complete', true);
      await expect(page.getByRole('link', { name: `${r} Public talk` })).toHaveAttribute('href', `/mediaPlayBack?mediaId=${publicTalk.id}`);
      await page.screenshot({ path: `test-reports/ondemand-vod-signed-out-${name}.png`, fullPage: true });
      await open(page, `/aod?q=${r}`);
      expect(await cardTitles(page)).toEqual([`${r} Public podcast`]);
      await expect(page.getByRole('link', { name: `${r} Public podcast` })).toHaveAttribute('href', /^\/listenerMediaPlayback\?mediaId=/);

      // A member: the tenant's shared ones too; still no private, processing or unreviewed item.
      await open(page, `/vod?q=${r}`, member);
      expect(await cardTitles(page)).toEqual([`${r} Members talk`, `${r} Public talk`]);
      await expect(page.getByTestId('catalog-sign-in')).toHaveCount(0);
      await page.screenshot({ path: `test-reports/ondemand-vod-${name}.png`, fullPage: true });
      await open(page, `/aod?q=${r}`);
      expect(await cardTitles(page)).toEqual([`${r} Members podcast`, `${r} Public podcast`]);
      await page.screenshot({ path: `test-reports/ondemand-aod-${name}.png`, fullPage: true });
    });
  }

  test('search, organizer and language filters, and pages of twelve', async ({ page }) => {
    const r = runId();
    const seeded = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        seedMediaItem(data, { kind: 'video', owner: i < 10 ? { sub: orgA.sub, name: 'Ana' } : { sub: orgB.sub, name: 'Ben' }, title: `${r} Session ${String(i).padStart(2, '0')}`, visibility: 'public', tags: i === 3 ? ['robotics'] : [] }),
      ),
    );
    await withLanguage(seeded[11]!, 'fr', 'Une conférence sur la météo');
    await withLanguage(seeded[12]!, 'fr');

    await open(page, `/vod?q=${r}`, member);
    await expect(page.getByTestId('catalog-card')).toHaveCount(12);
    await page.getByTestId('catalog-next').click();
    await expect(page).toHaveURL(/after=/);
    await expect(page.getByTestId('catalog-card')).toHaveCount(2);
    await expect(page.getByTestId('catalog-next')).toHaveCount(0);
    const all = [...(await cardTitles(page))];
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page.getByTestId('catalog-card')).toHaveCount(12);
    all.push(...(await cardTitles(page)));
    expect(all.sort()).toEqual(seeded.map((i) => i.title).sort());

    // Organizer: the choices are the visible items' organizers.
    await expect(page.getByTestId('catalog-organizer').locator(`option[value="${orgB.sub}"]`)).toHaveText('Ben');
    await page.getByTestId('catalog-organizer').selectOption(orgB.sub);
    await page.getByTestId('catalog-apply').click();
    await expect(page).toHaveURL(new RegExp(`organizer=${orgB.sub}`));
    // A new filter starts at page one; empty fields stay out of the address.
    expect(page.url()).not.toMatch(/language=|after=/);
    await expect.poll(() => cardTitles(page)).toEqual([`${r} Session 10`, `${r} Session 11`, `${r} Session 12`, `${r} Session 13`]);
    // Language, with the organizer kept.
    await page.getByTestId('catalog-language').selectOption({ label: 'French' });
    expect(await page.getByTestId('catalog-language').inputValue()).toBe('fr');
    await page.getByTestId('catalog-apply').click();
    await expect(page).toHaveURL(/language=fr/);
    await expect.poll(() => cardTitles(page)).toEqual([`${r} Session 11`, `${r} Session 12`]);

    // Search reaches descriptions (accents ignored) and tags.
    await open(page, `/vod?q=${encodeURIComponent(`${r} meteo`)}`);
    expect(await cardTitles(page)).toEqual([`${r} Session 11`]);
    await open(page, `/vod?q=${encodeURIComponent(`${r} robotics`)}`);
    expect(await cardTitles(page)).toEqual([`${r} Session 03`]);
    await open(page, `/vod?q=${encodeURIComponent(`${r} nothing-like-this`)}`);
    await expect(page.getByTestId('catalog-no-match')).toContainText('No videos match your search.');
    await expect(page.getByTestId('catalog-q')).toHaveValue(`${r} nothing-like-this`);
  });

  test('the owner sets an item’s language in the library, and the library filters by it', async ({ page }) => {
    const r = runId();
    await seedMediaItem(data, { kind: 'audio', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Podcast`, visibility: 'public' });
    await open(page, `/uploadCustomerMedia?q=${r}`, orgA);
    await page.locator(`[data-testid="library-item"][data-title="${r} Podcast"]`).getByTestId('library-edit-open').click();
    const dialog = page.getByTestId('library-edit');
    await expect(dialog.getByTestId('library-edit-language')).toHaveValue('');
    await dialog.getByTestId('library-edit-language').selectOption('es');
    await dialog.getByTestId('library-edit-save').click();
    await expect(dialog).toHaveCount(0);

    await open(page, `/aod?q=${r}`);
    await expect(page.getByTestId('catalog-card')).toContainText('Spanish');
    await expect(page.getByTestId('catalog-language').locator('option[value="es"]')).toHaveText('Spanish');
    await open(page, `/aod?q=${r}&language=es`);
    expect(await cardTitles(page)).toEqual([`${r} Podcast`]);
    await open(page, `/aod?q=${r}&language=fr`);
    await expect(page.getByTestId('catalog-no-match')).toBeVisible();
  });

  test('every tenant shows its libraries in its own language', async ({ page, browser }) => {
    const r = runId();
    const lumiere = e2eMediaData('lumiere');
    const owner = await createUser('lumiere', 'od-fr', 'organizer');
    await seedMediaItem(lumiere, { kind: 'video', owner: { sub: owner.sub, name: 'Élise' }, title: `${r} Conférence`, visibility: 'public' });
    await page.setViewportSize(WIDTHS.phone);
    // Signed out, /vod is served without the client app (docs/decisions/0069): the document is the page.
    await page.goto(tenantUrl('lumiere', `/vod?q=${r}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vidéos');
    await expect(page.getByTestId('catalog-card')).toContainText('Par Élise');
    await expect(page.getByTestId('catalog-sign-in')).toContainText('Connectez-vous');
    await page.screenshot({ path: 'test-reports/ondemand-vod-fr-phone.png', fullPage: true });
    const context = await browser.newContext({ locale: 'es-MX', extraHTTPHeaders: { 'Accept-Language': 'es-MX,es;q=0.9' }, viewport: WIDTHS.phone });
    const spanish = await context.newPage();
    await spanish.goto(tenantUrl('solana', `/aod?q=${r}`));
    await pageHydrated(spanish);
    await expect(spanish.getByRole('heading', { level: 1 })).toHaveText('Audio');
    await expect(spanish.getByTestId('catalog-empty').or(spanish.getByTestId('catalog-no-match'))).toContainText(/Todavía no se ha publicado ningún audio|Ningún audio coincide con tu búsqueda/);
    await spanish.screenshot({ path: 'test-reports/ondemand-aod-es-phone.png', fullPage: true });
    // Lumière's public video is Lumière's alone.
    await spanish.goto(tenantUrl('solana', `/vod?q=${r}`));
    await expect(spanish.getByRole('heading', { level: 1 })).toHaveText('Videos');
    await expect(spanish.getByTestId('catalog-card')).toHaveCount(0);
    await context.close();
  });

  test('malformed filters are ignored, never an error', async ({ request }) => {
    for (const path of ['/vod?after=T%23x%23MEDIA&organizer=%3Cscript%3E&language=klingon-language', '/aod?q=' + 'x'.repeat(5000)]) {
      const res = await tenantApi(request, T).get(path, { headers: { Accept: 'text/html' } });
      expect(res.status(), path).toBe(200);
    }
  });
});

test.describe('an event recording', () => {
  test.describe.configure({ mode: 'serial' });

  let dir: string;
  let stack: PipelineStack;
  let event: EventRecord;
  let recording: MediaItem;
  const start = Date.now() - 2 * 3600_000;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = await mkdtemp(join(tmpdir(), 'ondemand-e2e-'));
    stack = pipelineStack();
    event = await seedEvent(T, orgA, { eventDateTime: new Date(start).toISOString(), eventDuration: 60 });
    const clip = await makeVideo(dir, { seconds: 20, width: 320, height: 240 });
    recording = await queueRecording(stack, T, { eventId: event.eventId, owner: { sub: orgA.sub, name: 'Ana' }, title: `Recording of ${event.title}`, path: clip, startedAt: new Date(start).toISOString() });
    await writeChat(testTenantId(T), event.eventId, start, [
      { text: 'Welcome everyone', at: 1, name: 'Ana' },
      { text: 'Hello at three', at: 3, name: 'Bo' },
      { text: 'What is on the roadmap?', at: 4, name: 'Cy', question: { answeredAt: 6 } },
      { text: 'Later at nine', at: 9, name: 'Bo' },
      { text: 'How much does it cost?', at: 10, name: 'Di', question: { answeredAt: 12 } },
      { text: 'Never answered', at: 11, name: 'Di', question: {} },
      { text: 'After the recording', at: 40, name: 'Bo' },
    ]);
    await expect.poll(async () => (await data.media.get(recording.id))?.status, { timeout: 200_000, intervals: [1000] }).toBe('ready');
  });

  test.afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('chapters sit at the answered questions; the chat appears as the video reaches it and a seek back hides it', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    // The ended event's page leads to its recording.
    await open(page, `/preview?event=${event.eventId}`, member);
    await page.getByTestId('watch-recording').click();
    await expect(page).toHaveURL(new RegExp(`/eventVod\\?eventId=${event.eventId}$`));
    await expect(page.getByTestId('event-vod')).toHaveAttribute('data-state', 'ready');
    const chapters = page.getByTestId('chapter');
    await expect(chapters).toHaveCount(2);
    await expect(chapters.nth(0)).toHaveAttribute('data-start', '6');
    await expect(chapters.nth(0)).toContainText('0:06');
    await expect(chapters.nth(0)).toContainText('What is on the roadmap?');
    await expect(chapters.nth(1)).toHaveAttribute('data-start', '12');
    await expect(chapters.nth(1)).toContainText('How much does it cost?');

    const video = page.getByTestId('video-player').locator('video');
    const messages = page.getByTestId('replay-message');
    await expect(messages).toHaveCount(0);
    // Play once the player has attached its source: a play() sent before that is cut off by the
    // source's load on a slow machine, so it is asked again until the video really plays.
    await expect
      .poll(() =>
        video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          if (v.paused) await v.play().catch(() => undefined);
          return v.currentTime;
        }),
      )
      .toBeGreaterThan(0);
    await expect(messages.filter({ hasText: 'Hello at three' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: 'test-reports/ondemand-event-vod-desktop.png', fullPage: true });

    // Seek back before the message: it goes again.
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 0.5;
    });
    await expect(messages.filter({ hasText: 'Hello at three' })).toHaveCount(0);
    await expect(messages).toHaveCount(0);

    // A chapter moves the video, and the chat with it.
    await chapters.nth(1).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(12);
    await expect(messages).toHaveText([/Welcome everyone/, /Hello at three/, /What is on the roadmap\?/, /Later at nine/, /How much does it cost\?/, /Never answered/]);
    await expect(chapters.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('After the recording')).toHaveCount(0);

    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({ path: 'test-reports/ondemand-event-vod-phone.png', fullPage: true });
  });

  test('a person blocked from the event sees the recording without its chat or chapters', async ({ page }) => {
    const blocked = await createUser(T, 'od-blocked', 'member');
    await data.events.setUserBlocked(event.eventId, blocked.sub, true);
    await open(page, `/eventVod?eventId=${event.eventId}`, blocked);
    await expect(page.getByTestId('event-vod')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('video-player')).toBeVisible();
    await expect(page.getByText('You were blocked from this event’s chat')).toBeVisible();
    await expect(page.getByTestId('chapter')).toHaveCount(0);
    await expect(page.getByTestId('replay-log')).toHaveCount(0);
    expect(await page.content()).not.toContain('Hello at three');
  });

  test('signed out, a members-only recording answers 403 with a sign-in note; another tenant 404; bad ids 400', async ({ page, request }) => {
    const res = await page.goto(`/eventVod?eventId=${event.eventId}`);
    expect(res?.status()).toBe(403);
    await expect(page.getByTestId('event-vod-not-allowed')).toContainText('sign in');
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-reports/ondemand-event-vod-not-allowed-${name}.png`, fullPage: true });
    }
    expect((await tenantApi(request, 'solana').get(`/eventVod?eventId=${event.eventId}`)).status()).toBe(404);
    expect((await tenantApi(request, T).get('/eventVod?eventId=not-an-id')).status()).toBe(400);
    expect((await tenantApi(request, T).get('/eventVod')).status()).toBe(400);
    expect((await tenantApi(request, T).get('/eventVod?eventId=zzzzzzzzzzzz')).status()).toBe(404);
  });
});

test.describe('events without a playable recording', () => {
  test('the organizer is told why; others only that there is none; a recording being cut says so', async ({ page }) => {
    const off = await seedEvent(T, orgA, { eventDateTime: minutesFromNow(-180), eventDuration: 60, enableRecording: 'off' });
    const upcoming = await seedEvent(T, orgA, { eventDateTime: minutesFromNow(60) });
    const cutting = await seedEvent(T, orgA, { eventDateTime: minutesFromNow(-180), eventDuration: 60 });
    await data.media.create({
      kind: 'video',
      ownerId: orgA.sub,
      ownerName: 'Ana',
      title: 'Being cut',
      visibility: 'tenant',
      origin: 'recording',
      eventId: cutting.eventId,
      original: { fileName: 'r.mp4', contentType: 'video/mp4', bytes: 10, extension: 'mp4' },
    });

    await open(page, `/eventVod?eventId=${off.eventId}`, orgA);
    await expect(page.getByTestId('event-vod-none')).toContainText('Recording was turned off for this event.');
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-reports/ondemand-event-vod-none-${name}.png`, fullPage: true });
    }
    await open(page, `/eventVod?eventId=${upcoming.eventId}`);
    await expect(page.getByTestId('event-vod-none')).toContainText('The event has not ended yet');

    await open(page, `/eventVod?eventId=${off.eventId}`, member);
    await expect(page.getByTestId('event-vod-none')).toContainText('There is no recording of this event.');
    await expect(page.getByTestId('event-vod-none')).not.toContainText('turned off');
    await open(page, `/eventVod?eventId=${cutting.eventId}`);
    await expect(page.getByTestId('event-vod-processing')).toContainText('The recording is being processed');
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-reports/ondemand-event-vod-processing-${name}.png`, fullPage: true });
    }
  });
});

test.describe('the introduction video', () => {
  test('the organizer chooses one of their finished, shared videos; others see it', async ({ page, browser }) => {
    const r = runId();
    const organizer = await createUser(T, 'od-intro', 'organizer');
    const [shared] = await Promise.all([
      seedMediaItem(data, { kind: 'video', owner: { sub: organizer.sub, name: 'Ivy' }, title: `${r} Hello from Ivy`, visibility: 'tenant' }),
      seedMediaItem(data, { kind: 'video', owner: { sub: organizer.sub, name: 'Ivy' }, title: `${r} Private draft`, visibility: 'private' }),
      seedMediaItem(data, { kind: 'video', owner: { sub: organizer.sub, name: 'Ivy' }, title: `${r} Cutting`, visibility: 'public', status: 'processing' }),
    ]);
    // Others see nothing yet: 404, whoever the organizer is.
    expect((await tenantApi(page.request, T).get(`/cmiVideo?organizerId=${organizer.sub}`)).status()).toBe(404);

    await open(page, '/cmiVideo', organizer);
    await expect(page.getByTestId('intro-none')).toBeVisible();
    const options = await page.getByTestId('intro-select').locator('option').allInnerTexts();
    expect(options).toEqual([`${r} Hello from Ivy (0:02)`]);
    await page.screenshot({ path: 'test-reports/ondemand-cmi-video-empty-desktop.png', fullPage: true });
    await page.getByTestId('intro-save').click();
    await expect(page.getByTestId('intro-saved')).toContainText('Your introduction video is set.');
    await expect(page.getByTestId('intro-title')).toHaveText(`${r} Hello from Ivy`);
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-reports/ondemand-cmi-video-owner-${name}.png`, fullPage: true });
    }

    // A member sees it on the organizer's address; another tenant's visitors get 404.
    const context = await browser.newContext({ viewport: WIDTHS.phone });
    const other = await context.newPage();
    await open(other, `/cmiVideo?organizerId=${organizer.sub}`, member);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Introducing Ivy');
    await expect(other.getByTestId('intro-title')).toHaveText(`${r} Hello from Ivy`);
    await expect(other.getByTestId('intro-picker')).toHaveCount(0);
    await other.screenshot({ path: 'test-reports/ondemand-cmi-video-phone.png', fullPage: true });
    await context.close();
    expect((await tenantApi(page.request, 'solana').get(`/cmiVideo?organizerId=${organizer.sub}`)).status()).toBe(404);
    // Signed out: the video is for members only.
    expect((await tenantApi(page.request, T).get(`/cmiVideo?organizerId=${organizer.sub}`, { headers: { Cookie: '' } })).status()).toBe(404);

    // Removing it.
    await page.getByTestId('intro-clear').click();
    await expect(page.getByTestId('intro-saved')).toContainText('You have no introduction video now.');
    await expect(page.getByTestId('intro-none')).toBeVisible();
    expect(shared.id).toBeTruthy();
  });

  test('refusals: someone else’s or a private video, a member without a library, bad ids', async ({ request }) => {
    const [ownPrivate, othersVideo] = await Promise.all([
      seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: 'Own private', visibility: 'private' }),
      seedMediaItem(data, { kind: 'video', owner: { sub: orgB.sub, name: 'Ben' }, title: 'Ben public', visibility: 'public' }),
    ]);
    const api = tenantApi(request, T);
    const origin = tenantUrl(T, '').replace(/\/$/, '');
    const [orgCookie, memberCookie] = await Promise.all([sessionCookie(request, orgA), sessionCookie(request, member)]);
    const choose = (mediaId: string) => api.post('/cmiVideo', { form: { intent: 'choose', mediaId }, headers: { Origin: origin, Cookie: orgCookie } });
    expect((await choose(othersVideo.id)).status()).toBe(404);
    expect((await choose(ownPrivate.id)).status()).toBe(400);
    expect((await choose('x'.repeat(500))).status()).toBe(400);
    expect((await api.post('/cmiVideo', { form: { intent: 'nonsense' }, headers: { Origin: origin, Cookie: orgCookie } })).status()).toBe(400);
    expect((await api.post('/cmiVideo', { data: { intent: 'choose' }, headers: { Origin: origin, Cookie: orgCookie } })).status()).toBe(415);

    // A member has no library: no page of their own, and no choice to make.
    expect((await api.get('/cmiVideo', { headers: { Cookie: memberCookie } })).status()).toBe(403);
    expect((await api.post('/cmiVideo', { form: { intent: 'clear' }, headers: { Origin: origin, Cookie: memberCookie } })).status()).toBe(403);
    expect((await api.get('/cmiVideo?organizerId=%3Cbad%3E')).status()).toBe(400);
    const signedOut = await api.get('/cmiVideo', { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toContain('/signIn');
  });
});
