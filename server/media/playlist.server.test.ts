import { describe, expect, it } from 'vitest';
import { rewriteMasterPlaylist, rewriteMediaPlaylist } from './playlist.server';
import { signedUrlSeconds } from './view.server';

const MASTER = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-STREAM-INF:BANDWIDTH=1040000,RESOLUTION=640x360', '360p/index.m3u8', '', '#EXT-X-STREAM-INF:BANDWIDTH=3220000,RESOLUTION=1280x720', '720p/index.m3u8', ''].join('\n');
const MEDIA = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.000000,', 'segment_000.ts', '#EXTINF:2.000000,', 'segment_001.ts', '#EXT-X-ENDLIST', ''].join('\n');
const id = 'abcdefghij0123456789a';

describe('playlist rewriting', () => {
  it('points each rendition of the master playlist to the playlist route', async () => {
    const out = await rewriteMasterPlaylist(MASTER, id);
    expect(out.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([`/api/media/playlist?id=${id}&variant=360p`, `/api/media/playlist?id=${id}&variant=720p`]);
    expect(out).toContain('RESOLUTION=1280x720');
  });

  it('signs each segment and keeps the tags', async () => {
    const out = await rewriteMediaPlaylist(MEDIA, async (segment) => `https://store.example/${segment}?sig=1`);
    expect(out).toContain('https://store.example/segment_000.ts?sig=1\n#EXTINF:2.000000,\nhttps://store.example/segment_001.ts?sig=1');
    expect(out).toContain('#EXT-X-ENDLIST');
  });

  it('refuses a playlist that reaches outside its folder', async () => {
    await expect(rewriteMediaPlaylist('#EXTM3U\n../../other/original.mp4\n', async (s) => s)).rejects.toThrow();
    await expect(rewriteMasterPlaylist('#EXTM3U\n../x/index.m3u8\n', id)).rejects.toThrow();
  });
});

describe('signed URL lifetime', () => {
  it('outlasts playing the item through twice, within bounds', () => {
    expect(signedUrlSeconds(undefined)).toBe(900);
    expect(signedUrlSeconds(3600)).toBe(7800);
    expect(signedUrlSeconds(10 * 3600)).toBe(6 * 3600);
  });
});
