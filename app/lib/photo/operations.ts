/**
 * A photo edit as a list of operations (docs/decisions/0045-photo-editor-and-avatars.md): each one
 * applies to the image the ones before it produced, so the output's size follows from the list
 * alone. Pure: the browser renders the same list to a canvas (./render.client.ts).
 */
import { z } from 'zod';

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  x: number;
  y: number;
}

/** The largest side an edit may produce (the pipeline's largest size is 1500; this leaves room to crop later). */
export const MAX_SIDE = 8192;

const side = z.number().int().min(1).max(MAX_SIDE);
const percent = z.number().int().min(0).max(200);

export const photoOpSchema = z.discriminatedUnion('type', [
  /** A rectangle of the current image; `exact` then scales it to that size (the event sizes). */
  z.object({ type: z.literal('crop'), x: z.number().int().min(0), y: z.number().int().min(0), width: side, height: side, exact: z.object({ width: side, height: side }).optional() }),
  /** Clockwise quarter turns. */
  z.object({ type: z.literal('rotate'), quarterTurns: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  z.object({ type: z.literal('flip'), axis: z.enum(['horizontal', 'vertical']) }),
  z.object({ type: z.literal('resize'), width: side, height: side }),
  /** Colour adjustments in percent, 100 = unchanged; the last one in the list is the one applied. */
  z.object({ type: z.literal('adjust'), brightness: percent, contrast: percent, saturation: percent }),
]);
export type PhotoOp = z.infer<typeof photoOpSchema>;
export type Adjustments = Omit<Extract<PhotoOp, { type: 'adjust' }>, 'type'>;
export const NO_ADJUSTMENTS: Adjustments = { brightness: 100, contrast: 100, saturation: 100 };

/** The size an operation turns an image of `size` into. */
export function sizeAfterOp(size: Size, op: PhotoOp): Size {
  switch (op.type) {
    case 'crop':
      return op.exact ? { ...op.exact } : { width: op.width, height: op.height };
    case 'rotate':
      return op.quarterTurns === 2 ? { ...size } : { width: size.height, height: size.width };
    case 'resize':
      return { width: op.width, height: op.height };
    case 'flip':
    case 'adjust':
      return { ...size };
  }
}

/** The size of the image the whole list produces from a source of `source` size. */
export function outputSize(source: Size, ops: readonly PhotoOp[]): Size {
  return ops.reduce(sizeAfterOp, { width: source.width, height: source.height });
}

/** The colour adjustments in force after the list (the last adjust wins). */
export function adjustmentsOf(ops: readonly PhotoOp[]): Adjustments {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    if (op.type === 'adjust') return { brightness: op.brightness, contrast: op.contrast, saturation: op.saturation };
  }
  return NO_ADJUSTMENTS;
}

/** The CSS / canvas filter of a set of adjustments ('none' when nothing changes). */
export function filterOf(a: Adjustments): string {
  if (a.brightness === 100 && a.contrast === 100 && a.saturation === 100) return 'none';
  return `brightness(${a.brightness}%) contrast(${a.contrast}%) saturate(${a.saturation}%)`;
}

/** Width / height of the fixed crop ratios; `exact` ones are the event image sizes (SPEC §3). */
export const CROP_PRESETS = [
  { id: 'free', aspect: null, exact: null },
  { id: 'square', aspect: 1, exact: null },
  { id: 'wide', aspect: 16 / 9, exact: null },
  { id: 'banner', aspect: 4, exact: null },
  { id: 'portrait', aspect: 3 / 4, exact: null },
  { id: 'event125', aspect: 1, exact: { width: 125, height: 125 } },
  { id: 'event1024', aspect: 4, exact: { width: 1024, height: 256 } },
  { id: 'event1280', aspect: 16 / 9, exact: { width: 1280, height: 720 } },
] as const satisfies ReadonlyArray<{ id: string; aspect: number | null; exact: Size | null }>;
export type CropPresetId = (typeof CROP_PRESETS)[number]['id'];

/**
 * A crop rectangle made whole and kept inside the image: with an aspect, the height follows the
 * width (or the width the height when the height would not fit), so a 16:9 crop is 16:9 to the pixel
 * the rounding allows.
 */
export function normalizeCrop(rect: Rect, image: Size, aspect: number | null = null): Rect {
  let width = Math.max(1, Math.min(Math.round(rect.width), image.width));
  let height = Math.max(1, Math.min(Math.round(rect.height), image.height));
  if (aspect) {
    height = Math.round(width / aspect);
    if (height > image.height || height < 1) {
      height = Math.max(1, Math.min(image.height, Math.round(rect.height)));
      width = Math.max(1, Math.min(image.width, Math.round(height * aspect)));
    }
  }
  const x = Math.min(Math.max(0, Math.round(rect.x)), image.width - width);
  const y = Math.min(Math.max(0, Math.round(rect.y)), image.height - height);
  return { x, y, width, height };
}

/** The other side of a resize with the ratio locked, from the side the person typed. */
export function lockedResize(current: Size, changed: 'width' | 'height', value: number): Size {
  const v = Math.max(1, Math.min(MAX_SIDE, Math.round(value)));
  if (changed === 'width') return { width: v, height: Math.max(1, Math.min(MAX_SIDE, Math.round((v * current.height) / current.width))) };
  return { width: Math.max(1, Math.min(MAX_SIDE, Math.round((v * current.width) / current.height))), height: v };
}

/** Where the source image is drawn for a rotate or flip: the canvas transform that maps it. */
export function orientationTransform(op: Extract<PhotoOp, { type: 'rotate' | 'flip' }>, size: Size): [number, number, number, number, number, number] {
  if (op.type === 'flip') return op.axis === 'horizontal' ? [-1, 0, 0, 1, size.width, 0] : [1, 0, 0, -1, 0, size.height];
  if (op.quarterTurns === 1) return [0, 1, -1, 0, size.height, 0];
  if (op.quarterTurns === 2) return [-1, 0, 0, -1, size.width, size.height];
  return [0, -1, 1, 0, 0, size.width];
}

/** The saved file's type: PNG keeps transparency; otherwise JPEG, far smaller for photos. */
export function outputTypeFor(hasTransparency: boolean): 'image/png' | 'image/jpeg' {
  return hasTransparency ? 'image/png' : 'image/jpeg';
}

/** Whether RGBA pixel data has a pixel that is not fully opaque. */
export function hasTransparentPixel(rgba: ArrayLike<number>): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true;
  return false;
}

/** The undo/redo history of an edit: `done` is the list in force, `undone` what redo brings back. */
export interface EditHistory {
  done: PhotoOp[];
  undone: PhotoOp[];
}
export const EMPTY_HISTORY: EditHistory = { done: [], undone: [] };

/** A new step; it drops what could have been redone. */
export const pushOp = (h: EditHistory, op: PhotoOp): EditHistory => ({ done: [...h.done, op], undone: [] });
export const undo = (h: EditHistory): EditHistory => (h.done.length ? { done: h.done.slice(0, -1), undone: [h.done[h.done.length - 1]!, ...h.undone] } : h);
export const redo = (h: EditHistory): EditHistory => (h.undone.length ? { done: [...h.done, h.undone[0]!], undone: h.undone.slice(1) } : h);
