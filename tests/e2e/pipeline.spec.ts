/**
 * The processing pipeline in the browser-test stack: the stack's own media worker takes a queued
 * video, the app serves its HLS playlists (segments signed), and Chromium plays it through hls.js
 * (currentTime advances). The playlist, status and retry endpoints answer only the tenant's
 * viewers; a failed item is retried by its owner.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { MediaItem } from '#app/lib/media/model';
import { makeVideo } from '#tests/support/mediaFiles';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { pipelineStack, uploadAndEnqueue, type PipelineStack } from './pipeline-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';

const HLS_JS = 'node_modules/hls.js/dist/hls.min.js';

let dir: string;
let stack: PipelineStack;
let owner: TestUser;
let member: TestUser;
let video: MediaItem;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipeline-e2e-'));
  stack = pipelineStack();
  [owner, member] = await Promise.all([createUser('aurora', 'media-owner', 'organizer'), createUser('aurora', 'media-member', 'member')]);
  const clip = await makeVideo(dir, { seconds: 10, width: 1280, height: 720 });
  video = await uploadAndEnqueue(stack, 'aurora', { sub: owner.sub, name: 'Owner' }, { kind: 'video', path: clip, contentType: 'video/mp4', extension: 'mp4', title: 'Pipeline clip' });
});

test.afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

async function statusOf(request: APIRequestContext, cookie: string, id: string) {
  const res = await tenantApi(request, 'aurora').get(`/api/media/status?id=${id}`, { headers: { Cookie: cookie } });
  return (await res.json()) as { status: string; progress?: number; failure?: string };
}

test('the worker processes a queued video and Chromium plays it through HLS', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const cookie = await sessionCookie(request, owner);
  await expect.poll(async () => (await statusOf(request, cookie, video.id)).status, { timeout: 150_000, intervals: [500] }).toBe('ready');

  await signInContext(context, request, owner);
  const origin = tenantUrl('aurora', '').replace(/\/$/, '');
  const segmentRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/derived/hls/') && r.url().includes('.ts')) segmentRequests.push(r.url());
  });
  // hls.js on a real page of the app (its CSP, its address space), as the player loads it: the
  // script is served at a path of the app's origin that only this test answers.
  await page.route(`${origin}/__hls.js`, (route) => route.fulfill({ contentType: 'text/javascript', path: HLS_JS }));
  await page.goto(`${origin}/`);
  await pageHydrated(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = '/__hls.js';
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('hls.js did not load'));
        document.head.append(script);
      }),
  );
  await page.evaluate((src) => {
    type HlsType = { new (c: object): { loadSource(s: string): void; attachMedia(v: HTMLMediaElement): void }; isSupported(): boolean };
    const Hls = (window as unknown as { Hls: HlsType }).Hls;
    const v = document.createElement('video');
    v.id = 'v';
    v.muted = true;
    v.playsInline = true;
    document.body.prepend(v);
    const hls = new Hls({ enableWorker: false });
    hls.loadSource(src);
    hls.attachMedia(v);
    void v.play();
  }, `/api/media/playlist?id=${video.id}`);
  await expect.poll(() => page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).videoHeight)).toBeGreaterThan(0);
  // Segments come straight from storage, signed; never through the app.
  expect(segmentRequests.length).toBeGreaterThan(0);
  for (const url of segmentRequests) {
    expect(url.startsWith(origin)).toBe(false);
    expect(url).toContain('X-Amz-Signature=');
  }
});

test('playlists answer the tenant’s viewers only', async ({ request }) => {
  const ownerCookie = await sessionCookie(request, owner);
  const memberCookie = await sessionCookie(request, member);
  const path = `/api/media/playlist?id=${video.id}`;
  const asOwner = await tenantApi(request, 'aurora').get(path, { headers: { Cookie: ownerCookie } });
  expect(asOwner.status()).toBe(200);
  expect(asOwner.headers()['content-type']).toContain('application/vnd.apple.mpegurl');
  expect(asOwner.headers()['cache-control']).toContain('no-store');
  const master = await asOwner.text();
  expect(master).toContain(`/api/media/playlist?id=${video.id}&variant=720p`);
  const rendition = await tenantApi(request, 'aurora').get(`${path}&variant=360p`, { headers: { Cookie: ownerCookie } });
  expect(await rendition.text()).toMatch(/^https?:\/\/[^\n]+segment_000\.ts\?[^\n]*X-Amz-Signature=/m);

  // Private: another member of the tenant, a visitor, and another tenant's host all get 404.
  expect((await tenantApi(request, 'aurora').get(path, { headers: { Cookie: memberCookie } })).status()).toBe(404);
  expect((await tenantApi(request, 'aurora').get(path)).status()).toBe(404);
  expect((await tenantApi(request, 'solana').get(path)).status()).toBe(404);
  expect((await tenantApi(request, 'aurora').get(`${path}&variant=1080p`, { headers: { Cookie: ownerCookie } })).status()).toBe(404);
  expect((await tenantApi(request, 'aurora').get(`${path}&variant=../x`, { headers: { Cookie: ownerCookie } })).status()).toBe(400);
  expect((await tenantApi(request, 'aurora').get('/api/media/playlist?id=nope', { headers: { Cookie: ownerCookie } })).status()).toBe(400);
  const status = await tenantApi(request, 'solana').get(`/api/media/status?id=${video.id}`);
  expect(status.status()).toBe(404);
});

test('a failed item says why, and its owner retries it; nobody else can', async ({ request }) => {
  test.setTimeout(90_000);
  const broken = join(dir, 'broken.mp4');
  await writeFile(broken, Buffer.from('this is not a video at all'));
  const item = await uploadAndEnqueue(stack, 'aurora', { sub: owner.sub, name: 'Owner' }, { kind: 'video', path: broken, contentType: 'video/mp4', extension: 'mp4', title: 'Broken' });
  const ownerCookie = await sessionCookie(request, owner);
  const memberCookie = await sessionCookie(request, member);
  await expect.poll(async () => (await statusOf(request, ownerCookie, item.id)).status, { timeout: 60_000, intervals: [300] }).toBe('failed');
  expect((await statusOf(request, ownerCookie, item.id)).failure).toBe('video_unreadable');

  const retry = (tenant: string, cookie?: string, body: unknown = { mediaId: item.id }) =>
    tenantApi(request, tenant).post('/api/media/retry', { headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, data: JSON.stringify(body) });
  expect((await retry('aurora')).status()).toBe(401);
  expect((await retry('aurora', memberCookie)).status()).toBe(404);
  expect((await retry('aurora', ownerCookie, { mediaId: 'x' })).status()).toBe(400);
  const refused = await retry('solana', ownerCookie);
  expect([401, 404]).toContain(refused.status());

  const accepted = await retry('aurora', ownerCookie);
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toEqual({ status: 'processing', progress: 0 });
  const again = await retry('aurora', ownerCookie);
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Only an item whose processing failed can be processed again.');
  // The worker runs it again and it fails again with the same reason.
  await expect.poll(async () => (await statusOf(request, ownerCookie, item.id)).status, { timeout: 60_000, intervals: [300] }).toBe('failed');
});
