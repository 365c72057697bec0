import { describe, expect, it } from 'vitest';
import { photoZipName, safeEntryName, uniqueEntryNames } from './zipNames';

describe('zip entry names', () => {
  it('keeps plain names and numbers repeats before the extension, ignoring case', () => {
    expect(uniqueEntryNames(['stage.jpg', 'crowd.png', 'stage.jpg', 'STAGE.JPG', 'stage.jpg'])).toEqual([
      'stage.jpg',
      'crowd.png',
      'stage (2).jpg',
      'STAGE (3).JPG',
      'stage (4).jpg',
    ]);
  });

  it('does not collide with a name that already looks numbered', () => {
    expect(uniqueEntryNames(['a (2).jpg', 'a.jpg', 'a.jpg'])).toEqual(['a (2).jpg', 'a.jpg', 'a (3).jpg']);
  });

  it('drops paths and reserved characters, never leaves a name empty or hidden', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('passwd');
    expect(safeEntryName('C:\\photos\\day1.jpg')).toBe('day1.jpg');
    expect(safeEntryName('what?*"<>|.jpg')).toBe('what______.jpg');
    expect(safeEntryName('...')).toBe('photo');
    expect(safeEntryName('.hidden.jpg')).toBe('hidden.jpg');
    expect(safeEntryName('')).toBe('photo');
    expect(uniqueEntryNames(['', ''])).toEqual(['photo', 'photo (2)']);
  });

  it('keeps the extension of a very long name', () => {
    const name = safeEntryName(`${'x'.repeat(300)}.jpeg`);
    expect(name).toHaveLength(150);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('photoZipName', () => {
  it('names the site, the label and the day', () => {
    expect(photoZipName('Aurora Live', 'photos', new Date('2026-11-24T10:00:00Z'))).toBe('Aurora Live photos 2026-11-24.zip');
    expect(photoZipName('A/B', 'fotos', new Date('2026-11-24T10:00:00Z'))).toBe('A_B fotos 2026-11-24.zip');
  });
});
