import { describe, expect, it } from 'vitest';
import { canMove, isActive, parseRoomRecordingMeta, recordingActionSchema } from './model';
import { maskKey, restreamActionSchema, rtmpUrlSchema } from './restream';

describe('the recording state machine', () => {
  it('moves forward only, and fails from anywhere before the end', () => {
    expect(canMove('starting', 'recording')).toBe(true);
    expect(canMove('recording', 'stopping')).toBe(true);
    expect(canMove('stopping', 'processing')).toBe(true);
    expect(canMove('processing', 'ready')).toBe(true);
    expect(canMove('recording', 'starting')).toBe(false);
    expect(canMove('ready', 'failed')).toBe(false);
    expect(canMove('failed', 'recording')).toBe(false);
    expect(canMove('starting', 'failed')).toBe(true);
    expect(['starting', 'recording', 'stopping'].every((s) => isActive(s as never))).toBe(true);
    expect(isActive('processing')).toBe(false);
  });

  it('reads only a well-formed recording summary from room metadata', () => {
    expect(parseRoomRecordingMeta('{"recording":{"status":"recording","mode":"browser"}}')).toEqual({ recording: { status: 'recording', mode: 'browser' } });
    expect(parseRoomRecordingMeta('{"recording":null}')).toEqual({ recording: null });
    expect(parseRoomRecordingMeta('{"recording":{"status":"paused","mode":"browser"}}')).toBeNull();
    expect(parseRoomRecordingMeta('{"other":1}')).toBeNull();
    expect(parseRoomRecordingMeta('not json')).toBeNull();
    expect(parseRoomRecordingMeta('')).toBeNull();
  });

  it('accepts only the actions it knows', () => {
    expect(recordingActionSchema.safeParse({ eventId: 'abcdefabcdef', intent: 'start' }).success).toBe(true);
    expect(recordingActionSchema.safeParse({ eventId: 'abcdefabcdef', intent: 'stop' }).success).toBe(false);
    expect(recordingActionSchema.safeParse({ eventId: 'abcdefabcdef', intent: 'attach', recordingId: '0123456789abcdef', mediaId: 'x' }).success).toBe(false);
  });
});

describe('restream destinations', () => {
  it('takes rtmp:// and rtmps:// URLs with a host and no credentials', () => {
    expect(rtmpUrlSchema.safeParse('rtmp://a.rtmp.youtube.com/live2').success).toBe(true);
    expect(rtmpUrlSchema.safeParse('rtmps://live-api-s.facebook.com:443/rtmp/').success).toBe(true);
    for (const bad of ['http://example.com/live', 'rtmp://', 'rtmp://user:pw@example.com/app', 'rtmp://exa mple.com/app', 'srt://example.com:9000', '']) {
      expect(rtmpUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses keys with spaces or control characters and names the field', () => {
    const result = restreamActionSchema.safeParse({ eventId: 'abcdefabcdef', intent: 'add', name: 'YT', url: 'rtmp://a.example/live', streamKey: 'has space' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['streamKey'], message: 'recording.restream.errors.key' });
  });

  it('masks all but the last four characters', () => {
    expect(maskKey('abcd-efgh-1234')).toBe('••••••••1234');
    expect(maskKey('abcd-efgh-1234')).not.toContain('abcd');
  });
});
