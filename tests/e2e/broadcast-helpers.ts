/** Shared steps of the broadcast specs: the key screen, its values, the live status. */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantUrl } from './fixtures';
import { e2eMediaData } from './library-helpers';

export async function openKeyScreen(page: Page, protocol: 'rtmp' | 'srt', eventId: string) {
  await page.goto(tenantUrl('aurora', `/${protocol}Key?eventId=${eventId}`));
  await pageHydrated(page);
}

/** Creates (or, after confirming, rotates) the key; returns the ingest URL and the key shown once. */
export async function mintKey(page: Page, intent: 'create' | 'rotate'): Promise<{ url: string; key: string }> {
  if (intent === 'create') await page.getByTestId('create-key').click();
  else {
    await page.getByTestId('rotate-key').click();
    await page.getByTestId('key-confirm-confirm').click();
  }
  const key = page.getByTestId('stream-key');
  await expect(key).toHaveValue(/.{32,}/);
  return { url: await page.getByTestId('ingest-url').inputValue(), key: await key.inputValue() };
}

export const liveStatus = (page: Page) => page.getByTestId('live-status');

export async function expectStatus(page: Page, status: string, timeout = 30_000) {
  await expect(liveStatus(page)).toHaveAttribute('data-status', status, { timeout });
}

/**
 * A live push as the ingest worker leaves it, without ffmpeg: the event's live state (claimed by a
 * session with a long lease, then live with one 360p rendition) and its playlists and two segments
 * in the tenant's storage under the push's folder. The live routes read exactly these.
 */
export async function seedLiveBroadcast(tenant: string, eventId: string): Promise<{ folder: string; sessionId: string }> {
  const data = e2eMediaData(tenant);
  const sessionId = randomUUID();
  // The worker's layout (liveFolder in server/broadcast/ingest/push.server.ts).
  const folder = `broadcasts/${eventId}/${sessionId}`;
  const hls = 'application/vnd.apple.mpegurl';
  const master = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1140800,RESOLUTION=640x360\n360p/index.m3u8\n';
  const media = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:EVENT'];
  for (const n of [0, 1]) media.push('#EXTINF:1.000000,', `segment_0000${n}.ts`);
  await Promise.all([
    data.files.put({ key: `${folder}/master.m3u8`, body: master, contentType: hls }),
    data.files.put({ key: `${folder}/360p/index.m3u8`, body: `${media.join('\n')}\n`, contentType: hls }),
    ...[0, 1].map((n) => data.files.put({ key: `${folder}/360p/segment_0000${n}.ts`, body: Buffer.alloc(188, n), contentType: 'video/mp2t' })),
  ]);
  const claimed = await data.broadcasts.claimLive(eventId, { protocol: 'rtmp', sessionId, workerId: 'test-worker', leaseMs: 3_600_000, folder });
  if (!claimed) throw new Error(`the live state of ${eventId} is held by another push`);
  await data.broadcasts.updateLive(eventId, sessionId, { status: 'live', variants: ['360p'], width: 640, height: 360, bitrateKbps: 1100 });
  return { folder, sessionId };
}

/** Ends the seeded push and names the item it was kept as (what the worker does once the VOD is made). */
export async function endSeededBroadcast(tenant: string, eventId: string, sessionId: string, mediaId: string) {
  await e2eMediaData(tenant).broadcasts.updateLive(eventId, sessionId, { status: 'ended', endedAt: new Date().toISOString(), mediaId });
}
