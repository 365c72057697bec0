import { describe, expect, it } from 'vitest';
import { captionTracks } from './view';

describe('captionTracks', () => {
  it('labels each track in the viewer’s language and turns on the viewer’s own (else the first)', () => {
    const captions = [
      { language: 'en', url: 'https://s/en.vtt' },
      { language: 'es-MX', url: 'https://s/es.vtt' },
    ];
    expect(captionTracks(captions, 'es')).toEqual([
      { src: 'https://s/en.vtt', srclang: 'en', label: 'inglés' },
      { src: 'https://s/es.vtt', srclang: 'es-MX', label: 'español de México', default: true },
    ]);
    expect(captionTracks(captions, 'fr').find((t) => t.default)?.srclang).toBe('en');
    expect(captionTracks(undefined, 'en')).toEqual([]);
  });
});
