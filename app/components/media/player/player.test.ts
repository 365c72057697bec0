import { describe, expect, it } from 'vitest';
import { failureMessageKey, MEDIA_FAILURES } from '#app/lib/media/failures';
import en from '#app/locales/en';
import es from '#app/locales/es';
import fr from '#app/locales/fr';
import { formatDuration } from './format';

describe('player helpers', () => {
  it('formats times as m:ss, and h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(61.9)).toBe('1:01');
    expect(formatDuration(3600 + 125)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('has a sentence for every failure code in every language, and a fallback for unknown ones', () => {
    for (const tree of [en, es, fr]) {
      for (const code of MEDIA_FAILURES) expect(tree.player.failure[code], code).toMatch(/\S/);
    }
    expect(failureMessageKey('document_protected')).toBe('player.failure.document_protected');
    expect(failureMessageKey('something older')).toBe('player.failure.processing_error');
    expect(failureMessageKey(undefined)).toBe('player.failure.processing_error');
  });
});
