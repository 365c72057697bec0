/**
 * Audio: AAC in an .m4a (what browsers play natively), an MP3 (for downloads and old players), the
 * duration, and a waveform: peak levels (0–1) in evenly spaced buckets over the duration.
 */
import { join } from 'node:path';
import { trimInputArgs } from '#app/lib/media/trim';
import { ProcessingError } from '#server/platform/media/failures.server';
import type { Processor } from './processor.server';
import { ffmpeg, FFMPEG, probe, spawnTool, ToolError } from '#server/platform/media/tools.server';
import { checkTrim, keptSeconds } from './trim.server';

export const WAVEFORM_BUCKETS = 200;
const WAVEFORM_RATE = 8000;

/** Folds signed 16-bit mono samples into `buckets` peaks (0–1, two decimals). */
export class PeakCollector {
  private peaks: number[];
  private index = 0;
  private carry: Buffer | null = null;

  constructor(
    private buckets: number,
    private totalSamples: number,
  ) {
    this.peaks = new Array<number>(buckets).fill(0);
  }

  push(chunk: Buffer) {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = data.length - (data.length % 2);
    this.carry = whole < data.length ? data.subarray(whole) : null;
    const perBucket = Math.max(1, this.totalSamples / this.buckets);
    for (let offset = 0; offset < whole; offset += 2, this.index++) {
      const bucket = Math.min(this.buckets - 1, Math.floor(this.index / perBucket));
      const level = Math.abs(data.readInt16LE(offset)) / 32768;
      if (level > this.peaks[bucket]) this.peaks[bucket] = level;
    }
  }

  result(): number[] {
    return this.peaks.map((p) => Math.round(p * 100) / 100);
  }
}

/** Decodes the sound to 8 kHz mono PCM and collects its peaks while it streams (nothing kept in memory). */
export function waveform(path: string, durationSeconds: number, buckets = WAVEFORM_BUCKETS): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const collector = new PeakCollector(buckets, Math.max(1, Math.round(durationSeconds * WAVEFORM_RATE)));
    const child = spawnTool(FFMPEG, ['-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(WAVEFORM_RATE), '-f', 's16le', 'pipe:1']);
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(collector.result()) : reject(new ToolError(FFMPEG, code, signal, stderr))));
  });
}

export const processAudio: Processor = async ({ originalPath, workDir, store, progress, trim }) => {
  const info = await probe(originalPath, 'audio');
  if (!info.hasAudio) throw new ProcessingError('audio_no_sound', 'no audio stream');
  checkTrim(trim, info.durationSeconds);
  const m4aPath = join(workDir, 'audio.m4a');
  const mp3Path = join(workDir, 'audio.mp3');
  try {
    await ffmpeg(
      [...trimInputArgs(trim), '-i', originalPath, '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', m4aPath, '-map', '0:a:0', '-vn', '-c:a', 'libmp3lame', '-b:a', '192k', mp3Path],
      keptSeconds(trim, info.durationSeconds),
      (f) => progress(f * 0.8),
    );
  } catch (e) {
    if (e instanceof ToolError && e.signal === null) throw new ProcessingError('audio_unreadable', e.message);
    throw e;
  }
  // A browser's MediaRecorder WebM states no duration, and a trimmed take is shorter: measure what was made.
  const durationSeconds = info.durationSeconds > 0 && !trim ? info.durationSeconds : (await probe(m4aPath, 'audio')).durationSeconds;
  if (trim && durationSeconds <= 0) throw new ProcessingError('trim_outside', 'nothing left after trimming');
  const peaks = await waveform(m4aPath, durationSeconds);
  progress(0.9);
  const mp4 = await store('derived/audio.m4a', m4aPath, 'audio/mp4');
  const mp3 = await store('derived/audio.mp3', mp3Path, 'audio/mpeg');
  return { derived: { mp4, mp3, waveform: peaks, durationSeconds: Math.round(durationSeconds * 100) / 100 } };
};
