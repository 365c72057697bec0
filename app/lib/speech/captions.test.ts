import { describe, expect, it } from 'vitest';
import { cuesFromWords, formatTimestamp, parseVtt, toPlainText, toSrt, toVtt } from './captions';
import { wordErrorRate } from './wer';

const words = [
  { word: 'Welcome', start: 0.5, end: 0.9 },
  { word: 'everyone.', start: 0.95, end: 1.4 },
  { word: 'Today', start: 1.6, end: 1.9 },
  { word: 'we', start: 1.95, end: 2.05 },
  { word: 'talk', start: 2.1, end: 2.4 },
  { word: 'money', start: 4.0, end: 4.4 },
];

describe('caption cues', () => {
  it('break at sentence ends and pauses', () => {
    expect(cuesFromWords(words)).toEqual([
      { start: 0.5, end: 1.4, text: 'Welcome everyone.' },
      { start: 1.6, end: 2.4, text: 'Today we talk' },
      { start: 4.0, end: 4.4, text: 'money' },
    ]);
  });

  it('never exceed the character and time limits', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ word: `word${i}`, start: i * 0.3, end: i * 0.3 + 0.25 }));
    const cues = cuesFromWords(many, { maxChars: 30, maxSeconds: 3, pauseSeconds: 1 });
    expect(cues.length).toBeGreaterThan(5);
    for (const c of cues) {
      expect(c.text.length).toBeLessThanOrEqual(30);
      expect(c.end - c.start).toBeLessThanOrEqual(3);
    }
    expect(cues.map((c) => c.text).join(' ')).toBe(many.map((w) => w.word).join(' '));
  });
});

describe('exports', () => {
  const cues = cuesFromWords(words);
  it('formats timestamps for WebVTT and SubRip', () => {
    expect(formatTimestamp(3723.5)).toBe('01:02:03.500');
    expect(formatTimestamp(0.0004, ',')).toBe('00:00:00,000');
  });

  it('writes WebVTT that reads back to the same cues', () => {
    const vtt = toVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.500 --> 00:00:01.400\nWelcome everyone.\n')).toBe(true);
    expect(parseVtt(vtt)).toEqual({ cues });
  });

  it('writes numbered SubRip and plain text', () => {
    expect(toSrt(cues).split('\n').slice(0, 3)).toEqual(['1', '00:00:00,500 --> 00:00:01,400', 'Welcome everyone.']);
    expect(toPlainText(cues)).toBe('Welcome everyone.\nToday we talk\nmoney\n');
  });

  it('keeps cue text from breaking the file', () => {
    const vtt = toVtt([{ start: 0, end: 1, text: 'a --> b\n\nc' }]);
    expect(parseVtt(vtt)).toEqual({ cues: [{ start: 0, end: 1, text: 'a → b\nc' }] });
  });
});

describe('reading WebVTT', () => {
  it('skips notes, identifiers and settings', () => {
    const source = 'WEBVTT - captions\r\n\r\nNOTE made by hand\r\n\r\ncue-1\r\n00:01.000 --> 00:02.500 align:start\r\nHello\r\nthere\r\n';
    expect(parseVtt(source)).toEqual({ cues: [{ start: 1, end: 2.5, text: 'Hello\nthere' }] });
  });

  it.each([
    ['no header', 'hello\n', { line: 1, problem: 'header' }],
    ['bad time', 'WEBVTT\n\n00:01 --> 00:02.000\nx\n', { line: 3, problem: 'timing' }],
    ['ends before it starts', 'WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nx\n', { line: 3, problem: 'order' }],
    ['no text', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n', { line: 3, problem: 'empty' }],
  ])('names the problem: %s', (_, source, error) => {
    expect(parseVtt(source)).toEqual({ error });
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions against the reference', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on the mat')).toBe(0);
    expect(wordErrorRate('the cat sat on the mat', 'The cat, sat on a mat!')).toBeCloseTo(1 / 6);
    expect(wordErrorRate('the cat sat', 'the cat')).toBeCloseTo(1 / 3);
    expect(wordErrorRate('the cat', 'the big cat')).toBeCloseTo(1 / 2);
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate('événement', 'evenement')).toBe(1);
  });
});
