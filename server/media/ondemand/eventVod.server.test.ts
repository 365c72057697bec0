import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#app/lib/chat/protocol';
import type { EventRecord } from '#app/lib/events/model';
import type { MediaItem } from '#app/lib/media/model';
import { draft } from '#tests/support/chat';
import type { ReplayRecord } from '#server/chat/data/chatReplay.server';
import { noRecordingReason, recordingsOf, replayOf } from './eventVod.server';

const recording = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: '000000001aaaaaaaaaaaa',
  scope: 'tenant',
  kind: 'video',
  ownerId: 'o1',
  ownerName: 'Ana',
  title: 'Recording',
  description: '',
  tags: [],
  visibility: 'public',
  status: 'ready',
  original: { key: 'k', fileName: 'r.mp4', contentType: 'video/mp4', bytes: 1 },
  derived: { durationSeconds: 20 },
  origin: 'recording',
  eventId: 'e1',
  startedAt: '2026-01-01T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:30.000Z',
  updatedAt: '2026-01-01T10:00:30.000Z',
  ...over,
});

let seq = 0;
const record = (text: string, createdAt: string, extra: Partial<ChatMessage> = {}, answeredAt: string | null = null): ReplayRecord => {
  seq++;
  const message = { ...draft('u1', text, { createdAt, chatDisplayName: 'Bo' }), msgId: String(seq).padStart(12, '0'), eventId: 'e1', seq, likes: 0, votes: 0, prevMsgId: null, questionAnswered: false, deleted: false, approvedFrom: null, ...extra } as ChatMessage;
  return { message, answeredAt };
};

describe('a recording with its chat', () => {
  it('places messages and chapters from the recording start (startedAt, else its creation)', () => {
    const records = [
      record('before the recording', '2026-01-01T09:59:59.000Z'),
      record('hello', '2026-01-01T10:00:03.000Z'),
      record('Why?', '2026-01-01T10:00:04.000Z', { showHandQuestion: true, questionAnswered: true }, '2026-01-01T10:00:05.000Z'),
      record('Open question', '2026-01-01T10:00:06.000Z', { showHandQuestion: true }),
      record('after the end', '2026-01-01T10:00:21.000Z'),
    ];
    const { chapters, messages } = replayOf(recording(), records);
    expect(chapters).toEqual([{ startSeconds: 5, title: 'Why?' }]);
    expect(messages.map((m) => [m.text, m.at, m.question])).toEqual([
      ['hello', 3, false],
      ['Why?', 4, true],
      ['Open question', 6, true],
    ]);
    const fromCreation = replayOf(recording({ startedAt: undefined }), records);
    expect(fromCreation.messages).toEqual([]);
  });

  it('takes video recordings and kept broadcasts of the event, not uploads or audio', () => {
    const items = [recording({ origin: 'upload' }), recording({ kind: 'audio' }), recording({ origin: 'broadcast' }), recording()];
    expect(recordingsOf(items)).toEqual([items[2], items[3]]);
  });

  it('tells the organizer why there is no recording', () => {
    const now = Date.parse('2026-01-02T00:00:00.000Z');
    const event = {
      eventDateTime: '2026-01-01T10:00:00.000Z',
      eventDuration: 60,
      eventExpiration: '2026-01-01T11:30:00.000Z',
      cancelledAt: null,
      endedAt: null,
      enableRecording: 'cloud',
      recordingDestination: 'cloud',
    } as unknown as EventRecord;
    expect(noRecordingReason(event, [], Date.parse('2026-01-01T10:30:00.000Z'))).toBe('notOver');
    expect(noRecordingReason(event, [recording({ status: 'failed' })], now)).toBe('failed');
    expect(noRecordingReason({ ...event, enableRecording: 'off' }, [], now)).toBe('recordingOff');
    expect(noRecordingReason({ ...event, recordingDestination: 'download' }, [], now)).toBe('downloadOnly');
    expect(noRecordingReason(event, [], now)).toBe('notRecorded');
  });
});
