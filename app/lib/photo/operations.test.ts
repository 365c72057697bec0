import { describe, expect, it } from 'vitest';
import {
  adjustmentsOf,
  EMPTY_HISTORY,
  filterOf,
  hasTransparentPixel,
  lockedResize,
  normalizeCrop,
  orientationTransform,
  outputSize,
  outputTypeFor,
  photoOpSchema,
  pushOp,
  redo,
  undo,
  type PhotoOp,
} from './operations';

const apply = (m: number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];

describe('outputSize', () => {
  const source = { width: 1600, height: 1200 };
  it('is the source size for an empty edit', () => {
    expect(outputSize(source, [])).toEqual(source);
  });
  it('crops to 16:9 then rotates a quarter turn', () => {
    const ops: PhotoOp[] = [
      { type: 'crop', x: 0, y: 150, width: 1600, height: 900 },
      { type: 'rotate', quarterTurns: 1 },
    ];
    expect(outputSize(source, ops)).toEqual({ width: 900, height: 1600 });
  });
  it('keeps the size through a half turn, flips and adjustments', () => {
    const ops: PhotoOp[] = [
      { type: 'rotate', quarterTurns: 2 },
      { type: 'flip', axis: 'horizontal' },
      { type: 'flip', axis: 'vertical' },
      { type: 'adjust', brightness: 120, contrast: 90, saturation: 0 },
    ];
    expect(outputSize(source, ops)).toEqual(source);
  });
  it('gives an exact crop its event size and a resize its own', () => {
    expect(outputSize(source, [{ type: 'crop', x: 0, y: 0, width: 1600, height: 400, exact: { width: 1024, height: 256 } }])).toEqual({ width: 1024, height: 256 });
    expect(outputSize(source, [{ type: 'rotate', quarterTurns: 3 }, { type: 'resize', width: 300, height: 400 }])).toEqual({ width: 300, height: 400 });
  });
});

describe('normalizeCrop', () => {
  const image = { width: 1600, height: 1200 };
  it('makes a 16:9 crop exactly 16:9 and keeps it inside the image', () => {
    const r = normalizeCrop({ x: 10.4, y: 400.6, width: 1600.2, height: 899.5 }, image, 16 / 9);
    expect(r).toEqual({ x: 0, y: 300, width: 1600, height: 900 });
  });
  it('takes the height as the guide when the width would need a taller image', () => {
    const r = normalizeCrop({ x: 0, y: 0, width: 1600, height: 1200 }, { width: 1600, height: 300 }, 4);
    expect(r.height).toBe(300);
    expect(r.width).toBe(1200);
  });
  it('clamps a free crop to the image and to at least one pixel', () => {
    expect(normalizeCrop({ x: -5, y: 1190, width: 0.2, height: 50 }, image)).toEqual({ x: 0, y: 1150, width: 1, height: 50 });
  });
});

describe('lockedResize', () => {
  it('follows the typed side with the image ratio', () => {
    expect(lockedResize({ width: 1600, height: 900 }, 'width', 800)).toEqual({ width: 800, height: 450 });
    expect(lockedResize({ width: 1600, height: 900 }, 'height', 90)).toEqual({ width: 160, height: 90 });
  });
  it('never goes below one pixel', () => {
    expect(lockedResize({ width: 4000, height: 10 }, 'width', 10)).toEqual({ width: 10, height: 1 });
  });
});

describe('orientationTransform', () => {
  const size = { width: 4, height: 2 };
  it('maps the corners of a quarter turn clockwise into the rotated frame', () => {
    const m = orientationTransform({ type: 'rotate', quarterTurns: 1 }, size);
    expect(apply(m, 0, 0)).toEqual([2, 0]);
    expect(apply(m, 4, 2)).toEqual([0, 4]);
  });
  it('maps the corners of three quarter turns and of a half turn', () => {
    expect(apply(orientationTransform({ type: 'rotate', quarterTurns: 3 }, size), 0, 0)).toEqual([0, 4]);
    expect(apply(orientationTransform({ type: 'rotate', quarterTurns: 2 }, size), 0, 0)).toEqual([4, 2]);
  });
  it('mirrors for flips', () => {
    expect(apply(orientationTransform({ type: 'flip', axis: 'horizontal' }, size), 1, 1)).toEqual([3, 1]);
    expect(apply(orientationTransform({ type: 'flip', axis: 'vertical' }, size), 1, 0)).toEqual([1, 2]);
  });
});

describe('adjustments', () => {
  it('uses the last adjust of the list, and no filter when nothing changes', () => {
    expect(filterOf(adjustmentsOf([]))).toBe('none');
    const ops: PhotoOp[] = [
      { type: 'adjust', brightness: 150, contrast: 100, saturation: 100 },
      { type: 'adjust', brightness: 110, contrast: 80, saturation: 0 },
    ];
    expect(filterOf(adjustmentsOf(ops))).toBe('brightness(110%) contrast(80%) saturate(0%)');
  });
});

describe('history', () => {
  it('undoes and redoes in order, and a new step drops the redo list', () => {
    const a: PhotoOp = { type: 'rotate', quarterTurns: 1 };
    const b: PhotoOp = { type: 'flip', axis: 'horizontal' };
    const c: PhotoOp = { type: 'resize', width: 10, height: 10 };
    let h = pushOp(pushOp(EMPTY_HISTORY, a), b);
    h = undo(h);
    expect(h).toEqual({ done: [a], undone: [b] });
    h = undo(undo(h));
    expect(h).toEqual({ done: [], undone: [a, b] });
    h = redo(h);
    expect(h.done).toEqual([a]);
    h = pushOp(h, c);
    expect(h).toEqual({ done: [a, c], undone: [] });
    expect(redo(h)).toBe(h);
  });
});

describe('output type', () => {
  it('is PNG only when a pixel is transparent', () => {
    expect(outputTypeFor(hasTransparentPixel([1, 2, 3, 255, 4, 5, 6, 255]))).toBe('image/jpeg');
    expect(outputTypeFor(hasTransparentPixel([1, 2, 3, 255, 4, 5, 6, 0]))).toBe('image/png');
  });
});

describe('photoOpSchema', () => {
  it('refuses sizes outside the limits and unknown operations', () => {
    expect(photoOpSchema.safeParse({ type: 'resize', width: 0, height: 10 }).success).toBe(false);
    expect(photoOpSchema.safeParse({ type: 'rotate', quarterTurns: 4 }).success).toBe(false);
    expect(photoOpSchema.safeParse({ type: 'blur' }).success).toBe(false);
    expect(photoOpSchema.safeParse({ type: 'crop', x: 0, y: 0, width: 5, height: 5, exact: { width: 125, height: 125 } }).success).toBe(true);
  });
});
