/**
 * The playback screens' browser-test fixtures: a 30-second video (long enough to leave, come back
 * and resume) made here with ffmpeg (testsrc2 with a burned-in clock and a sine tone), cut into
 * one HLS rendition and stored as a finished item the way the worker lays it out; and readers of
 * the page's player.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import type { MediaItem, MediaVisibility } from '#app/lib/media/model';
import { mediaFolder } from '#server/media/data/media.server';
import type { TenantData } from '#server/data/tenantData.server';

const run = promisify(execFile);
export const LONG_SECONDS = 30;
let made: Promise<{ dir: string; files: string[] }> | undefined;

/** The clip and its HLS cut, made once per worker process. */
function longClip() {
  made ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playback-test-'));
    const mp4 = join(dir, 'clip.mp4');
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${LONG_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${LONG_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', mp4,
    ]);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', mp4, '-c', 'copy', '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(dir, 'seg%03d.ts'), join(dir, 'index.m3u8')]);
    return { dir, files: readdirSync(dir).filter((f) => f !== 'clip.mp4') };
  })();
  return made;
}

export interface LongVideo {
  owner: { sub: string; name: string };
  title: string;
  description?: string;
  tags?: string[];
  visibility?: MediaVisibility;
}

/** A finished 30 s video item with HLS (240p), MP4 and poster in the tenant's storage. */
export async function seedLongVideo(data: TenantData, input: LongVideo): Promise<MediaItem> {
  const { dir, files } = await longClip();
  const mp4 = readFileSync(join(dir, 'clip.mp4'));
  const created = await data.media.create({
    kind: 'video',
    ownerId: input.owner.sub,
    ownerName: input.owner.name,
    title: input.title,
    description: input.description,
    tags: input.tags,
    visibility: input.visibility ?? 'tenant',
    original: { fileName: 'clip.mp4', contentType: 'video/mp4', bytes: mp4.length, extension: 'mp4' },
  });
  const folder = `${mediaFolder(created.id)}/derived`;
  await data.files.put({ key: created.original.key, body: mp4, contentType: 'video/mp4' });
  for (const name of files) {
    await data.files.put({ key: `${folder}/hls/240p/${name}`, body: readFileSync(join(dir, name)), contentType: name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' });
  }
  const master = Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240\n240p/index.m3u8\n');
  await data.files.put({ key: `${folder}/hls/master.m3u8`, body: master, contentType: 'application/vnd.apple.mpegurl' });
  await data.files.put({ key: `${folder}/video.mp4`, body: mp4, contentType: 'video/mp4' });
  const item = await data.media.setStatus(created.id, {
    status: 'ready',
    progress: 100,
    derived: {
      hls: { key: `${folder}/hls/master.m3u8`, contentType: 'application/vnd.apple.mpegurl', bytes: master.length },
      renditions: [240],
      mp4: { key: `${folder}/video.mp4`, contentType: 'video/mp4', bytes: mp4.length, width: 320, height: 240 },
      durationSeconds: LONG_SECONDS,
      width: 320,
      height: 240,
    },
  });
  if (!item) throw new Error(`seeded video ${created.id} vanished`);
  return item;
}

type MediaState = { time: number; paused: boolean; rate: number; volume: number; duration: number; tracks: string[] };

/** The state of the first media element inside `scope`. */
export function mediaState(scope: Locator, tag: 'video' | 'audio' = 'video'): Promise<MediaState> {
  return scope
    .locator(tag)
    .first()
    .evaluate((m: HTMLMediaElement) => ({
      time: m.currentTime,
      paused: m.paused,
      rate: m.playbackRate,
      volume: m.volume,
      duration: m.duration,
      tracks: Array.from(m.textTracks, (t) => `${t.kind}:${t.language}:${t.label}`),
    }));
}

/** Waits for media-chrome's elements (registered by the player in the browser), then presses the player's play button. */
export async function pressPlay(page: Page, scope: Locator) {
  await page.waitForFunction(() => customElements.get('media-controller') !== undefined && customElements.get('media-play-button') !== undefined);
  await scope.locator('media-play-button').first().click();
}
