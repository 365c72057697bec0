import { describe, expect, it } from 'vitest';
import { formatBytes, formatType } from './format';

describe('formatBytes', () => {
  it('uses decimal units in the reader’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(2_400_000, 'en')).toBe('2.4 MB');
    expect(formatBytes(2_400_000, 'fr')).toMatch(/^2,4\s?Mo$/);
    expect(formatBytes(840_000, 'en')).toBe('840 kB');
  });
});

describe('formatType', () => {
  it('shows the short subtype', () => {
    expect(formatType('image/jpeg')).toBe('JPEG');
    expect(formatType('application/pdf')).toBe('PDF');
    expect(formatType('video/quicktime')).toBe('MOV');
    expect(formatType('audio/mpeg')).toBe('MP3');
  });
});
