import { describe, expect, it } from 'vitest';
import { deviceProblem, formatTimer, frameSize, MAX_TAKE_BYTES, MAX_TAKE_SECONDS, pickRecorderType, pipRect, takeLimit } from './capture';

describe('formatTimer', () => {
  it('shows minutes and seconds, hours only when there are some', () => {
    expect(formatTimer(0)).toBe('0:00');
    expect(formatTimer(999)).toBe('0:00');
    expect(formatTimer(5_000)).toBe('0:05');
    expect(formatTimer(754_900)).toBe('12:34');
    expect(formatTimer(3_723_000)).toBe('1:02:03');
  });
  it('never shows a negative or broken time', () => {
    expect(formatTimer(-4_000)).toBe('0:00');
    expect(formatTimer(Number.NaN)).toBe('0:00');
  });
});

describe('pickRecorderType', () => {
  const only = (...types: string[]) => (type: string) => types.includes(type);
  it('prefers VP9, then VP8, with Opus', () => {
    expect(pickRecorderType(true, only('video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus'))).toEqual({ mimeType: 'video/webm;codecs=vp9,opus', contentType: 'video/webm', extension: 'webm' });
    expect(pickRecorderType(true, only('video/webm;codecs=vp8,opus', 'video/webm'))?.mimeType).toBe('video/webm;codecs=vp8,opus');
  });
  it('falls back to MP4 where only MP4 records (Safari)', () => {
    expect(pickRecorderType(true, only('video/mp4'))).toEqual({ mimeType: 'video/mp4', contentType: 'video/mp4', extension: 'mp4' });
    expect(pickRecorderType(false, only('audio/mp4'))).toEqual({ mimeType: 'audio/mp4', contentType: 'audio/mp4', extension: 'm4a' });
  });
  it('records sound alone as audio, and says so when nothing can be recorded', () => {
    expect(pickRecorderType(false, only('audio/webm;codecs=opus', 'video/webm'))).toEqual({ mimeType: 'audio/webm;codecs=opus', contentType: 'audio/webm', extension: 'webm' });
    expect(pickRecorderType(true, () => false)).toBeNull();
    expect(
      pickRecorderType(false, () => {
        throw new Error('no MediaRecorder');
      }),
    ).toBeNull();
  });
});

describe('takeLimit', () => {
  it('stops a take that is too long or too large', () => {
    expect(takeLimit(10, 1000, true)).toBeNull();
    expect(takeLimit(MAX_TAKE_SECONDS, 1000, true)).toBe('tooLong');
    expect(takeLimit(10, MAX_TAKE_BYTES.audio, false)).toBe('tooLarge');
    expect(takeLimit(10, MAX_TAKE_BYTES.audio, true)).toBeNull();
  });
});

describe('deviceProblem', () => {
  const error = (name: string) => Object.assign(new Error(name), { name });
  it('tells a refusal from a missing or busy device', () => {
    expect(deviceProblem(error('NotAllowedError'), false)).toBe('denied');
    expect(deviceProblem(error('NotAllowedError'), true)).toBe('cancelled');
    expect(deviceProblem(error('NotFoundError'), false)).toBe('noDevice');
    expect(deviceProblem(error('NotReadableError'), false)).toBe('busy');
    expect(deviceProblem(error('NotSupportedError'), true)).toBe('unsupported');
    expect(deviceProblem('odd', false)).toBe('failed');
  });
});

describe('picture in picture', () => {
  it('puts the camera in the bottom right quarter, keeping its shape', () => {
    expect(pipRect(1280, 720, 640, 480)).toEqual({ x: 928, y: 448, width: 320, height: 240 });
  });
  it('records the screen at its size up to 1280 pixels wide', () => {
    expect(frameSize(2560, 1440)).toEqual({ width: 1280, height: 720 });
    expect(frameSize(1024, 767)).toEqual({ width: 1024, height: 768 });
    expect(frameSize(0, 0)).toEqual({ width: 1280, height: 720 });
  });
});
