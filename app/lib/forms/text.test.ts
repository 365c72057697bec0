import { describe, expect, it } from 'vitest';
import { charCount, cleanText } from './text';

describe('cleanText', () => {
  it('normalises newlines and trims', () => {
    expect(cleanText('  one\r\ntwo\rthree\n  ')).toBe('one\ntwo\nthree');
  });
  it('keeps tabs and newlines but drops control characters and bidirectional overrides', () => {
    expect(cleanText('a\tb\nc\u0000d\u0007e\u001Bf\u007Fg\u0085h\u202Ei\u2066j')).toBe('a\tb\ncdefghij');
  });
  it('keeps letters of every script and emoji', () => {
    expect(cleanText('ñandú 日本 👋🏽')).toBe('ñandú 日本 👋🏽');
  });
});

describe('charCount', () => {
  it('counts an emoji as one character, as people do', () => {
    expect(charCount('👋')).toBe(1);
    expect('👋'.length).toBe(2);
    expect(charCount('héllo')).toBe(5);
    expect(charCount('')).toBe(0);
  });
});
