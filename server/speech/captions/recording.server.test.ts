import { describe, expect, it } from 'vitest';
import type { StoredCaption } from '../data/liveCaptions.server';
import { cuesOfCaptions } from './recording.server';

const stored = (over: Partial<StoredCaption>): StoredCaption => ({ speakerId: 's', speakerName: 'S', utteranceId: 'u', language: 'en', text: 'hello world', at: 0, end: 0, words: [], ...over });

describe('a recording’s cues from live captions', () => {
  it('times words from the recording start and leaves out what was said before it', () => {
    const start = 1_000_000;
    const cues = cuesOfCaptions(
      [
        stored({ at: start + 5000, end: start + 6000, words: [{ w: 'hello', s: 0, e: 400 }, { w: 'world', s: 500, e: 900 }] }),
        stored({ at: start - 4000, end: start - 3000, text: 'before', words: [{ w: 'before', s: 0, e: 500 }] }),
        stored({ at: start + 2000, end: start + 3500, text: 'no words here' }),
      ],
      start,
    );
    expect(cues).toEqual([
      { start: 2, end: 3.5, text: 'no words here' },
      { start: 5, end: 5.9, text: 'hello world' },
    ]);
  });
});
