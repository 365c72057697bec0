import { describe, expect, it } from 'vitest';
import { relatedness } from './related.server';

describe('related videos', () => {
  it('counts shared tags (any case) and the same organizer, and nothing else', () => {
    const item = { ownerId: 'ana', tags: ['Keynote', 'launch'] };
    expect(relatedness(item, { ownerId: 'ben', tags: ['keynote'] })).toBe(1);
    expect(relatedness(item, { ownerId: 'ana', tags: ['keynote', 'LAUNCH'] })).toBe(3);
    expect(relatedness(item, { ownerId: 'ana', tags: [] })).toBe(1);
    expect(relatedness(item, { ownerId: 'ben', tags: ['other'] })).toBe(0);
  });
});
