/**
 * Media items for tests, without the upload and the worker: an item made through the data module,
 * with a real original and real derived files (made here with sharp, ffmpeg and pdf-lib) stored
 * in the tenant's storage, then moved to the status the test needs. Shared by the library and
 * gallery tests; generated files are cached per process (the machine is small).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { IMAGE_SIZES, IMAGE_SIZE_NAMES, type DerivedFile, type MediaDerived, type MediaItem, type MediaKind, type MediaOrigin, type MediaStatus, type MediaVisibility } from '#app/lib/media/model';
import { mediaFolder } from '#server/media/data/media.server';
import type { TenantData } from '#server/data/tenantData.server';

const run = promisify(execFile);
let workDir: string | undefined;
const dir = () => (workDir ??= mkdtempSync(join(tmpdir(), 'media-test-')));
const cache = new Map<string, Promise<Buffer>>();
const once = (name: string, make: () => Promise<Buffer>) => {
  let made = cache.get(name);
  if (!made) cache.set(name, (made = make()));
  return made;
};

/** A 1600×1200 JPEG (a gradient with a label), bigger than the largest size. */
export const testJpeg = () =>
  once('jpeg', () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#f5a623"/></svg>') }])
      .jpeg({ quality: 80 })
      .toBuffer(),
  );

/** Two seconds of a 440 Hz tone as MP3. */
export const testMp3 = () =>
  once('mp3', async () => {
    const out = join(dir(), 'tone.mp3');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', '-b:a', '64k', out]);
    return readFileSync(out);
  });

/** Two seconds of a 320×240 test pattern as H.264 MP4 (plays in Chromium). */
export const testMp4 = () =>
  once('mp4', async () => {
    const out = join(dir(), 'clip.mp4');
    await run('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', out,
    ]);
    return readFileSync(out);
  });

/** The clip cut as one HLS rendition (240p): its playlist and segments, by file name. */
const testHls = () =>
  once('hls', async () => {
    const out = join(dir(), 'hls');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'clip.mp4'), await testMp4());
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', join(out, 'clip.mp4'), '-c', 'copy', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(out, 'seg%03d.ts'), join(out, 'index.m3u8')]);
    return Buffer.from(JSON.stringify(readdirSync(out).filter((f) => f !== 'clip.mp4')));
  });

/** A two-page PDF. */
export const testPdf = () =>
  once('pdf', async () => {
    const pdf = await PDFDocument.create();
    for (const n of [1, 2]) pdf.addPage([960, 540]).drawText(`Slide ${n}`, { x: 60, y: 440, size: 48 });
    return Buffer.from(await pdf.save());
  });

const ORIGINAL: Record<MediaKind, { make: () => Promise<Buffer>; contentType: string; extension: string }> = {
  image: { make: testJpeg, contentType: 'image/jpeg', extension: 'jpg' },
  audio: { make: testMp3, contentType: 'audio/mpeg', extension: 'mp3' },
  video: { make: testMp4, contentType: 'video/mp4', extension: 'mp4' },
  document: { make: testPdf, contentType: 'application/pdf', extension: 'pdf' },
};

async function store(data: TenantData, key: string, body: Buffer, contentType: string, size?: { width: number; height: number }): Promise<DerivedFile> {
  await data.files.put({ key, body, contentType });
  return { key, contentType, bytes: body.length, ...(size ?? {}) };
}

/** The derived files the worker would make, made the same way (sizes with sharp; the MP4 and MP3 as they are). */
async function derive(data: TenantData, item: MediaItem, original: Buffer, withPages = false): Promise<MediaDerived> {
  const folder = `${mediaFolder(item.id)}/derived`;
  if (item.kind === 'image') {
    const sizes: MediaDerived['sizes'] = {};
    for (const name of IMAGE_SIZE_NAMES) {
      const { data: body, info } = await sharp(original).resize(IMAGE_SIZES[name], IMAGE_SIZES[name], { fit: 'inside', withoutEnlargement: true }).webp().toBuffer({ resolveWithObject: true });
      sizes[name] = await store(data, `${folder}/${name}.webp`, body, 'image/webp', { width: info.width, height: info.height });
    }
    return { sizes, width: 1600, height: 1200 };
  }
  if (item.kind === 'audio') return { mp3: await store(data, `${folder}/audio.mp3`, original, 'audio/mpeg'), durationSeconds: 2 };
  if (item.kind === 'video') {
    const poster = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 20, b: 20 } } }).jpeg().toBuffer();
    // HLS as the worker lays it out: hls/master.m3u8 naming hls/240p/index.m3u8 and its segments.
    const hlsDir = join(dir(), 'hls');
    for (const name of JSON.parse((await testHls()).toString()) as string[]) {
      await data.files.put({ key: `${folder}/hls/240p/${name}`, body: readFileSync(join(hlsDir, name)), contentType: name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' });
    }
    const master = Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240\n240p/index.m3u8\n');
    return {
      hls: await store(data, `${folder}/hls/master.m3u8`, master, 'application/vnd.apple.mpegurl'),
      renditions: [240],
      mp4: await store(data, `${folder}/video.mp4`, original, 'video/mp4', { width: 320, height: 240 }),
      poster: await store(data, `${folder}/poster.jpg`, poster, 'image/jpeg', { width: 320, height: 240 }),
      durationSeconds: 2,
      width: 320,
      height: 240,
    };
  }
  return withPages ? documentPages(data, folder, original) : { pageCount: 2 };
}

/** A PDF of `pages` 16:9 pages, each showing its number large (so page images differ). */
async function pagedPdf(pages: number, title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([960, 540]);
    page.drawRectangle({ x: 0, y: 0, width: 960, height: 540, color: rgb(0.1 + 0.2 * (n % 4), 0.3, 0.6) });
    page.drawText(`${title} ${n}`, { x: 80, y: 250, size: 72, color: rgb(1, 1, 1) });
  }
  return Buffer.from(await pdf.save());
}

/** The page images the worker makes (`pages/<nnn>.webp`), rendered here with Debian's pdftoppm. */
async function documentPages(data: TenantData, folder: string, pdf: Buffer): Promise<MediaDerived> {
  const work = mkdtempSync(join(dir(), 'pages-'));
  writeFileSync(join(work, 'in.pdf'), pdf);
  await run('pdftoppm', ['-r', '60', '-png', join(work, 'in.pdf'), join(work, 'page')]);
  const rendered = readdirSync(work).filter((f) => f.startsWith('page-')).sort();
  const pages: DerivedFile[] = [];
  for (const [i, file] of rendered.entries()) {
    const { data: body, info } = await sharp(readFileSync(join(work, file))).webp().toBuffer({ resolveWithObject: true });
    pages.push(await store(data, `${folder}/pages/${String(i + 1).padStart(3, '0')}.webp`, body, 'image/webp', { width: info.width, height: info.height }));
  }
  return { pages, pageCount: pages.length };
}

export interface SeedMedia {
  kind: MediaKind;
  owner: { sub: string; name?: string };
  title: string;
  tags?: string[];
  visibility?: MediaVisibility;
  /** Default ready; processing and failed items get no derived files. */
  status?: MediaStatus;
  progress?: number;
  failure?: string;
  /** Sent for review (as /reviewVideoUpload does). */
  review?: boolean;
  /** The uploader's file name (default: the title and the kind's extension). */
  fileName?: string;
  /** Documents: a PDF of this many pages, with a page image each (pdftoppm, as the worker makes them). */
  pages?: number;
  /** Made from an event (a room recording, a kept broadcast): its origin and the event's id. */
  madeFrom?: { origin: Exclude<MediaOrigin, 'upload'>; eventId: string };
}

/** An item of the tenant with its original (and, once processed, its derived files) stored, counted in the quota. */
export async function seedMediaItem(data: TenantData, input: SeedMedia): Promise<MediaItem> {
  const spec = ORIGINAL[input.kind];
  const original = input.kind === 'document' && input.pages ? await pagedPdf(input.pages, input.title) : await spec.make();
  const created = await data.media.create({
    kind: input.kind,
    ownerId: input.owner.sub,
    ownerName: input.owner.name ?? 'Test organizer',
    title: input.title,
    tags: input.tags,
    visibility: input.visibility,
    review: input.review,
    ...(input.madeFrom ? { origin: input.madeFrom.origin, eventId: input.madeFrom.eventId, startedAt: new Date().toISOString() } : {}),
    original: { fileName: input.fileName ?? `${input.title}.${spec.extension}`, contentType: spec.contentType, bytes: original.length, extension: spec.extension },
  });
  await data.files.put({ key: created.original.key, body: original, contentType: spec.contentType });
  await data.media.addUsage(input.owner.sub, original.length);
  const status = input.status ?? 'ready';
  const processed = !['uploading', 'processing', 'failed'].includes(status);
  const derived = processed ? await derive(data, created, original, input.pages !== undefined) : {};
  const item = await data.media.setStatus(created.id, {
    status,
    derived,
    progress: status === 'processing' ? (input.progress ?? 40) : processed ? 100 : undefined,
    ...(input.failure ? { failure: input.failure } : {}),
  });
  if (!item) throw new Error(`seeded item ${created.id} vanished`);
  return item;
}
