import { describe, expect, it } from 'vitest';
import { rewriteLiveMaster, rewriteLiveMedia } from './livePlaylist.server';

const MASTER = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-STREAM-INF:BANDWIDTH=1140800,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=3520000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720p/index.m3u8
`;

const media = (count: number, ended = false) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...Array.from({ length: count }, (_, i) => [`#EXTINF:1.000000,`, `segment_${String(i).padStart(5, '0')}.ts`]).flat(),
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
  ].join('\n');

describe('live master playlist', () => {
  it('points each known rendition at the live route and leaves out unknown ones', () => {
    const out = rewriteLiveMaster(MASTER, ['720p'], (v) => `/api/broadcast/live?event=e&variant=${v}`);
    expect(out).toContain('/api/broadcast/live?event=e&variant=720p');
    expect(out).not.toContain('360p');
    expect(out).not.toContain('RESOLUTION=640x360');
  });

  it('drops a rendition line that is not a rendition playlist', () => {
    const out = rewriteLiveMaster(MASTER.replace('720p/index.m3u8', 'https://evil.example/x.m3u8'), ['360p', '720p'], (v) => `/live/${v}`);
    expect(out).toContain('/live/360p');
    expect(out).not.toContain('evil');
  });
});

describe('live rendition playlist', () => {
  const sign = async (s: string) => `https://storage.example/${s}?X-Amz-Signature=x`;

  it('keeps the last segments, moves the media sequence on and signs each segment', async () => {
    const out = await rewriteLiveMedia(media(20), sign, 8);
    const uris = out.split('\n').filter((l) => l.startsWith('https://'));
    expect(uris).toHaveLength(8);
    expect(uris[0]).toContain('segment_00012.ts');
    expect(uris[7]).toContain('segment_00019.ts');
    expect(out).toContain('#EXT-X-MEDIA-SEQUENCE:12');
    expect(out).not.toContain('PLAYLIST-TYPE');
    expect(out).not.toContain('#EXT-X-ENDLIST');
    expect(out.match(/#EXTINF/g)).toHaveLength(8);
  });

  it('keeps a short playlist whole and its end marker', async () => {
    const out = await rewriteLiveMedia(media(3, true), sign, 8);
    expect(out).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(out.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('never passes on a line that is not one of the worker’s segments', async () => {
    const out = await rewriteLiveMedia(`${media(2)}\n#EXTINF:1.0,\nhttps://evil.example/a.ts`, sign, 8);
    expect(out).not.toContain('evil');
  });
});
