import { describe, expect, it } from 'vitest';
import { isFinished, isPitchDeck } from './sharing';

describe('isFinished', () => {
  it('is ready or published only', () => {
    expect(isFinished({ status: 'ready' })).toBe(true);
    expect(isFinished({ status: 'published' })).toBe(true);
    for (const status of ['uploading', 'processing', 'failed', 'pending_review', 'rejected'] as const) expect(isFinished({ status }), status).toBe(false);
  });
});

describe('isPitchDeck', () => {
  it('is a document tagged pitch-deck', () => {
    expect(isPitchDeck({ kind: 'document', tags: ['pitch-deck'] })).toBe(true);
    expect(isPitchDeck({ kind: 'image', tags: ['pitch-deck'] })).toBe(false);
    expect(isPitchDeck({ kind: 'document', tags: [] })).toBe(false);
  });
});
