import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveUploader } from './liveUploader.server';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function hlsDir(variants: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'live-uploader-'));
  dirs.push(dir);
  for (const v of variants) await mkdir(join(dir, v));
  return dir;
}

const playlist = (names: string[]) => ['#EXTM3U', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', ...names.flatMap((n) => ['#EXTINF:1.0,', n])].join('\n');

describe('LiveUploader', () => {
  it('stores each segment once, before the playlist naming it, and the master last', async () => {
    const dir = await hlsDir(['360p', '720p']);
    const stored: string[] = [];
    const uploader = new LiveUploader(dir, ['360p', '720p'], async (key) => void stored.push(key));
    expect(await uploader.sync()).toBe(false);
    for (const v of ['360p', '720p']) {
      await writeFile(join(dir, v, 'segment_00000.ts'), 'a');
      // A segment still being written (.tmp) and one not listed yet are not stored.
      await writeFile(join(dir, v, 'segment_00001.ts.tmp'), 'b');
      await writeFile(join(dir, v, 'index.m3u8'), playlist(['segment_00000.ts']));
    }
    expect(await uploader.sync()).toBe(false); // no master playlist yet
    await writeFile(join(dir, 'master.m3u8'), '#EXTM3U');
    expect(await uploader.sync()).toBe(true);
    expect(stored).toEqual(['360p/segment_00000.ts', '360p/index.m3u8', '720p/segment_00000.ts', '720p/index.m3u8', 'master.m3u8']);

    await writeFile(join(dir, '360p', 'segment_00001.ts'), 'b');
    await writeFile(join(dir, '360p', 'index.m3u8'), playlist(['segment_00000.ts', 'segment_00001.ts']));
    stored.length = 0;
    await uploader.sync();
    expect(stored).toEqual(['360p/segment_00001.ts', '360p/index.m3u8']);
    expect(uploader.segmentsStored).toBe(3);
  });

  it('never stores a name the playlist lists that is not one of ffmpeg’s segments', async () => {
    const dir = await hlsDir(['360p']);
    const stored: string[] = [];
    await writeFile(join(dir, '360p', 'index.m3u8'), playlist(['../../../etc/passwd']));
    await writeFile(join(dir, 'master.m3u8'), '#EXTM3U');
    await new LiveUploader(dir, ['360p'], async (key) => void stored.push(key)).sync();
    expect(stored).toEqual(['360p/index.m3u8', 'master.m3u8']);
  });
});
