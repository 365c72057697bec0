import { describe, expect, it } from 'vitest';
import { packagerArgs, parseSourceInfo } from './transcode.server';

const LOG = `Input #0, flv, from 'rtmp://127.0.0.1:1935/live/x':
  Metadata:
    encoder         : Lavf59.27.100
  Duration: 00:00:00.00, start: 0.000000, bitrate: N/A
  Stream #0:0: Video: h264 (Constrained Baseline), yuv420p(progressive), 1280x720, 1500 kb/s, 25 fps, 25 tbr, 1k tbn
  Stream #0:1: Audio: aac (LC), 48000 Hz, mono, fltp, 96 kb/s
`;

describe('the receiver log', () => {
  it('gives the source once the output section starts', () => {
    expect(parseSourceInfo(LOG)).toBeNull();
    expect(parseSourceInfo(`${LOG}Output #0, mpegts, to 'pipe:1':`)).toEqual({ width: 1280, height: 720, hasAudio: true });
  });

  it('reads a source without audio (SRT: stream ids in brackets)', () => {
    const log = `Input #0, mpegts, from 'srt://0.0.0.0:9000?mode=listener':\n  Stream #0:0[0x100]: Video: h264 (High) ([27][0][0][0] / 0x001B), yuv420p(progressive), 640x360 [SAR 1:1 DAR 16:9], 25 fps\nOutput #0, mpegts`;
    expect(parseSourceInfo(log)).toEqual({ width: 640, height: 360, hasAudio: false });
  });
});

describe('the packager', () => {
  it('cuts 360p and 720p from a 1080p source', () => {
    const { variants, args } = packagerArgs({ width: 1920, height: 1080, hasAudio: true }, '/tmp/x');
    expect(variants).toEqual(['360p', '720p']);
    expect(args).toContain('v:0,a:0,name:360p v:1,a:1,name:720p');
    expect(args.join(' ')).toContain('-hls_time 1');
  });

  it('passes a lower source through at its own height, never upscaled', () => {
    expect(packagerArgs({ width: 854, height: 480, hasAudio: false }, '/tmp/x').variants).toEqual(['360p', '480p']);
    expect(packagerArgs({ width: 426, height: 240, hasAudio: false }, '/tmp/x').variants).toEqual(['240p']);
  });
});
