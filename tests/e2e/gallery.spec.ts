/**
 * Downloads and viewing against the production build and the test stack (docs/PRODUCT.md,
 * Downloads and viewing): who sees which shared files, signed attachment links that expire,
 * the photo zip read back with Debian's unzip, the lightbox and the slide viewer with the
 * keyboard, another tenant's items answering 404, phone and desktop widths.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import type { MediaItem } from '#app/lib/media/model';
import { seedMediaItem } from '#tests/support/media';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './gallery-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';

const run = promisify(execFile);
// One worker runs this file in order: its beforeAll seeds the tenant's newest pitch deck, and a
// second worker's beforeAll would seed a newer one under the first worker's deck tests.
test.describe.configure({ mode: 'default', timeout: 90_000 });

const T = 'aurora';
const OTHER = 'solana';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let owner: TestUser;
let viewer: TestUser;
let token: string;
let photos: { stageA: MediaItem; stageB: MediaItem; crowd: MediaItem; secret: MediaItem };
let doc: MediaItem;
let deck: MediaItem;
let cookies: { owner: string; viewer: string };

test.beforeAll(async ({ request }) => {
  token = randomBytes(4).toString('hex');
  [owner, viewer] = await Promise.all([createUser(T, 'gallery-owner', 'organizer'), createUser(T, 'gallery-viewer')]);
  const data = e2eMediaData(T);
  const who = { sub: owner.sub, name: `Owner ${token}` };
  const photo = (title: string, fileName: string, visibility: 'private' | 'tenant' | 'public') =>
    seedMediaItem(data, { kind: 'image', owner: who, title: `${title} ${token}`, fileName, visibility });
  const [stageA, stageB, crowd, secret] = await Promise.all([
    photo('Stage left', 'stage.jpg', 'tenant'),
    photo('Stage right', 'stage.jpg', 'public'),
    photo('Crowd', 'crowd.jpg', 'tenant'),
    photo('Secret', 'secret.jpg', 'private'),
  ]);
  photos = { stageA, stageB, crowd, secret };
  doc = await seedMediaItem(data, { kind: 'document', owner: who, title: `Agenda ${token}`, fileName: 'agenda.pdf', visibility: 'tenant', pages: 1 });
  // Newest finished pitch deck of the tenant: the one the deck screens show.
  deck = await seedMediaItem(data, { kind: 'document', owner: who, title: `Deck ${token}`, fileName: 'deck.pdf', visibility: 'tenant', pages: 3, tags: ['pitch-deck'] });
  const [o, v] = await Promise.all([sessionCookie(request, owner), sessionCookie(request, viewer)]);
  cookies = { owner: o, viewer: v };
});

async function get(request: APIRequestContext, tenant: string, path: string, cookie: string | null) {
  const res = await tenantApi(request, tenant).get(path, { headers: cookie ? { Cookie: cookie } : {}, maxRedirects: 0 });
  return { status: res.status(), headers: res.headers(), body: await res.body() };
}

/** The page has no sideways scroll at this width. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

test.describe('shared files', () => {
  test('a member sees the tenant and public files, not another member’s private one, with sizes, sorted by a column', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(tenantUrl(T, '/downloadFiles?sort=name&dir=asc'));
      await pageHydrated(page);
      const rows = page.getByTestId('file-row');
      for (const item of [photos.stageA, photos.stageB, photos.crowd, doc]) await expect(rows.filter({ hasText: item.title })).toHaveCount(1);
      await expect(rows.filter({ hasText: photos.secret.title })).toHaveCount(0);
      await expect(rows.filter({ hasText: photos.crowd.title }).getByTestId('file-size')).toHaveText(/^\d+(\.\d)? kB$/);
      await fitsWidth(page);
    }
    // By name, A to Z: the crowd photo before the stage photo; a click on the column turns it round.
    const titles = async () => (await page.getByTestId('file-row').allInnerTexts()).filter((t) => t.includes(token));
    const order = await titles();
    expect(order.findIndex((t) => t.includes('Crowd'))).toBeLessThan(order.findIndex((t) => t.includes('Stage left')));
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText(/name/i);
    await page.getByTestId('sort-name').click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect(page.locator('th[aria-sort="descending"]')).toContainText(/name/i);
    const reversed = await titles();
    expect(reversed.findIndex((t) => t.includes('Crowd'))).toBeGreaterThan(reversed.findIndex((t) => t.includes('Stage left')));
  });

  test('a download link signs a one-minute URL that saves the original as an attachment under its name', async ({ request }) => {
    const answer = await get(request, T, `/downloadFiles?file=${doc.id}`, cookies.viewer);
    expect(answer.status).toBe(302);
    expect(answer.headers['cache-control']).toContain('no-store');
    const url = new URL(answer.headers.location!);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const signedAt = url.searchParams.get('X-Amz-Date')!;
    const iso = `${signedAt.slice(0, 4)}-${signedAt.slice(4, 6)}-${signedAt.slice(6, 11)}:${signedAt.slice(11, 13)}:${signedAt.slice(13)}`;
    expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(60_000);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="agenda.pdf"; filename*=UTF-8''agenda.pdf`);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a private file of someone else, a signed-out visitor on a tenant file and another tenant all get 404', async ({ request }) => {
    expect((await get(request, T, `/downloadFiles?file=${photos.secret.id}`, cookies.viewer)).status).toBe(404);
    expect((await get(request, T, `/downloadFiles?file=${photos.secret.id}`, cookies.owner)).status).toBe(302);
    expect((await get(request, T, `/downloadFiles?file=${photos.stageA.id}`, null)).status).toBe(404);
    expect((await get(request, T, `/downloadFiles?file=${photos.stageB.id}`, null)).status).toBe(302);
    expect((await get(request, OTHER, `/downloadFiles?file=${photos.stageB.id}`, null)).status).toBe(404);
    expect((await get(request, OTHER, `/pitchDeckDownload?file=${deck.id}`, null)).status).toBe(404);
    expect((await get(request, T, `/downloadFiles?file=not-an-id`, cookies.viewer)).status).toBe(404);
    // A document that is not the pitch deck is not downloadable through the deck screen.
    expect((await get(request, T, `/pitchDeckDownload?file=${doc.id}`, cookies.viewer)).status).toBe(404);
  });

  test('a signed-out visitor sees only public files and is told signing in may show more', async ({ page }) => {
    await page.goto(tenantUrl(T, '/downloadFiles'));
    await expect(page.getByTestId('gallery-sign-in-hint')).toBeVisible();
    await expect(page.getByTestId('file-row').filter({ hasText: photos.stageB.title })).toHaveCount(1);
    await expect(page.getByTestId('file-row').filter({ hasText: photos.stageA.title })).toHaveCount(0);
  });
});

test.describe('photo zip', () => {
  test('the zip holds exactly the chosen photos, names made unique, bytes unchanged', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    await page.setViewportSize(DESKTOP);
    await page.goto(tenantUrl(T, '/downloadPhotos'));
    await pageHydrated(page);
    await expect(page.getByTestId('download-zip')).toBeDisabled();
    await page.getByRole('checkbox', { name: photos.stageA.title }).check();
    await page.getByRole('checkbox', { name: photos.stageB.title }).check();
    await expect(page.getByTestId('selected-count')).toHaveText('2 photos selected');
    await expect(page.getByRole('checkbox', { name: photos.secret.title })).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-zip').click()]);
    expect(download.suggestedFilename()).toMatch(/^Aurora Live photos \d{4}-\d{2}-\d{2}\.zip$/);
    const path = await download.path();
    const { stdout } = await run('unzip', ['-Z1', path]);
    expect(stdout.trim().split('\n').sort()).toEqual(['stage (2).jpg', 'stage.jpg']);
    const data = e2eMediaData(T);
    const entry = async (name: string) => (await run('unzip', ['-p', path, name], { encoding: 'buffer', maxBuffer: 10_000_000 })).stdout;
    const originals = await Promise.all([data.files.read(photos.stageA.original.key), data.files.read(photos.stageB.original.key)]);
    const entries = await Promise.all([entry('stage.jpg'), entry('stage (2).jpg')]);
    expect(entries.map((b) => b.length).sort()).toEqual(originals.map((b) => b.length).sort());
    for (const original of originals) expect(entries.some((e) => e.equals(original))).toBe(true);
  });

  test('select all chooses every photo on a phone', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    await page.setViewportSize(PHONE);
    await page.goto(tenantUrl(T, '/downloadPhotos'));
    await pageHydrated(page);
    const total = await page.getByTestId('photo-option').count();
    expect(total).toBeGreaterThanOrEqual(3);
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${total} photos selected`);
    await expect(page.getByTestId('download-zip')).toBeEnabled();
    await fitsWidth(page);
  });

  test('the zip endpoint refuses bad choices, photos the viewer may not see and another tenant’s photos', async ({ request }) => {
    const zip = (tenant: string, ids: string[], cookie: string | null) => get(request, tenant, `/api/media/zip?${ids.map((id) => `ids=${id}`).join('&')}`, cookie);
    expect((await zip(T, [], cookies.viewer)).status).toBe(400);
    expect((await zip(T, ['bad'], cookies.viewer)).status).toBe(400);
    expect((await zip(T, [photos.crowd.id, photos.secret.id], cookies.viewer)).status).toBe(404);
    expect((await zip(T, [doc.id], cookies.viewer)).status).toBe(404);
    expect((await zip(T, [photos.crowd.id], null)).status).toBe(404);
    expect((await zip(OTHER, [photos.stageB.id], null)).status).toBe(404);
    const ok = await zip(T, [photos.stageB.id], null);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('application/zip');
    expect(ok.headers['content-disposition']).toMatch(/^attachment; filename="Aurora Live photos \d{4}-\d{2}-\d{2}\.zip"/);
    expect(ok.headers['content-length']).toBeUndefined();
    expect(ok.body.subarray(0, 4).toString('hex')).toBe('504b0304');
  });
});

test.describe('gallery', () => {
  test('the lightbox opens on a photo and moves with the keyboard', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(tenantUrl(T, '/viewPhotos'));
      await pageHydrated(page);
      const grid = page.getByTestId('photo-grid');
      await expect(grid.getByRole('button', { name: photos.stageA.title })).toBeVisible();
      const img = grid.getByRole('button', { name: photos.stageA.title }).locator('img');
      await expect(img).toHaveAttribute('srcset', /small300\.webp.* 300w, .*medium500\.webp.* 500w/);
      await fitsWidth(page);
      const titles = await grid.getByTestId('photo-open').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const at = titles.findIndex((t) => t?.includes(photos.stageA.title));
      await grid.getByRole('button', { name: photos.stageA.title }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const current = page.locator('.yarl__slide_current');
      await expect(current.locator('img')).toHaveAttribute('alt', photos.stageA.title);
      // With zoom, the lightbox picks one of the large sizes itself by the room it has.
      await expect(current.locator('img')).toHaveAttribute('src', /derived\/(medium750|large1500)\.webp/);
      await page.keyboard.press('ArrowRight');
      // The carousel wraps around from the last photo to the first.
      await expect(current).toHaveAttribute('aria-label', `${((at + 1) % titles.length) + 1} of ${titles.length}`);
      await page.keyboard.press('ArrowLeft');
      await expect(current.locator('img')).toHaveAttribute('alt', photos.stageA.title);
      await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
});

test.describe('pitch deck', () => {
  test('the slide viewer shows page 2 and its counter, and moves with arrows, Home, End and thumbnails', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(tenantUrl(T, '/pitchDeckSlide'));
      await pageHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(deck.title);
      const counter = page.getByTestId('slide-counter');
      const image = page.getByTestId('slide-image');
      await expect(counter).toContainText('1 / 3');
      await page.keyboard.press('ArrowRight');
      await expect(counter).toContainText('2 / 3');
      await expect(image).toHaveAttribute('data-slide', '2');
      await expect(image).toHaveAttribute('src', /derived\/pages\/002\.webp/);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.keyboard.press('End');
      await expect(counter).toContainText('3 / 3');
      await expect(page.getByTestId('slide-next')).toBeDisabled();
      await page.keyboard.press('Home');
      await expect(counter).toContainText('1 / 3');
      await page.getByRole('button', { name: 'Go to slide 2' }).click();
      await expect(counter).toContainText('2 / 3');
      await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
      await fitsWidth(page);
    }
  });

  test('the deck page downloads the PDF through a signed attachment link', async ({ page, context, request }) => {
    await signInContext(context, request, viewer);
    await page.goto(tenantUrl(T, '/pitchDeckDownload'));
    await pageHydrated(page);
    await expect(page.getByTestId('deck-summary')).toContainText(deck.title);
    await expect(page.getByTestId('deck-summary')).toContainText('3 pages');
    const href = await page.getByTestId('deck-download').getAttribute('href');
    expect(href).toBe(`/pitchDeckDownload?file=${deck.id}`);
    const answer = await get(request, T, href!, cookies.viewer);
    expect(answer.status).toBe(302);
    const file = await fetch(answer.headers.location!);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="deck\.pdf"/);
  });

  test('each sample tenant ships a generated deck that the media worker turns into slides', async ({ page }) => {
    // Seeded by the test stack (local/stack/sampleDeck.ts) and processed by its worker; nobody else tags a deck on lumiere.
    await page.goto(tenantUrl('lumiere', '/pitchDeckSlide'));
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('slide-viewer').count();
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumière Studio — Présentation');
    await expect(page.getByTestId('slide-counter')).toContainText('1 / 5');
    await expect(page.getByTestId('slide-image')).toHaveAttribute('src', /derived\/pages\/001\.webp/);
  });
});
