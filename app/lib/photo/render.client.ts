/**
 * Renders an edit (./operations.ts) to a canvas in the browser: one pass per geometric operation,
 * the colour adjustments last, then the file the library receives.
 */
import { adjustmentsOf, filterOf, hasTransparentPixel, orientationTransform, outputSize, outputTypeFor, sizeAfterOp, type PhotoOp, type Size } from './operations';

type Source = HTMLCanvasElement | HTMLImageElement | ImageBitmap;

const sizeOf = (s: Source): Size => ('naturalWidth' in s ? { width: s.naturalWidth, height: s.naturalHeight } : { width: s.width, height: s.height });

function canvasOf(size: Size): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  return [canvas, ctx];
}

function applyOp(current: Source, size: Size, op: PhotoOp): Source {
  if (op.type === 'adjust') return current;
  const next = sizeAfterOp(size, op);
  const [canvas, ctx] = canvasOf(next);
  if (op.type === 'crop') ctx.drawImage(current, op.x, op.y, op.width, op.height, 0, 0, next.width, next.height);
  else if (op.type === 'resize') ctx.drawImage(current, 0, 0, next.width, next.height);
  else {
    ctx.setTransform(...orientationTransform(op, size));
    ctx.drawImage(current, 0, 0);
  }
  return canvas;
}

/** The edited image at full size, or only its geometry (`withAdjustments: false`, for the cropper, which previews colours with CSS). */
export function renderEdit(source: Source, ops: readonly PhotoOp[], withAdjustments = true): HTMLCanvasElement {
  let current = source;
  let size = sizeOf(source);
  for (const op of ops) {
    current = applyOp(current, size, op);
    size = sizeAfterOp(size, op);
  }
  const expected = outputSize(sizeOf(source), ops);
  const [canvas, ctx] = canvasOf(expected);
  const filter = withAdjustments ? filterOf(adjustmentsOf(ops)) : 'none';
  if (filter !== 'none') ctx.filter = filter;
  ctx.drawImage(current, 0, 0);
  return canvas;
}

/** The canvas as the file to save: PNG when it has transparent pixels, otherwise JPEG. */
export async function canvasToFile(canvas: HTMLCanvasElement, baseName: string): Promise<File> {
  const ctx = canvas.getContext('2d');
  const pixels = ctx ? ctx.getImageData(0, 0, canvas.width, canvas.height).data : new Uint8ClampedArray();
  const type = outputTypeFor(hasTransparentPixel(pixels));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('The image could not be encoded');
  const name = `${baseName.replace(/\.[a-z0-9]+$/i, '').slice(0, 200) || 'photo'}.${type === 'image/png' ? 'png' : 'jpg'}`;
  return new File([blob], name, { type });
}

/** An image file or URL decoded for editing (a library image comes from storage, which allows the app's origin). */
export async function loadImage(src: Blob | string): Promise<HTMLImageElement> {
  const url = typeof src === 'string' ? src : URL.createObjectURL(src);
  try {
    const img = new Image();
    if (typeof src === 'string') img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return img;
  } finally {
    if (typeof src !== 'string') URL.revokeObjectURL(url);
  }
}
