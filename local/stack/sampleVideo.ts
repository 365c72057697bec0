/**
 * The player demo's sample (/nuevoPlayerDemoPage): a 24-second test pattern (ffmpeg's testsrc2
 * with a burned-in clock) and a 440 Hz tone, made by ffmpeg when the local stack seeds (nothing is
 * downloaded), stored as a public system media item tagged `player-demo`, and handed to the media
 * pipeline for its renditions and poster. Idempotent: once made, it is not made again; one still
 * waiting for processing is handed to the queue again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_TENANT_ID } from '#app/lib/config/tenant';
import type { MediaJob } from '#app/lib/media/model';
import { PLAYER_DEMO_TAG } from '#app/lib/playback/demo';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import { FFMPEG, run } from '#server/platform/media/tools.server';
import { findPlayerDemo } from '#server/media/playback/demo.server';

export const SAMPLE_SECONDS = 24;

/** The sample as MP4 bytes (H.264 + AAC). */
export async function makeSampleVideo(seconds = SAMPLE_SECONDS): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'player-demo-'));
  const out = join(dir, 'sample.mp4');
  try {
    await run(FFMPEG, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds},drawtext=text='%{pts\\:hms}':fontsize=48:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12:x=40:y=40`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes and stores the sample unless it exists; returns the new item's id, or null. */
export async function seedPlayerDemo(stores: Required<Pick<DataStores, 'db' | 'storage'>>, enqueue?: (job: MediaJob) => Promise<void>): Promise<string | null> {
  const data = tenantData(stores, SYSTEM_TENANT_ID);
  const existing = await findPlayerDemo(data.media);
  if (existing) {
    if (existing.status === 'processing' && enqueue) await enqueue({ tenantId: SYSTEM_TENANT_ID, scope: 'system', mediaId: existing.id, kind: 'video' });
    return null;
  }
  const bytes = await makeSampleVideo();
  const item = await data.media.create({
    kind: 'video',
    scope: 'system',
    ownerId: 'sample-seed',
    ownerName: 'Platform',
    title: 'Test pattern with a clock and a tone',
    tags: [PLAYER_DEMO_TAG],
    visibility: 'public',
    original: { fileName: 'player-demo.mp4', contentType: 'video/mp4', bytes: bytes.length, extension: 'mp4' },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType: 'video/mp4' });
  await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
  if (enqueue) await enqueue({ tenantId: SYSTEM_TENANT_ID, scope: 'system', mediaId: item.id, kind: 'video' });
  return item.id;
}
