/**
 * A recorded take's trim (docs/decisions/0044) is applied by the processors: the derived files and
 * the item's duration are the kept part only. Media made at test time, one as a browser's
 * MediaRecorder writes it (WebM streamed out: no duration, no seek index).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '#tests/support/mediaFiles';
import { processAudio } from './audio.server';
import type { ProcessorInput, StoreDerived } from './processor.server';
import { processVideo } from './video.server';

const exec = promisify(execFile);
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-trim-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function input(name: string, originalPath: string, contentType: string, trim: ProcessorInput['trim']): Promise<ProcessorInput> {
  const workDir = join(root, name, 'work');
  await mkdir(workDir, { recursive: true });
  const store: StoreDerived = async (key, path, type, size) => {
    const target = join(root, name, 'out', key);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(path, target);
    return { key, contentType: type, bytes: (await readFile(target)).length, ...(size ?? {}) };
  };
  return { originalPath, contentType, workDir, store, progress: () => undefined, trim };
}

async function durationOf(path: string): Promise<number> {
  const { stdout } = await exec('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/** A WebM as MediaRecorder leaves it: VP8 and Opus written to a pipe, so no duration and no cues. */
async function streamedWebm(seconds: number, video: boolean): Promise<string> {
  const args = ['-hide_banner', '-nostdin', '-v', 'error'];
  if (video) args.push('-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`);
  args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  if (video) args.push('-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k');
  args.push('-c:a', 'libopus', '-f', 'webm', 'pipe:1');
  const { stdout } = await exec('/usr/bin/ffmpeg', args, { encoding: 'buffer', maxBuffer: 1 << 26 });
  const path = join(root, `take-${video ? 'video' : 'audio'}-${seconds}.webm`);
  await writeFile(path, stdout);
  return path;
}

describe('trimmed takes', () => {
  it('a trimmed video keeps only the kept part, in every derived file and the duration', async () => {
    const original = await streamedWebm(6, true);
    const out = await processVideo(await input('video', original, 'video/webm', { startSeconds: 1, endSeconds: 4 }));
    expect(out.derived.durationSeconds).toBeGreaterThan(2.7);
    expect(out.derived.durationSeconds).toBeLessThan(3.3);
    expect(await durationOf(join(root, 'video', 'out', 'derived/video.mp4'))).toBeLessThan(3.3);
  }, 60_000);

  it('a trimmed sound keeps only the kept part', async () => {
    const original = await streamedWebm(6, false);
    const out = await processAudio(await input('audio', original, 'audio/webm', { startSeconds: 2, endSeconds: 4.5 }));
    expect(out.derived.durationSeconds).toBeGreaterThan(2.3);
    expect(out.derived.durationSeconds).toBeLessThan(2.7);
    expect(await durationOf(join(root, 'audio', 'out', 'derived/audio.mp3'))).toBeLessThan(2.8);
  }, 60_000);

  it('an untrimmed sound as MediaRecorder writes it (no stated duration) gets its measured duration', async () => {
    const original = await streamedWebm(3, false);
    const out = await processAudio(await input('untrimmed', original, 'audio/webm', undefined));
    expect(out.derived.durationSeconds).toBeGreaterThan(2.8);
    expect(out.derived.durationSeconds).toBeLessThan(3.2);
  }, 60_000);

  it('a trim past the end of the take fails as a trim the file cannot have', async () => {
    const original = await makeVideo(root, { seconds: 2, width: 320, height: 240 }, 'short.mp4');
    await expect(processVideo(await input('past', original, 'video/mp4', { startSeconds: 5, endSeconds: 8 }))).rejects.toMatchObject({ name: 'ProcessingError', code: 'trim_outside' });
  }, 60_000);
});
