/**
 * Video: HLS renditions at 360p and 720p (plus the source's own height when it is lower than
 * 720p; never upscaled) with a master playlist, an MP4 fallback, a poster and the duration.
 * One ffmpeg run decodes the source once and encodes every rendition, so its progress is the job's
 * progress; key frames every 2 s keep the renditions' segments aligned for switching. The MP4 is
 * the highest rendition remuxed (no third encode).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { VIDEO_RENDITION_HEIGHTS, type DerivedFile } from '#app/lib/media/model';
import { trimInputArgs, type Trim } from '#app/lib/media/trim';
import { ProcessingError } from '#server/platform/media/failures.server';
import type { Processor } from './processor.server';
import { checkTrim, keptSeconds } from './trim.server';
import { ffmpeg, probe, run, FFMPEG, ToolError } from '#server/platform/media/tools.server';

/** Video bitrate per rendition height (kbit/s); the master playlist's BANDWIDTH comes from these. */
const VIDEO_KBPS: Record<number, number> = { 360: 800, 480: 1400, 540: 1800, 720: 2800 };
const kbpsFor = (height: number) => VIDEO_KBPS[height] ?? Math.round(800 + ((height - 360) * 2000) / 360);
const AUDIO_KBPS = 128;
const SEGMENT_SECONDS = 4;
/** Segments stored in parallel: an hour of video is ~900 segments per rendition. */
const UPLOADS_AT_ONCE = 6;

/** Runs `work` on every item, at most `limit` at a time; the first failure rejects. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The heights to cut: the standard ones up to the source, plus the source's own when lower than the highest. */
export function renditionHeights(sourceHeight: number): number[] {
  const even = sourceHeight - (sourceHeight % 2);
  const heights: number[] = VIDEO_RENDITION_HEIGHTS.filter((h) => h <= even);
  const top = VIDEO_RENDITION_HEIGHTS[VIDEO_RENDITION_HEIGHTS.length - 1];
  if (even < top && !heights.includes(even) && even > 0) heights.push(even);
  return heights.sort((a, b) => a - b);
}

export function transcodeArgs(input: string, out: string, heights: number[], hasAudio: boolean, preset: string, trim?: Trim): string[] {
  const splits = heights.map((_, i) => `[s${i}]`).join('');
  const scales = heights.map((h, i) => `[s${i}]scale=-2:${h}[v${i}]`).join(';');
  const filter = `[0:v]split=${heights.length}${splits};${scales}`;
  const args = [...trimInputArgs(trim), '-i', input, '-filter_complex', filter];
  heights.forEach((_, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
  });
  args.push('-c:v', 'libx264', '-preset', preset, '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0');
  heights.forEach((h, i) => args.push(`-b:v:${i}`, `${kbpsFor(h)}k`, `-maxrate:v:${i}`, `${Math.round(kbpsFor(h) * 1.2)}k`, `-bufsize:v:${i}`, `${kbpsFor(h) * 2}k`));
  if (hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2');
  const streamMap = heights.map((h, i) => (hasAudio ? `v:${i},a:${i},name:${h}p` : `v:${i},name:${h}p`)).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_filename', join(out, 'hls', '%v', 'segment_%03d.ts'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    join(out, 'hls', '%v', 'index.m3u8'),
  );
  return args;
}

/** The MP4 fallback: the highest rendition's segments joined without re-encoding (seconds, not a third transcode). */
export function remuxArgs(playlist: string, mp4: string, hasAudio: boolean): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', playlist, '-map', '0', '-c', 'copy', ...(hasAudio ? ['-bsf:a', 'aac_adtstoasc'] : []), '-movflags', '+faststart', mp4];
}

export const processVideo: Processor = async ({ originalPath, workDir, store, progress, trim }) => {
  const info = await probe(originalPath, 'video');
  if (!info.hasVideo || !info.height || !info.width) throw new ProcessingError('video_no_picture', 'no video stream');
  checkTrim(trim, info.durationSeconds);
  const heights = renditionHeights(info.height);
  if (heights.length === 0) throw new ProcessingError('video_unreadable', `height ${info.height}`);
  for (const h of heights) await mkdir(join(workDir, 'hls', `${h}p`), { recursive: true });
  const preset = process.env.MEDIA_X264_PRESET ?? 'veryfast';
  try {
    await ffmpeg(transcodeArgs(originalPath, workDir, heights, info.hasAudio, preset, trim), keptSeconds(trim, info.durationSeconds), (f) => progress(f * 0.85));
  } catch (e) {
    // A file ffprobe could read but ffmpeg cannot decode is damaged: retrying will not help.
    if (e instanceof ToolError && e.code !== null && e.code !== 0 && e.signal === null) throw new ProcessingError('video_unreadable', e.message);
    throw e;
  }
  const posterHeight = heights[heights.length - 1];
  try {
    await run(FFMPEG, remuxArgs(join(workDir, 'hls', `${posterHeight}p`, 'index.m3u8'), join(workDir, 'video.mp4'), info.hasAudio));
  } catch (e) {
    // A trim starting past the end of a take that stated no duration leaves nothing to join.
    if (trim && e instanceof ToolError) throw new ProcessingError('trim_outside', e.message);
    throw e;
  }
  // A browser's MediaRecorder WebM (a room recording, a capture) states no duration, and a trimmed
  // take is shorter than its original: measure the MP4 cut from it.
  const durationSeconds = info.durationSeconds > 0 && !trim ? info.durationSeconds : (await probe(join(workDir, 'video.mp4'), 'video')).durationSeconds;
  if (trim && durationSeconds <= 0) throw new ProcessingError('trim_outside', 'nothing left after trimming');
  // The poster comes from the MP4 cut above (indexed, already trimmed): seeking in a recorder's WebM
  // can land past its last frame, and ffmpeg then writes nothing yet exits 0; the first frame then.
  const posterPath = join(workDir, 'poster.jpg');
  const posterArgs = (at: number) => ['-hide_banner', '-nostdin', '-y', '-ss', at.toFixed(2), '-i', join(workDir, 'video.mp4'), '-frames:v', '1', '-vf', `scale=-2:${posterHeight}`, '-q:v', '3', posterPath];
  await run(FFMPEG, posterArgs(Math.min(1, durationSeconds / 10)));
  if (!existsSync(posterPath)) await run(FFMPEG, posterArgs(0));
  progress(0.88);

  const width = (h: number) => Math.round((info.width! * h) / info.height! / 2) * 2;
  for (const [i, h] of heights.entries()) {
    const folder = join(workDir, 'hls', `${h}p`);
    const names = (await readdir(folder)).sort();
    await eachLimited(names, UPLOADS_AT_ONCE, (name) => {
      const type = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
      return store(`derived/hls/${h}p/${name}`, join(folder, name), type, { width: width(h), height: h });
    });
    progress(0.88 + (0.1 * (i + 1)) / heights.length);
  }
  const hls: DerivedFile = await store('derived/hls/master.m3u8', join(workDir, 'hls', 'master.m3u8'), 'application/vnd.apple.mpegurl');
  const mp4 = await store('derived/video.mp4', join(workDir, 'video.mp4'), 'video/mp4', { width: width(posterHeight), height: posterHeight });
  const poster = await store('derived/poster.jpg', join(workDir, 'poster.jpg'), 'image/jpeg', { width: width(posterHeight), height: posterHeight });
  return {
    derived: { hls, renditions: heights, mp4, poster, durationSeconds: Math.round(durationSeconds * 100) / 100, width: info.width, height: info.height },
  };
};
