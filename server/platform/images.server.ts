import sharp from 'sharp';
import { putObject, tenantObjectKey, type Storage } from './storage.server';
import type { TenantId } from '#app/lib/config/tenant';
import { isErrorNamed } from '#server/errors';

/**
 * Image variants (docs/PRODUCT.md, Rules: image sizes).
 * - media (product and chat images): small300, medium500, medium750, large1500; bounded by
 *   width, aspect kept, never enlarged beyond the original.
 * - event: thumbnail 125x125, banner 1024x256, poster 1280x720; exact sizes, cropped to fill
 *   ("cover") around the most interesting region (attention strategy).
 * Every variant is WebP, auto-rotated by EXIF orientation, with all metadata (EXIF, GPS, XMP,
 * ICC) stripped.
 */
export const MEDIA_SIZES = { small300: 300, medium500: 500, medium750: 750, large1500: 1500 } as const;
export const EVENT_SIZES = {
  thumbnail: { width: 125, height: 125 },
  banner: { width: 1024, height: 256 },
  poster: { width: 1280, height: 720 },
} as const;

export type ImageKind = 'media' | 'event';
export type MediaSize = keyof typeof MEDIA_SIZES;
export type EventSize = keyof typeof EVENT_SIZES;
export type ImageSize = MediaSize | EventSize;

/** Decoding a bigger image costs too much memory (40 megapixels ≈ 160 MB of RGBA). */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);
const WEBP_QUALITY = 80;

export type ImageErrorCode = 'NOT_AN_IMAGE' | 'UNSUPPORTED_FORMAT' | 'TOO_MANY_PIXELS';

/** An expected refusal of an uploaded file: answer with a 400/422 and the message. */
export class ImageError extends Error {
  constructor(
    public code: ImageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}
/** By name, not instanceof: see server/errors.ts. */
export const isImageError = (e: unknown): e is ImageError => isErrorNamed(e, 'ImageError');

export interface ImageVariant {
  size: ImageSize;
  width: number;
  height: number;
  contentType: 'image/webp';
  buffer: Buffer;
}

export interface ProcessImageOptions {
  maxPixels?: number;
}

async function inspect(input: Buffer, maxPixels: number) {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('NOT_AN_IMAGE', 'The file is not an image we can read.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageError('UNSUPPORTED_FORMAT', `Images of format "${meta.format ?? 'unknown'}" are not accepted; use JPEG, PNG, WebP, GIF or AVIF.`);
  }
  if (!meta.width || !meta.height) throw new ImageError('NOT_AN_IMAGE', 'The image has no dimensions.');
  if (meta.width * meta.height > maxPixels) {
    throw new ImageError(
      'TOO_MANY_PIXELS',
      `The image is ${meta.width}x${meta.height} pixels; at most ${(maxPixels / 1e6).toFixed(0)} megapixels are accepted.`,
    );
  }
  return meta;
}

/** Renders the variants of one uploaded image. Throws ImageError for files it refuses. */
export async function processImage(input: Buffer, kind: ImageKind, options: ProcessImageOptions = {}): Promise<ImageVariant[]> {
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  await inspect(input, maxPixels);
  // autoOrient applies the EXIF orientation; output carries no metadata unless asked for.
  const source = () => sharp(input, { autoOrient: true, limitInputPixels: maxPixels, failOn: 'error', pages: 1 });

  const jobs: Array<Promise<ImageVariant>> =
    kind === 'media'
      ? (Object.entries(MEDIA_SIZES) as Array<[MediaSize, number]>).map(async ([size, width]) =>
          toVariant(size, source().resize({ width, withoutEnlargement: true })),
        )
      : (Object.entries(EVENT_SIZES) as Array<[EventSize, { width: number; height: number }]>).map(async ([size, box]) =>
          toVariant(size, source().resize({ ...box, fit: 'cover', position: sharp.strategy.attention })),
        );
  try {
    return await Promise.all(jobs);
  } catch (e) {
    if (e instanceof ImageError) throw e;
    throw new ImageError('NOT_AN_IMAGE', `The image could not be decoded: ${(e as Error).message}`);
  }
}

async function toVariant(size: ImageSize, pipeline: sharp.Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { size, width: info.width, height: info.height, contentType: 'image/webp', buffer: data };
}

export interface StoredVariant {
  size: ImageSize;
  /** Full object key: tenants/<tenantId>/<baseKey>/<size>.webp */
  key: string;
  width: number;
  height: number;
  bytes: number;
  contentType: 'image/webp';
}

/**
 * Renders and uploads every variant under tenants/<tenantId>/<baseKey>/<size>.webp.
 * baseKey is tenant-relative (or already carries this tenant's prefix).
 */
export async function storeImageVariants(
  storage: Storage,
  tenantId: TenantId,
  baseKey: string,
  input: Buffer,
  kind: ImageKind,
  options: ProcessImageOptions = {},
): Promise<StoredVariant[]> {
  const base = tenantObjectKey(tenantId, baseKey.replace(/\/+$/, ''));
  const variants = await processImage(input, kind, options);
  return Promise.all(
    variants.map(async (v) => {
      const key = await putObject(storage, { tenantId, key: `${base}/${v.size}.webp`, body: v.buffer, contentType: v.contentType });
      return { size: v.size, key, width: v.width, height: v.height, bytes: v.buffer.length, contentType: v.contentType };
    }),
  );
}
