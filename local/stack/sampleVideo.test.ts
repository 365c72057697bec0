import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probe } from '#server/platform/media/tools.server';
import { makeSampleVideo } from './sampleVideo';

describe('the player demo sample', () => {
  it('is made locally by ffmpeg: an H.264 picture with sound, as long as asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sample-test-'));
    try {
      const file = join(dir, 'sample.mp4');
      writeFileSync(file, await makeSampleVideo(2));
      const info = await probe(file, 'video');
      expect(info.durationSeconds).toBeGreaterThan(1.5);
      expect(info.durationSeconds).toBeLessThan(2.6);
      expect(info.width).toBe(1280);
      expect(info.height).toBe(720);
      expect(info.hasAudio).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
