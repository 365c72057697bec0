import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { EVENT_SIZES, ImageError, MEDIA_SIZES, processImage, storeImageVariants } from './images.server';
import { getObjectBuffer, StorageError } from './storage.server';

/** A test picture with some structure (gradient + a bright square) so crops have something to find. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', pipe?: (s: sharp.Sharp) => sharp.Sharp) {
  const square = Math.max(8, Math.round(Math.min(width, height) / 4));
  const overlay = await sharp({ create: { width: square, height: square, channels: 3, background: { r: 255, g: 240, b: 0 } } })
    .png()
    .toBuffer();
  let s = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 140 } } }).composite([
    { input: overlay, left: Math.round(width * 0.7) - Math.round(square / 2), top: Math.round(height / 2) - Math.round(square / 2) },
  ]);
  s = s[format]();
  if (pipe) s = pipe(s);
  return s.toBuffer();
}

/** A tiny PNG whose IHDR claims another size (CRC recomputed so decoders accept the header). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height (4 each); CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function expectImageError(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toSatisfy((e: unknown) => e instanceof ImageError && e.code === code);
}

describe('processImage', () => {
  it('renders the event sizes exactly (125x125, 1024x256, 1280x720) as WebP', async () => {
    const variants = await processImage(await picture(1600, 1200), 'event');
    expect(variants.map((v) => [v.size, v.width, v.height])).toEqual([
      ['thumbnail', 125, 125],
      ['banner', 1024, 256],
      ['poster', 1280, 720],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.buffer).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([EVENT_SIZES[v.size as keyof typeof EVENT_SIZES].width, EVENT_SIZES[v.size as keyof typeof EVENT_SIZES].height]);
    }
  });

  it('fills the event sizes even from a small image', async () => {
    const variants = await processImage(await picture(200, 150, 'png'), 'event');
    expect(variants.map((v) => `${v.width}x${v.height}`)).toEqual(['125x125', '1024x256', '1280x720']);
  });

  it('renders media widths 300/500/750/1500 with the aspect kept', async () => {
    const variants = await processImage(await picture(3000, 2000), 'media');
    expect(variants.map((v) => [v.size, v.width, v.height])).toEqual([
      ['small300', 300, 200],
      ['medium500', 500, 333],
      ['medium750', 750, 500],
      ['large1500', 1500, 1000],
    ]);
    expect(Object.keys(MEDIA_SIZES)).toEqual(variants.map((v) => v.size));
  });

  it('never enlarges a media image beyond its width', async () => {
    const variants = await processImage(await picture(640, 480, 'png'), 'media');
    expect(variants.map((v) => v.width)).toEqual([300, 500, 640, 640]);
    expect(variants.at(-1)?.height).toBe(480);
  });

  it('auto-rotates by EXIF orientation and strips metadata', async () => {
    // Stored 600x400 landscape, EXIF orientation 6 (rotate 90° clockwise): shown as 400x600.
    const input = await picture(600, 400, 'jpeg', (s) =>
      s.withMetadata({ orientation: 6 }).withExif({ IFD0: { Copyright: 'secret owner', Artist: 'someone' } }),
    );
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(inputMeta.exif).toBeDefined();

    const [small, , , large] = await processImage(input, 'media');
    expect([large.width, large.height]).toEqual([400, 600]);
    expect([small.width, small.height]).toEqual([300, 450]);
    const outMeta = await sharp(large.buffer).metadata();
    expect(outMeta.orientation).toBeUndefined();
    expect(outMeta.exif).toBeUndefined();
    expect(outMeta.xmp).toBeUndefined();
    expect(outMeta.icc).toBeUndefined();
  });

  it('refuses files that are not images', async () => {
    await expectImageError(processImage(Buffer.from('definitely not an image'), 'media'), 'NOT_AN_IMAGE');
    await expectImageError(processImage(Buffer.alloc(0), 'event'), 'NOT_AN_IMAGE');
    const truncated = (await picture(400, 300)).subarray(0, 200);
    await expect(processImage(truncated, 'media')).rejects.toBeInstanceOf(ImageError);
  });

  it('refuses SVG (script-capable, not a photo format)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expectImageError(processImage(svg, 'media'), 'UNSUPPORTED_FORMAT');
  });

  it('refuses images over the pixel limit before decoding them', async () => {
    const input = await picture(400, 300, 'png');
    await expectImageError(processImage(input, 'media', { maxPixels: 100_000 }), 'TOO_MANY_PIXELS');
    await expect(processImage(input, 'media', { maxPixels: 120_000 })).resolves.toHaveLength(4);
  });

  it('refuses a huge image (by header) with the default limit', async () => {
    // A 1x1 PNG whose header claims 20000x20000 (400 MP, above the 40 MP default): a
    // "decompression bomb" is refused from its header, before any pixel is decoded.
    const huge = await pngClaiming(20_000, 20_000);
    await expectImageError(processImage(huge, 'event'), 'TOO_MANY_PIXELS');
  });
});

describe('storeImageVariants (against s3rver)', () => {
  const storage = testStorage();

  it('uploads every event variant under tenants/<tenantId>/<baseKey>/<size>.webp', async () => {
    const tenantId = uniqueTenantId();
    const stored = await storeImageVariants(storage, tenantId, 'events/e1/images', await picture(1500, 1000), 'event');
    expect(stored.map((s) => s.key)).toEqual([
      `tenants/${tenantId}/events/e1/images/thumbnail.webp`,
      `tenants/${tenantId}/events/e1/images/banner.webp`,
      `tenants/${tenantId}/events/e1/images/poster.webp`,
    ]);
    for (const s of stored) {
      const body = await getObjectBuffer(storage, tenantId, s.key);
      expect(body.length).toBe(s.bytes);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', s.width, s.height]);
    }
  });

  it('uploads media variants and refuses a base key outside the tenant', async () => {
    const tenantId = uniqueTenantId();
    const stored = await storeImageVariants(storage, tenantId, `tenants/${tenantId}/products/p1/`, await picture(2000, 1000), 'media');
    expect(stored.map((s) => `${s.key.split('/').pop()} ${s.width}x${s.height}`)).toEqual([
      'small300.webp 300x150',
      'medium500.webp 500x250',
      'medium750.webp 750x375',
      'large1500.webp 1500x750',
    ]);
    await expect(storeImageVariants(storage, tenantId, 'tenants/someone-else/p1', await picture(100, 100), 'media')).rejects.toBeInstanceOf(
      StorageError,
    );
  });
});
