import { describe, expect, it } from 'vitest';
import { corpusWordErrorRate, wordErrors } from './wer';

describe('word errors over a set of sentences', () => {
  it('counts the edits and the reference words of one sentence', () => {
    expect(wordErrors('the cat sat on the mat', 'The cat sat on a mat!')).toEqual({ errors: 1, words: 6 });
    expect(wordErrors('the cat', '')).toEqual({ errors: 2, words: 2 });
    expect(wordErrors('', 'noise')).toEqual({ errors: 1, words: 0 });
  });

  it('weighs each sentence by its length, unlike an average of per-sentence rates', () => {
    const pairs = [
      { reference: 'one two three four five six seven eight nine ten', hypothesis: 'one two three four five six seven eight nine ten' },
      { reference: 'hello', hypothesis: 'yellow' },
    ];
    // 1 error in 11 words, where the mean of the two rates would say 0.5.
    expect(corpusWordErrorRate(pairs)).toBeCloseTo(1 / 11);
    expect(corpusWordErrorRate([])).toBe(0);
    expect(corpusWordErrorRate([{ reference: '', hypothesis: 'words from nowhere' }])).toBe(1);
  });
});
