import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { eventInput, minutesFromNow } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { seedLongVideo } from './playback-helpers';

/**
 * The tenant home layouts (docs/decisions/0038): the three sample sites differ in hero style,
 * section order and footer style as their tenant.json says; featured events carry posters (or the
 * branded placeholder), the video hero is muted, looping, inline and has a poster, and featured
 * replays list public videos only. Anonymous home pages sit in the render cache for 30 s, so each
 * test adds a query word of its own to the URL.
 */
const word = () => `w${randomBytes(5).toString('hex')}`;
const organizer = { sub: 'brand-home-organizer', name: 'Hana Organizer', email: 'hana@example.com', language: 'en' };

type Layout = { hero: { style: string }; sections: { type: string }[]; footer: string };
const layoutOf = (tenant: string): Layout =>
  (JSON.parse(readFileSync(join(process.cwd(), 'tenants', tenant, 'tenant.json'), 'utf8')) as { home: Layout }).home;

async function open(browser: Browser, tenant: string, path: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const response = await page.goto(tenantUrl(tenant, path));
  expect(response?.status()).toBe(200);
  return { page, errors, close: () => context.close() };
}

const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));

test('the three sample sites differ in hero style, section order and footer style as configured', async ({ browser }) => {
  const seen = { hero: new Set<string>(), order: new Set<string>(), footer: new Set<string>() };
  for (const tenant of ['aurora', 'lumiere', 'solana']) {
    const layout = layoutOf(tenant);
    const { page, errors, close } = await open(browser, tenant, `/?v=${word()}`, { viewport: { width: 1280, height: 800 } });
    await expect(page.getByTestId('home-hero')).toHaveAttribute('data-hero-style', layout.hero.style);
    await expect(page.getByTestId('hero-headline')).toBeVisible();
    // Featured sections with nothing to show are left out; the others keep the configured order.
    const order = (await page.getByTestId('home-sections').getAttribute('data-order'))!.split(',');
    const configured = layout.sections.map((s) => s.type);
    expect(order, tenant).toEqual(configured.filter((type) => order.includes(type)));
    for (const always of ['body', 'featuredEvents', 'testimonials', 'partners', 'cta']) expect(order, `${tenant} ${always}`).toContain(always);
    await expect(page.getByTestId('home-section')).toHaveCount(order.length);
    await expect(page.getByTestId('site-footer')).toHaveAttribute('data-footer-style', layout.footer);
    // Every picture in the hero reserves its space (width and height) and has the configured alt text.
    for (const img of await page.getByTestId('home-hero').locator('img').all()) {
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect(img).toHaveAttribute('alt', /\w{3,}/);
    }
    expect(await loaded(page, '[data-testid=home-hero] img')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(errors).toEqual([]);
    seen.hero.add(layout.hero.style);
    seen.order.add(order.join(','));
    seen.footer.add(layout.footer);
    await close();
  }
  expect([seen.hero.size, seen.order.size, seen.footer.size]).toEqual([3, 3, 3]);
});

test('the video hero is muted, loops inline behind its poster, and shows the poster alone to visitors who ask for less motion', async ({ browser, request }) => {
  const { page, close } = await open(browser, 'aurora', `/?v=${word()}`);
  const video = page.getByTestId('hero-video');
  for (const attribute of ['muted', 'loop', 'playsinline', 'autoplay']) await expect(video).toHaveAttribute(attribute, '');
  await expect(video).toHaveAttribute('poster', '/brand/home/stage-poster.webp');
  await expect(video.locator('source')).toHaveAttribute('src', '/brand/home/stage-loop.mp4');
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(page.getByTestId('hero-poster')).toHaveAttribute('src', '/brand/home/stage-poster.webp');
  const mp4 = await tenantApi(request, 'aurora').get('/brand/home/stage-loop.mp4');
  expect(mp4.headers()['content-type']).toBe('video/mp4');
  expect((await mp4.body()).length).toBeLessThan(1.5 * 1024 * 1024);
  await close();

  const still = await open(browser, 'aurora', `/?v=${word()}`, { reducedMotion: 'reduce' });
  await expect(still.page.getByTestId('hero-video')).toBeHidden();
  await expect(still.page.getByTestId('hero-poster')).toBeVisible();
  await still.close();
});

test('featured events show their poster, or the branded placeholder when they have none', async ({ browser }) => {
  const data = e2eMediaData('solana');
  const w = word();
  // Started almost eight hours ago and still running: live events sort first, so these two lead the list.
  const withPoster = await data.events.create(
    eventInput({ title: `Poster ${w}`, eventDateTime: minutesFromNow(-470), eventDuration: 480 }),
    organizer,
  );
  const without = await data.events.create(
    eventInput({ title: `Plain ${w}`, eventDateTime: minutesFromNow(-469), eventDuration: 480 }),
    organizer,
  );
  const key = `events/${withPoster.eventId}/poster.png`;
  const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 244, g: 115, b: 22 } } }).png().toBuffer();
  await data.files.put({ key, body: png, contentType: 'image/png' });
  await data.events.patch(withPoster.eventId, () => ({ images: { poster: key } }));

  const { page, errors, close } = await open(browser, 'solana', `/?v=${w}`, { viewport: { width: 390, height: 844 } });
  const list = page.getByTestId('upcoming-events');
  const posterCard = list.locator(`[data-event-id="${withPoster.eventId}"]`);
  await expect(posterCard).toHaveAttribute('data-poster', 'image');
  await expect(posterCard.getByTestId('event-poster')).toHaveAttribute('width', '1280');
  await posterCard.getByTestId('event-poster').scrollIntoViewIfNeeded();
  await expect.poll(() => posterCard.getByTestId('event-poster').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
  const plainCard = list.locator(`[data-event-id="${without.eventId}"]`);
  await expect(plainCard).toHaveAttribute('data-poster', 'placeholder');
  await expect(plainCard.getByTestId('event-image-placeholder')).toBeVisible();
  await expect(posterCard.getByRole('link', { name: withPoster.title })).toHaveAttribute('href', `/preview?event=${withPoster.eventId}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  expect(errors).toEqual([]);
  await close();
});

test('featured replays list public videos only', async ({ browser }) => {
  test.slow(); // makes a 30 s clip with ffmpeg once
  const data = e2eMediaData('lumiere');
  const w = word();
  const shared = await seedLongVideo(data, { owner: { sub: organizer.sub, name: 'Hana' }, title: `Public replay ${w}`, visibility: 'public' });
  const members = await seedLongVideo(data, { owner: { sub: organizer.sub, name: 'Hana' }, title: `Members replay ${w}`, visibility: 'tenant' });
  const { page, close } = await open(browser, 'lumiere', `/?v=${w}`);
  const replays = page.getByTestId('featured-replays');
  await expect(replays.getByRole('link', { name: shared.title })).toHaveAttribute('href', `/mediaPlayBack?mediaId=${shared.id}`);
  await expect(replays.getByText(members.title)).toHaveCount(0);
  await close();
});

test('an anonymous home page is one cached, script-free document per tenant', async ({ request }) => {
  const path = `/?v=${word()}`;
  const first = await tenantApi(request, 'solana').get(path, { headers: { 'Accept-Language': 'es' } });
  const second = await tenantApi(request, 'solana').get(path, { headers: { 'Accept-Language': 'es' } });
  expect(second.headers()['x-render-cache']).toBe('HIT');
  const html = await second.text();
  expect(html).toBe(await first.text());
  expect(html).toContain('data-hero-style="centred"');
  expect(html).toContain('Creadores como tú');
  expect(html).not.toMatch(/<script[^>]+src=/);
  const other = await (await tenantApi(request, 'aurora').get(path)).text();
  expect(other).toContain('data-hero-style="video"');
  expect(other).not.toContain('Creadores');
});

/**
 * Whatever of the hero does not fit where a phone shows it: elements reaching past the hero's
 * sides or the window's, elements whose own content is wider than their box, and the hero's own
 * overflow. Empty when nothing is cut.
 */
const heroClipping = (page: Page) =>
  page.getByTestId('home-hero').evaluate((hero) => {
    const cut: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const frame = hero.getBoundingClientRect();
    if (hero.scrollWidth > hero.clientWidth) cut.push(`the hero scrolls sideways: ${hero.scrollWidth} > ${hero.clientWidth}`);
    for (const el of hero.querySelectorAll('h1, p, a, button, img, span')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < Math.max(0, frame.left) - 0.5 || r.right > Math.min(window.innerWidth, frame.right) + 0.5) cut.push(`${name(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
      if (r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5) cut.push(`${name(el)} reaches ${Math.round(r.top)}–${Math.round(r.bottom)} px, the hero ${Math.round(frame.top)}–${Math.round(frame.bottom)} px`);
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) cut.push(`${name(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return cut;
  });

test('on a phone (360–430 px) nothing of any tenant’s home hero is cut, in any of its languages', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const [tenant, language] of [['solana', 'es'], ['solana', 'en'], ['aurora', 'en'], ['lumiere', 'fr'], ['lumiere', 'en']] as const) {
    for (const width of [360, 390, 430]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addCookies([{ name: 'lng', value: language, domain: `${tenant}.localhost`, path: '/' }]);
      const page = await context.newPage();
      expect((await page.goto(tenantUrl(tenant, `/?v=${word()}`)))?.status()).toBe(200);
      await expect(page.getByTestId('hero-headline')).toBeVisible();
      // Pictures have their size from the start; wait for them anyway, so the measure is of the final page.
      await expect.poll(() => loaded(page, '[data-testid="home-hero"] img')).toBe(true);
      expect(await heroClipping(page), `${tenant} (${language}) at ${width} px`).toEqual([]);
      if (width === 390) await page.getByTestId('home-hero').screenshot({ path: `test-results/screens/home-hero-${tenant}-${language}-390.png` });
      await context.close();
    }
  }
});
