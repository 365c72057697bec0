/**
 * The two ffmpeg runs of one live push (docs/decisions/0029):
 *
 *   receiver  takes the push (SRT listener, or the RTMP stream node-media-server holds) and copies
 *             it, unchanged, to its stdout (MPEG-TS) and to the recording kept as the VOD. Cheap
 *             (no decode); its log names the source's streams before any output is written.
 *   packager  reads that copy from stdin once the source's size is known, decodes once and cuts
 *             HLS renditions (360p and 720p, or the source's own height when lower: never upscaled)
 *             in 1-second segments with key frames aligned across renditions.
 */
import { join } from 'node:path';
import { renditionHeights } from '#server/media/index.server';

const VIDEO_KBPS: Record<number, number> = { 360: 800, 720: 2800 };
const kbpsFor = (height: number) => VIDEO_KBPS[height] ?? Math.round(800 + ((height - 360) * 2000) / 360);
export const LIVE_SEGMENT_SECONDS = 1;

export function receiverArgs(input: string[], recordingPath: string): string[] {
  const copy = ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-f', 'mpegts'];
  return ['-hide_banner', '-nostdin', '-y', '-loglevel', 'info', ...input, ...copy, 'pipe:1', ...copy, recordingPath];
}

export interface SourceInfo {
  width: number;
  height: number;
  hasAudio: boolean;
}

const VIDEO_LINE = /Stream #0:\d+[^:]*: Video: .*?(\d{2,5})x(\d{2,5})/;
const AUDIO_LINE = /Stream #0:\d+[^:]*: Audio: /;

/** The source's streams from the receiver's log, once it has listed them all (it prints the output section next). */
export function parseSourceInfo(log: string): SourceInfo | null {
  const outputAt = log.indexOf('Output #0');
  if (outputAt < 0) return null;
  const inputPart = log.slice(0, outputAt);
  const video = VIDEO_LINE.exec(inputPart);
  if (!video) return null;
  return { width: Number(video[1]), height: Number(video[2]), hasAudio: AUDIO_LINE.test(inputPart) };
}

export const liveVariants = (sourceHeight: number) => renditionHeights(sourceHeight).map((h) => `${h}p`);

export function packagerArgs(source: SourceInfo, outDir: string, preset = 'veryfast'): { args: string[]; variants: string[] } {
  const heights = renditionHeights(source.height);
  const splits = heights.map((_, i) => `[s${i}]`).join('');
  const scales = heights.map((h, i) => `[s${i}]scale=-2:${h}[v${i}]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0', '-filter_complex', `[0:v]split=${heights.length}${splits};${scales}`];
  heights.forEach((_, i) => {
    args.push('-map', `[v${i}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
  });
  args.push('-c:v', 'libx264', '-preset', preset, '-tune', 'zerolatency', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS})`, '-sc_threshold', '0');
  heights.forEach((h, i) => args.push(`-b:v:${i}`, `${kbpsFor(h)}k`, `-maxrate:v:${i}`, `${Math.round(kbpsFor(h) * 1.2)}k`, `-bufsize:v:${i}`, `${kbpsFor(h)}k`));
  if (source.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  const variants = heights.map((h) => `${h}p`);
  const streamMap = heights.map((h, i) => (source.hasAudio ? `v:${i},a:${i},name:${h}p` : `v:${i},name:${h}p`)).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', String(LIVE_SEGMENT_SECONDS),
    '-hls_list_size', '0',
    '-hls_playlist_type', 'event',
    '-hls_flags', 'independent_segments+temp_file',
    '-hls_segment_filename', join(outDir, '%v', 'segment_%05d.ts'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    join(outDir, '%v', 'index.m3u8'),
  );
  return { args, variants };
}
