import { describe, expect, it } from 'vitest';
import { positionSaveSchema, resumeAt } from './position';

describe('remembered positions', () => {
  it('resumes a saved position inside the item, and starts over near either end', () => {
    expect(resumeAt(42.7, 120)).toBe(42);
    expect(resumeAt(null, 120)).toBe(0);
    expect(resumeAt(3, 120)).toBe(0);
    expect(resumeAt(115, 120)).toBe(0);
    expect(resumeAt(42, undefined)).toBe(42);
    expect(resumeAt(Number.NaN, 120)).toBe(0);
  });

  it('accepts a media id and a time, and nothing else', () => {
    expect(positionSaveSchema.safeParse({ mediaId: 'a'.repeat(21), seconds: 12.5 }).success).toBe(true);
    expect(positionSaveSchema.safeParse({ mediaId: 'A'.repeat(21), seconds: 12.5 }).success).toBe(false);
    expect(positionSaveSchema.safeParse({ mediaId: 'a'.repeat(21), seconds: -1 }).success).toBe(false);
    expect(positionSaveSchema.safeParse({ mediaId: 'a'.repeat(21), seconds: 1, userId: 'x' }).success).toBe(false);
  });
});
