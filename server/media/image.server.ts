/**
 * Images: the four SPEC sizes (longest side 300/500/750/1500, webp, never upscaled, no metadata)
 * and the original rewritten without EXIF/GPS, its orientation applied to the pixels so it still
 * shows the right way up. Animated GIF/WebP keep their frames.
 */
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, type DerivedFile, type ImageSizeName } from '#app/lib/media/model';
import { ProcessingError } from '#server/platform/media/failures.server';
import type { Processor } from './processor.server';

const ANIMATED = new Set(['image/gif', 'image/webp']);

function open(path: string, contentType: string): Sharp {
  // failOn 'error': a truncated file is refused rather than padded with grey.
  return sharp(path, { animated: ANIMATED.has(contentType), failOn: 'error' });
}

/** The same format as the original, high quality; sharp drops EXIF/XMP/IPTC unless told to keep them. */
function encodeLike(image: Sharp, contentType: string): Sharp {
  switch (contentType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 92 });
    case 'image/png':
      return image.png({ compressionLevel: 9 });
    case 'image/webp':
      return image.webp({ quality: 92 });
    case 'image/avif':
      return image.avif({ quality: 70 });
    case 'image/gif':
      return image.gif();
    default:
      return image.png();
  }
}

export const processImage: Processor = async ({ originalPath, contentType, workDir, store, progress }) => {
  let meta: sharp.Metadata;
  try {
    meta = await open(originalPath, contentType).metadata();
  } catch (e) {
    throw new ProcessingError('image_unreadable', (e as Error).message);
  }
  try {
    const cleanPath = join(workDir, 'original-clean');
    const clean = await encodeLike(open(originalPath, contentType).rotate().keepIccProfile(), contentType).toFile(cleanPath);
    const height = clean.height; // of one frame for animated images (pageHeight), below
    const frameHeight = meta.pages && meta.pages > 1 ? (meta.pageHeight ?? height) : height;
    progress(0.2);

    const sizes: Partial<Record<ImageSizeName, DerivedFile>> = {};
    for (const [i, name] of IMAGE_SIZE_NAMES.entries()) {
      const side = IMAGE_SIZES[name];
      const path = join(workDir, `${name}.webp`);
      const info = await open(originalPath, contentType)
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(path);
      const outHeight = meta.pages && meta.pages > 1 ? Math.round(info.height / meta.pages) : info.height;
      sizes[name] = await store(`derived/${name}.webp`, path, 'image/webp', { width: info.width, height: outHeight });
      progress(0.2 + (0.8 * (i + 1)) / IMAGE_SIZE_NAMES.length);
    }
    return {
      derived: { sizes, width: clean.width, height: frameHeight },
      cleanedOriginal: { path: cleanPath, contentType },
    };
  } catch (e) {
    if (e instanceof ProcessingError) throw e;
    // sharp reports damaged pixel data only when it decodes it.
    if (/corrupt|premature|unsupported|bad|invalid/i.test((e as Error).message)) throw new ProcessingError('image_unreadable', (e as Error).message);
    throw e;
  }
};
