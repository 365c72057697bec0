import { describe, expect, it } from 'vitest';
import { chaptersFromDescription } from './chapters';

describe('chapters from a description', () => {
  it('reads "time title" lines in order, with hours, dashes and stray text ignored', () => {
    const text = 'Our keynote.\n0:00 Welcome\n12:30 – Questions\n1:02:03 Close\nnot a chapter 3:00\n0:75 Bad seconds';
    expect(chaptersFromDescription(text)).toEqual([
      { startSeconds: 0, title: 'Welcome' },
      { startSeconds: 750, title: 'Questions' },
      { startSeconds: 3723, title: 'Close' },
    ]);
  });

  it('drops chapters past the end and repeated times', () => {
    expect(chaptersFromDescription('0:00 A\n0:00 B\n0:20 C\n5:00 D', 60)).toEqual([
      { startSeconds: 0, title: 'A' },
      { startSeconds: 20, title: 'C' },
    ]);
    expect(chaptersFromDescription('')).toEqual([]);
  });
});
