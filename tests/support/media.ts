/**
 * Media library fixtures for tests: items written through the app's own data context in state
 * ready, with real files made at test time (sharp, pdf-lib, Debian's pdftoppm) stored where the
 * pipeline would put them (docs/PRODUCT.md, Data: Media). Nothing is downloaded or committed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { IMAGE_SIZES, type DerivedFile, type ImageSizeName, type MediaItem, type MediaVisibility } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';

const run = promisify(execFile);

export interface FixtureOwner {
  sub: string;
  name: string;
}

interface Common {
  title: string;
  fileName: string;
  visibility: MediaVisibility;
  tags?: string[];
}

/** A JPEG of one colour with its title written on it (so photos differ in the browser), `width`×`height`. */
export async function makeJpeg(title: string, colour: string, width = 1600, height = 1200): Promise<Buffer> {
  const label = title.replace(/[<>&"']/g, '');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: svg }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Stores a ready image: its JPEG original and the four SPEC sizes as WebP (never enlarged), recorded in `derived.sizes`. */
export async function seedReadyImage(data: TenantData, owner: FixtureOwner, options: Common & { colour?: string; width?: number; height?: number }): Promise<MediaItem> {
  const original = await makeJpeg(options.title, options.colour ?? '#4f46e5', options.width, options.height);
  const item = await data.media.create({
    kind: 'image',
    ownerId: owner.sub,
    ownerName: owner.name,
    title: options.title,
    tags: options.tags,
    visibility: options.visibility,
    original: { fileName: options.fileName, contentType: 'image/jpeg', bytes: original.length, extension: 'jpg' },
  });
  await data.files.put({ key: item.original.key, body: original, contentType: 'image/jpeg' });
  const sizes: Partial<Record<ImageSizeName, DerivedFile>> = {};
  for (const [name, longest] of Object.entries(IMAGE_SIZES) as [ImageSizeName, number][]) {
    const { data: body, info } = await sharp(original).resize({ width: longest, height: longest, fit: 'inside', withoutEnlargement: true }).webp().toBuffer({ resolveWithObject: true });
    const key = `media/${item.id}/derived/${name}.webp`;
    await data.files.put({ key, body, contentType: 'image/webp' });
    sizes[name] = { key, contentType: 'image/webp', bytes: body.length, width: info.width, height: info.height };
  }
  const meta = await sharp(original).metadata();
  return (await data.media.setStatus(item.id, { status: 'ready', progress: 100, derived: { sizes, width: meta.width, height: meta.height } }))!;
}

/** A PDF of `pages` 16:9 pages, each showing its number large. */
export async function makePdf(pages: number, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([960, 540]);
    page.drawRectangle({ x: 0, y: 0, width: 960, height: 540, color: rgb(0.1 + 0.2 * (n % 4), 0.3, 0.6) });
    page.drawText(`${title} ${n}`, { x: 80, y: 250, size: 72, font, color: rgb(1, 1, 1) });
  }
  return pdf.save();
}

/** Stores a ready PDF with its page images (pdftoppm, then WebP) in `derived.pages` and its page count. */
export async function seedReadyDocument(data: TenantData, owner: FixtureOwner, options: Common & { pages: number }): Promise<MediaItem> {
  const pdf = await makePdf(options.pages, options.title);
  const item = await data.media.create({
    kind: 'document',
    ownerId: owner.sub,
    ownerName: owner.name,
    title: options.title,
    tags: options.tags,
    visibility: options.visibility,
    original: { fileName: options.fileName, contentType: 'application/pdf', bytes: pdf.length, extension: 'pdf' },
  });
  await data.files.put({ key: item.original.key, body: pdf, contentType: 'application/pdf' });
  const dir = await mkdtemp(join(tmpdir(), 'media-fixture-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', '60', '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    const rendered = (await readdir(dir)).filter((f) => f.startsWith('page-')).sort();
    const pages: DerivedFile[] = [];
    for (const [i, file] of rendered.entries()) {
      const { data: body, info } = await sharp(await readFile(join(dir, file))).webp().toBuffer({ resolveWithObject: true });
      const key = `media/${item.id}/derived/pages/${String(i + 1).padStart(3, '0')}.webp`;
      await data.files.put({ key, body, contentType: 'image/webp' });
      pages.push({ key, contentType: 'image/webp', bytes: body.length, width: info.width, height: info.height });
    }
    return (await data.media.setStatus(item.id, { status: 'ready', progress: 100, derived: { pages, pageCount: pages.length } }))!;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
