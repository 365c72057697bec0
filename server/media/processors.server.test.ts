/**
 * Each kind's processor on media made at test time; derived files go to a local folder here (the
 * job test stores them in the local S3).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '#app/lib/media/model';
import { exifTags, GPS_IFD_TAG, makeAudio, makeJpegWithGps, makePdf, makeVideo } from '#tests/support/mediaFiles';
import { processAudio, PeakCollector, WAVEFORM_BUCKETS } from './audio.server';
import { processDocument } from './document.server';
import { processImage } from './image.server';
import type { ProcessorInput, StoreDerived } from './processor.server';
import { processVideo, renditionHeights } from './video.server';

const exec = promisify(execFile);
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-processors-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function setUp(name: string, originalPath: string, contentType: string) {
  const workDir = join(root, name, 'work');
  const outDir = join(root, name, 'out');
  await mkdir(workDir, { recursive: true });
  const stored = new Map<string, string>();
  const store: StoreDerived = async (key, path, type, size) => {
    const target = join(outDir, key);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(path, target);
    stored.set(key, target);
    const bytes = (await readFile(target)).length;
    return { key, contentType: type, bytes, ...(size ?? {}) };
  };
  const fractions: number[] = [];
  const input: ProcessorInput = { originalPath, contentType, workDir, store, progress: (f) => fractions.push(f) };
  return { input, stored, fractions };
}

async function probeSize(path: string) {
  const { stdout } = await exec('/usr/bin/ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', path]);
  const stream = (JSON.parse(stdout) as { streams: Array<{ width: number; height: number }> }).streams[0];
  return { width: stream.width, height: stream.height };
}

describe('images', () => {
  it('makes the four sizes as webp (never upscaled), strips GPS from the original and keeps its orientation', async () => {
    const original = await makeJpegWithGps(root, 1200, 800, 6, 'gps.jpg');
    expect(exifTags(await readFile(original))?.has(GPS_IFD_TAG)).toBe(true);
    const { input, stored, fractions } = await setUp('image', original, 'image/jpeg');
    const out = await processImage(input);

    // Orientation 6: the photo shows turned a quarter, 800 wide and 1200 high.
    expect(out.derived).toMatchObject({ width: 800, height: 1200 });
    for (const [name, side] of Object.entries(IMAGE_SIZES)) {
      const file = out.derived.sizes?.[name as keyof typeof IMAGE_SIZES];
      const meta = await sharp(stored.get(`derived/${name}.webp`)!).metadata();
      const expectedHeight = Math.min(side, 1200);
      expect(meta.format).toBe('webp');
      expect(meta.height).toBe(expectedHeight);
      expect(meta.width).toBe(Math.round((expectedHeight * 800) / 1200));
      expect(meta.exif).toBeUndefined();
      expect(file).toMatchObject({ key: `derived/${name}.webp`, width: meta.width, height: meta.height, contentType: 'image/webp' });
    }
    const cleaned = await readFile(out.cleanedOriginal!.path);
    expect(exifTags(cleaned)?.has(GPS_IFD_TAG) ?? false).toBe(false);
    const cleanedMeta = await sharp(cleaned).metadata();
    expect([cleanedMeta.width, cleanedMeta.height, cleanedMeta.orientation ?? 1]).toEqual([800, 1200, 1]);
    expect(fractions.at(-1)).toBe(1);
  });

  it('fails a file that is not an image with a reason', async () => {
    const pdf = await makePdf(root, 1, 'not-an-image.pdf');
    const { input } = await setUp('liar', pdf, 'image/jpeg');
    await expect(processImage(input)).rejects.toMatchObject({ name: 'ProcessingError', code: 'image_unreadable' });
  });
});

describe('video', () => {
  it('picks renditions up to the source and never upscales', () => {
    expect(renditionHeights(1080)).toEqual([360, 720]);
    expect(renditionHeights(720)).toEqual([360, 720]);
    expect(renditionHeights(480)).toEqual([360, 480]);
    expect(renditionHeights(241)).toEqual([240]);
  });

  it('cuts HLS renditions with a master playlist, an MP4 fallback and a poster', async () => {
    const clip = await makeVideo(root, { seconds: 6, width: 854, height: 480 }, 'short.mp4');
    const { input, stored, fractions } = await setUp('video', clip, 'video/mp4');
    const out = await processVideo(input);

    expect(out.derived.renditions).toEqual([360, 480]);
    expect(out.derived.durationSeconds).toBeGreaterThan(5.5);
    expect(out.derived.durationSeconds).toBeLessThan(6.5);
    const master = await readFile(stored.get('derived/hls/master.m3u8')!, 'utf8');
    expect(master).toContain('#EXT-X-STREAM-INF');
    expect(master).toMatch(/RESOLUTION=640x360/);
    expect(master).toMatch(/RESOLUTION=854x480/);
    expect(master).toContain('360p/index.m3u8');
    expect(master).toContain('480p/index.m3u8');
    for (const h of [360, 480]) {
      const playlist = await readFile(stored.get(`derived/hls/${h}p/index.m3u8`)!, 'utf8');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
      expect(stored.has(`derived/hls/${h}p/${segment}`)).toBe(true);
      expect((await probeSize(stored.get(`derived/hls/${h}p/${segment}`)!)).height).toBe(h);
    }
    expect(await probeSize(stored.get('derived/video.mp4')!)).toEqual({ width: 854, height: 480 });
    expect(await sharp(stored.get('derived/poster.jpg')!).metadata()).toMatchObject({ width: 854, height: 480, format: 'jpeg' });
    expect(out.derived.poster).toMatchObject({ width: 854, height: 480 });
    expect(fractions.some((f) => f > 0 && f < 0.85)).toBe(true);
    expect(fractions.at(-1)).toBeGreaterThanOrEqual(0.98);
  });

  it('fails a file without a picture with a reason', async () => {
    const tone = await makeAudio(root, 2, 'no-picture.mp3');
    const { input } = await setUp('no-picture', tone, 'video/mp4');
    await expect(processVideo(input)).rejects.toMatchObject({ name: 'ProcessingError', code: 'video_no_picture' });
  });
});

describe('audio', () => {
  it('makes AAC and MP3, the duration and a waveform that follows the sound', async () => {
    const tone = await makeAudio(root, 8, 'tone.wav');
    const { input, stored } = await setUp('audio', tone, 'audio/wav');
    const out = await processAudio(input);
    expect(out.derived.durationSeconds).toBeCloseTo(8, 0);
    const codec = async (path: string) =>
      (await exec('/usr/bin/ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', path])).stdout.trim();
    expect(await codec(stored.get('derived/audio.m4a')!)).toBe('aac');
    expect(await codec(stored.get('derived/audio.mp3')!)).toBe('mp3');
    const peaks = out.derived.waveform!;
    expect(peaks).toHaveLength(WAVEFORM_BUCKETS);
    // Swells to the middle and fades: the middle is loud, the ends quiet.
    const loudest = Math.max(...peaks);
    expect(loudest).toBeGreaterThan(0.05);
    expect(peaks[WAVEFORM_BUCKETS / 2]).toBeGreaterThan(0.9 * loudest);
    expect(peaks[2]).toBeLessThan(0.15 * loudest);
    expect(peaks[WAVEFORM_BUCKETS - 3]).toBeLessThan(0.15 * loudest);
  });

  it('collects peaks across chunk boundaries that split a sample', () => {
    const samples = Buffer.alloc(8);
    [0, 16384, -32768, 100].forEach((v, i) => samples.writeInt16LE(v, i * 2));
    const collector = new PeakCollector(2, 4);
    collector.push(samples.subarray(0, 3));
    collector.push(samples.subarray(3));
    expect(collector.result()).toEqual([0.5, 1]);
  });
});

describe('documents', () => {
  it('counts the pages and renders each as a webp page image', async () => {
    const deck = await makePdf(root, 3);
    const { input, stored } = await setUp('document', deck, 'application/pdf');
    const out = await processDocument(input);
    expect(out.derived.pageCount).toBe(3);
    expect(out.derived.pages?.map((p) => p.key)).toEqual(['derived/pages/001.webp', 'derived/pages/002.webp', 'derived/pages/003.webp']);
    const meta = await sharp(stored.get('derived/pages/002.webp')!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600 });
    expect(Math.abs(meta.height! - (1600 * 612) / 792)).toBeLessThanOrEqual(1);
  });

  it('fails a damaged PDF with a reason', async () => {
    const broken = join(root, 'broken.pdf');
    await (await import('node:fs/promises')).writeFile(broken, '%PDF-1.7\nthis is not a pdf');
    const { input } = await setUp('broken', broken, 'application/pdf');
    await expect(processDocument(input)).rejects.toMatchObject({ name: 'ProcessingError', code: 'document_unreadable' });
  });
});
