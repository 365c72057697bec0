/**
 * Uploads from the browser straight to object storage (docs/decisions/0025), with real files made
 * at test time: a JPEG with EXIF GPS (accepted, its type from its bytes), a file lying about its
 * type (deleted and refused), an oversized file (refused before anything is sent), a full quota
 * (the translated message), the minimal direct upload with its link, and the platform admin's
 * system screens (others: 403, signed out: sign-in).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { makeAudio, makeJpegWithGps } from '#tests/support/mediaFiles';
import { e2eData } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { demoAccount } from './identity';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';

const T = 'aurora';
let dir: string;
let organizer: TestUser;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uploads-e2e-'));
  organizer = await createUser(T, 'uploader', 'organizer');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Chooses files in Uppy's dashboard (its own file input) and starts the upload. */
async function uploadThroughDashboard(page: Page, files: Parameters<Page['setInputFiles']>[1]) {
  await page.getByTestId('uploader').locator('input[type=file]').first().setInputFiles(files);
  await page.locator('.uppy-StatusBar-actionBtn--upload').click();
}

/** The newest library item of an owner. */
async function newestItem(tenant: string, ownerId: string) {
  return (await e2eData(tenant).media.list({ ownerId, limit: 1 })).items[0];
}

test('a photo goes straight to storage, is checked by its bytes and queued; the limits and storage use show first', async ({ page, context, request }) => {
  // The stack's one worker may be busy with other tests' videos before it reaches this photo.
  test.setTimeout(150_000);
  await signInContext(context, request, organizer);
  await page.setViewportSize({ width: 1280, height: 900 });
  const photo = await makeJpegWithGps(dir, 640, 480);
  const appRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(tenantUrl(T, '/api/media/'))) appRequests.push(new URL(r.url()).pathname);
  });

  await page.goto(tenantUrl(T, '/uploadS3'));
  await pageHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload files' })).toBeVisible();
  const rules = page.getByTestId('upload-rules');
  await expect(rules).toContainText('Images: up to 25 MB per file.');
  await expect(rules).toContainText('Videos: up to 5 GB per file.');
  await expect(page.getByTestId('upload-usage')).toContainText('Your storage: 0 KB of 5 GB used.');
  await expect(page.locator('.uppy-Dashboard')).toBeVisible();

  await uploadThroughDashboard(page, photo);
  await expect(page.getByTestId('upload-accepted')).toHaveText('photo.jpg is uploaded and being processed.', { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Open your media library' })).toHaveAttribute('href', '/uploadCustomerMedia');
  // The bytes never went through the app: it only started, signed and finished the upload.
  expect([...new Set(appRequests)].sort()).toEqual(['/api/media/upload/finish', '/api/media/upload/sign', '/api/media/upload/start']);

  // Processing rewrites the stored original without its metadata (GPS included), so once ready it is
  // smaller than the upload, and the quota counts what is stored.
  await expect.poll(async () => (await newestItem(T, organizer.sub))?.status, { timeout: 90_000 }).toBe('ready');
  const item = await newestItem(T, organizer.sub);
  expect(item).toMatchObject({ kind: 'image', original: { fileName: 'photo.jpg', contentType: 'image/jpeg' } });
  expect(item!.original.bytes).toBeGreaterThan(0);
  expect(item!.original.bytes).toBeLessThan(readFileSync(photo).length);
  expect(await e2eData(T).media.usage(organizer.sub)).toBe(item!.original.bytes);
});

test('a file lying about its type is deleted and refused; an oversized one is refused before anything is sent', async ({ page, context, request }) => {
  const owner = await createUser(T, 'liar', 'organizer');
  await signInContext(context, request, owner);
  const starts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/media/upload/start')) starts.push(r.url());
  });
  await page.goto(tenantUrl(T, '/uploadS3'));
  await pageHydrated(page);

  // Over the image limit: Uppy refuses it in the browser with the app's message.
  const huge = Buffer.alloc(26 * 1024 * 1024);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(huge);
  await page.getByTestId('uploader').locator('input[type=file]').first().setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: huge });
  await expect(page.getByText('This file is too large: Images can be at most 25 MB.').first()).toBeVisible();
  expect(starts).toEqual([]);

  // Script dressed as a photo: stored, then found out by its bytes.
  const liar = Buffer.from('<html><script>alert(document.cookie)</script></html>\n'.repeat(20));
  await uploadThroughDashboard(page, { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: liar });
  await expect(page.getByTestId('upload-refused')).toContainText('holiday.jpg: This file is not what it claims to be', { timeout: 20_000 });
  expect(starts).toHaveLength(1);
  expect((await e2eData(T).media.list({ ownerId: owner.sub })).items).toEqual([]);
  expect(await e2eData(T).media.usage(owner.sub)).toBe(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a full quota is explained in the page’s language before the file is sent', async ({ page, context, request }) => {
    const owner = await createUser('solana', 'quota', 'organizer');
    const data = e2eData('solana');
    const quota = 5 * 1024 ** 3;
    await data.media.addUsage(owner.sub, quota - 50);
    try {
      await signInContext(context, request, owner);
      await page.goto(tenantUrl('solana', '/uploadS3'));
      await pageHydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Subir archivos' })).toBeVisible();
      await expect(page.getByTestId('upload-usage')).toHaveText('Tu almacenamiento: 5 GB de 5 GB en uso.');
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f80' } }).png().toBuffer();
      await uploadThroughDashboard(page, { name: 'logo.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByTestId('upload-refused')).toHaveText(
        /^logo\.png: Tu almacenamiento está lleno: usas 5 GB de 5 GB y este archivo necesita [\d,]+ KB\. Elimina archivos de tu biblioteca para hacer sitio\.$/,
        { timeout: 20_000 },
      );
      expect((await data.media.list({ ownerId: owner.sub })).items).toEqual([]);
    } finally {
      await data.media.addUsage(owner.sub, -(quota - 50));
    }
  });
});

test('the direct upload at phone width: a file input, a progress bar, and a download link once accepted', async ({ page, context, request }) => {
  const owner = await createUser(T, 'direct', 'member');
  await signInContext(context, request, owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(T, '/directUpload'));
  await pageHydrated(page);
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#08f' } }).png().toBuffer();
  await page.getByTestId('direct-file').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('direct-done')).toBeVisible({ timeout: 20_000 });
  const link = await page.getByTestId('direct-link').inputValue();
  const item = await newestItem(T, owner.sub);
  expect(link).toBe(tenantUrl(T, `/api/media/download?id=${item!.id}`));
  expect(item).toMatchObject({ visibility: 'tenant', original: { contentType: 'image/png' } });

  // The owner's link leads to a short-lived signed download, saved under the file's name.
  const path = new URL(link).pathname + new URL(link).search;
  const res = await tenantApi(request, T).get(path, { headers: { Cookie: await sessionCookie(request, owner) }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const location = new URL(res.headers().location!);
  expect(location.searchParams.get('response-content-disposition')).toContain('attachment; filename="diagram.png"');
  expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
  const file = await request.get(location.toString());
  expect(file.headers()['content-disposition']).toContain('attachment');
  // Nobody signed out, and nobody of another tenant, gets it.
  expect((await tenantApi(request, T).get(path, { maxRedirects: 0 })).status()).toBe(404);
  expect((await tenantApi(request, 'solana').get(path, { maxRedirects: 0 })).status()).toBe(404);
});

/** A call of the browser to object storage (a presigned URL), described by its S3 operation. */
function s3Call(method: string, url: string): string | null {
  const u = new URL(url);
  if (!u.searchParams.has('X-Amz-Signature')) return null;
  const part = u.searchParams.get('partNumber');
  if (part) return `part ${part}`;
  if (u.searchParams.has('uploadId')) return method === 'GET' ? 'list parts' : method === 'POST' ? 'complete' : `${method} upload`;
  return u.searchParams.has('uploads') ? 'create' : `${method} object`;
}

test('a multipart upload cut off after its first part resumes after a reload and completes', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const owner = await createUser(T, 'resume', 'organizer');
  await signInContext(context, request, owner);
  // About 17 MB of WAV: three parts of 8 MiB.
  const talk = await makeAudio(dir, 200, 'talk.wav');
  expect(readFileSync(talk).length).toBeGreaterThan(16 * 1024 * 1024);
  await page.goto(tenantUrl(T, '/uploadS3Media'));
  await pageHydrated(page);

  // The connection "drops" while the second part is on its way: it never gets an answer.
  let cutOff = false;
  await page.route(
    (url) => url.searchParams.get('partNumber') === '2',
    () => {
      cutOff = true;
    },
  );
  const firstPart = page.waitForResponse((r) => r.request().method() === 'PUT' && s3Call('PUT', r.url()) === 'part 1' && r.ok(), { timeout: 60_000 });
  await uploadThroughDashboard(page, talk);
  await firstPart;
  await expect.poll(() => cutOff, { timeout: 30_000 }).toBe(true);

  const calls: string[] = [];
  page.on('request', (r) => {
    const call = s3Call(r.method(), r.url());
    if (call) calls.push(call);
  });
  await page.reload();
  await pageHydrated(page);
  // Back online.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // Golden Retriever brought the file back; the upload goes on from what storage holds.
  await expect(page.locator('.uppy-Dashboard-Item')).toHaveCount(1);
  await page.locator('.uppy-StatusBar-actionBtn--upload').click();
  await expect(page.getByTestId('upload-accepted')).toHaveText('talk.wav is uploaded and being processed.', { timeout: 60_000 });
  expect(calls).toContain('list parts');
  expect(calls).not.toContain('part 1');
  expect(calls).not.toContain('create');
  // Parts go up side by side, so their order is not fixed; each must go exactly once.
  expect(calls.filter((c) => c.startsWith('part ')).sort()).toEqual(['part 2', 'part 3']);

  const item = await newestItem(T, owner.sub);
  expect(item).toMatchObject({ kind: 'audio', original: { contentType: 'audio/wav', bytes: readFileSync(talk).length } });
  expect(['processing', 'ready']).toContain(item!.status);
});

test('a multipart upload pauses and resumes from the dashboard without sending a part twice', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const owner = await createUser(T, 'pause', 'organizer');
  await signInContext(context, request, owner);
  const talk = await makeAudio(dir, 200, 'pause.wav');
  await page.goto(tenantUrl(T, '/uploadS3Media'));
  await pageHydrated(page);
  const parts: string[] = [];
  page.on('requestfinished', (r) => {
    const call = s3Call(r.method(), r.url());
    if (call?.startsWith('part ')) parts.push(call);
  });
  // The second part waits, so the upload is surely running when it is paused.
  let holding = false;
  await page.route(
    (url) => url.searchParams.get('partNumber') === '2',
    () => {
      holding = true;
    },
  );
  await uploadThroughDashboard(page, talk);
  await expect.poll(() => holding, { timeout: 60_000 }).toBe(true);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.locator('.uppy-StatusBar-content[title="Paused"]')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByTestId('upload-accepted')).toHaveText('pause.wav is uploaded and being processed.', { timeout: 60_000 });
  // Part 3 may finish while part 2 is held, and a finished request's event can trail the page's
  // reaction to it: wait for the set, in any order; a part sent twice never matches.
  await expect.poll(() => [...parts].sort(), { timeout: 10_000 }).toEqual(['part 1', 'part 2', 'part 3']);
});

test.describe('system media', () => {
  test('signed out → sign-in; a member or a tenant admin not on the platform list → 403', async ({ page, context, request }) => {
    const res = await page.goto(tenantUrl('solana', '/uploadSystemMedia'));
    expect(new URL(page.url()).pathname).toBe('/signIn');
    expect(res?.ok()).toBe(true);
    const admin = await createUser('solana', 'tenant-admin', 'admin');
    await signInContext(context, request, admin);
    for (const path of ['/uploadSystemMedia', '/systemImageUpload']) {
      const forbidden = await page.goto(tenantUrl('solana', path));
      expect(forbidden?.status()).toBe(403);
    }
  });

  test('the platform admin uploads a system image, stored in the system space', async ({ page, context, request }) => {
    const demo = demoAccount(T, 'admin');
    await signInContext(context, request, { tenant: T, username: demo.username, password: demo.password, sub: '', name: 'Demo admin' });
    await page.goto(tenantUrl(T, '/systemImageUpload'));
    await pageHydrated(page);
    await expect(page.getByTestId('upload-rules')).toContainText('Files uploaded here are system media, visible to every site.');
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a0' } }).png().toBuffer();
    const name = `placeholder-${Date.now()}.png`;
    await uploadThroughDashboard(page, { name, mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('upload-accepted')).toContainText(name, { timeout: 20_000 });
    const system = (await e2eData('system').media.list({ limit: 20 })).items.find((i) => i.original.fileName === name);
    expect(system).toMatchObject({ scope: 'system', kind: 'image' });
    // The tenant's own library did not get it.
    expect((await e2eData(T).media.list({ limit: 50 })).items.some((i) => i.original.fileName === name)).toBe(false);
  });
});
