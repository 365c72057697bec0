import { describe, expect, it } from 'vitest';
import { chaptersFrom, currentChapter, offsetSeconds, shownCount, withinRecording } from './replay';

describe('chapters and the chat replay', () => {
  const start = Date.parse('2026-01-01T10:00:00.000Z');

  it('measures offsets from the recording start', () => {
    expect(offsetSeconds(start, '2026-01-01T10:00:05.500Z')).toBe(5.5);
    expect(offsetSeconds(start, '2026-01-01T09:59:58.000Z')).toBe(-2);
    expect(offsetSeconds(start, null)).toBeNull();
    expect(offsetSeconds(start, 'not a time')).toBeNull();
  });

  it('keeps only what falls inside the recording', () => {
    expect(withinRecording(0, 10)).toBe(true);
    expect(withinRecording(10, 10)).toBe(true);
    expect(withinRecording(10.1, 10)).toBe(false);
    expect(withinRecording(-0.1, 10)).toBe(false);
    expect(withinRecording(5000, null)).toBe(true);
  });

  it('makes chapters of answered questions in time order, at whole seconds, leaving out those without a time or outside', () => {
    const chapters = chaptersFrom(
      [
        { at: 12.7, text: ' Second question ' },
        { at: 5.2, text: 'First question' },
        { at: null, text: 'Answered before times were kept' },
        { at: -3, text: 'Answered before the recording' },
        { at: 30, text: 'After the end' },
      ],
      20,
    );
    expect(chapters).toEqual([
      { startSeconds: 5, title: 'First question' },
      { startSeconds: 12, title: 'Second question' },
    ]);
  });

  it('shows the messages sent up to the position, and fewer after a seek back', () => {
    const messages = [{ at: 3 }, { at: 3 }, { at: 8 }, { at: 15 }];
    expect(shownCount(messages, 0)).toBe(0);
    expect(shownCount(messages, 2.99)).toBe(0);
    expect(shownCount(messages, 3)).toBe(2);
    expect(shownCount(messages, 9)).toBe(3);
    expect(shownCount(messages, 100)).toBe(4);
    expect(shownCount(messages, 4)).toBe(2);
    expect(shownCount([], 10)).toBe(0);
  });

  it('names the chapter playing', () => {
    const chapters = [
      { startSeconds: 5, title: 'a' },
      { startSeconds: 12, title: 'b' },
    ];
    expect(currentChapter(chapters, 1)).toBe(-1);
    expect(currentChapter(chapters, 5)).toBe(0);
    expect(currentChapter(chapters, 11.9)).toBe(0);
    expect(currentChapter(chapters, 60)).toBe(1);
  });
});
