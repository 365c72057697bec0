import { describe, expect, it } from 'vitest';
import { trimInputArgs, trimProblem, trimSchema, trimToSend } from './trim';

describe('trimProblem', () => {
  it('accepts a part of at least a second inside the take', () => {
    expect(trimProblem({ startSeconds: 1, endSeconds: 4 }, 5)).toBeNull();
    expect(trimProblem({ startSeconds: 0, endSeconds: 5 }, 5)).toBeNull();
  });
  it('refuses an end before the start, a part under a second, and a part outside the take', () => {
    expect(trimProblem({ startSeconds: 3, endSeconds: 2 }, 5)).toBe('order');
    expect(trimProblem({ startSeconds: 2, endSeconds: 2.5 }, 5)).toBe('tooShort');
    expect(trimProblem({ startSeconds: -1, endSeconds: 2 }, 5)).toBe('outOfRange');
    expect(trimProblem({ startSeconds: 1, endSeconds: 6 }, 5)).toBe('outOfRange');
    expect(trimProblem({ startSeconds: Number.NaN, endSeconds: 2 }, 5)).toBe('outOfRange');
  });
});

describe('trimToSend', () => {
  it('sends nothing when the whole take is kept, and tenths of a second otherwise', () => {
    expect(trimToSend({ startSeconds: 0, endSeconds: 5 }, 5)).toBeUndefined();
    expect(trimToSend({ startSeconds: 1.04, endSeconds: 3.96 }, 5)).toEqual({ startSeconds: 1, endSeconds: 4 });
    expect(trimToSend({ startSeconds: 0, endSeconds: 9 }, 5.2)).toBeUndefined();
  });
});

describe('trimSchema', () => {
  it('is what the upload API checks', () => {
    expect(trimSchema.safeParse({ startSeconds: 1, endSeconds: 3 }).success).toBe(true);
    expect(trimSchema.safeParse({ startSeconds: 3, endSeconds: 1 }).success).toBe(false);
    expect(trimSchema.safeParse({ startSeconds: 1, endSeconds: 1.5 }).success).toBe(false);
    expect(trimSchema.safeParse({ startSeconds: -1, endSeconds: 3 }).success).toBe(false);
    expect(trimSchema.safeParse({ startSeconds: 1, endSeconds: 1e9 }).success).toBe(false);
    expect(trimSchema.safeParse({ startSeconds: 1, endSeconds: 3, extra: 1 }).success).toBe(false);
    expect(trimSchema.safeParse({ startSeconds: '1', endSeconds: 3 }).success).toBe(false);
  });
});

describe('trimInputArgs', () => {
  it('seeks the input to the kept part', () => {
    expect(trimInputArgs(undefined)).toEqual([]);
    expect(trimInputArgs({ startSeconds: 1, endSeconds: 4.5 })).toEqual(['-ss', '1.000', '-to', '4.500']);
  });
});
