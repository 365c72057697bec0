import { describe, expect, it } from 'vitest';
import { assign, autoSplit, breakoutActionSchema, breakoutChannel, breakoutChatId, breakoutsRunning, closedBreakouts, formatCountdown, roomIds, roomOf, secondsLeft, type BreakoutState } from './model';

const people = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `u${i + 1}`, name: `Person ${i + 1}` }));

const running = (over: Partial<BreakoutState> = {}): BreakoutState => ({
  ...closedBreakouts('abcdefabcdef'),
  version: 1,
  open: true,
  rooms: [
    { id: 'b1', name: 'Room 1' },
    { id: 'b2', name: 'Room 2' },
  ],
  members: [{ userId: 'u1', name: 'A', roomId: 'b2' }],
  ...over,
});

describe('the automatic split', () => {
  it('deals people round the rooms so sizes differ by at most one, the first rooms taking the extra', () => {
    const split = autoSplit(people(7), roomIds(3));
    const sizes = ['b1', 'b2', 'b3'].map((id) => split.filter((m) => m.roomId === id).length);
    expect(sizes).toEqual([3, 2, 2]);
    expect(split.map((m) => m.roomId)).toEqual(['b1', 'b2', 'b3', 'b1', 'b2', 'b3', 'b1']);
  });

  it('places a person named twice once, and nobody without rooms', () => {
    expect(autoSplit([...people(2), { userId: 'u1', name: 'again' }], roomIds(2))).toHaveLength(2);
    expect(autoSplit(people(3), [])).toEqual([]);
  });

  it('fewer people than rooms leaves the last rooms empty', () => {
    expect(autoSplit(people(1), roomIds(4)).map((m) => m.roomId)).toEqual(['b1']);
  });
});

describe('assignment rules', () => {
  it('moves one person and keeps everyone else; null takes them back to the main room', () => {
    const members = autoSplit(people(3), roomIds(2));
    const moved = assign(members, { userId: 'u1', name: 'Person 1' }, 'b2');
    expect(moved.find((m) => m.userId === 'u1')?.roomId).toBe('b2');
    expect(moved).toHaveLength(3);
    expect(assign(moved, { userId: 'u1', name: 'Person 1' }, null).map((m) => m.userId)).toEqual(['u2', 'u3']);
  });

  it('a person is in their breakout only while the breakouts run (open, before the end time)', () => {
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(roomOf(running(), 'u1', now)?.id).toBe('b2');
    expect(roomOf(running(), 'u9', now)).toBeNull();
    expect(roomOf(running({ open: false }), 'u1', now)).toBeNull();
    expect(roomOf(running({ endsAt: '2030-01-01T09:59:59Z' }), 'u1', now)).toBeNull();
    expect(breakoutsRunning(running({ endsAt: '2030-01-01T10:00:01Z' }), now)).toBe(true);
    expect(breakoutsRunning(null, now)).toBe(false);
  });

  it('counts down in whole seconds and writes m:ss or h:mm:ss', () => {
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(secondsLeft(running({ endsAt: '2030-01-01T10:05:00.500Z' }), now)).toBe(301);
    expect(secondsLeft(running({ endsAt: '2030-01-01T09:00:00Z' }), now)).toBe(0);
    expect(secondsLeft(running(), now)).toBeNull();
    expect(formatCountdown(301)).toBe('5:01');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('names a breakout after the main room (tenant first) and its chat after the event', () => {
    expect(breakoutChannel('acme_abcdefabcdef', 'b2')).toBe('acme_abcdefabcdef-b2');
    expect(breakoutChatId('abcdefabcdef', 'b2')).toBe('abcdefabcdef.b2');
  });
});

describe('the hosts’ requests', () => {
  it('accepts 2 to 20 rooms, a duration up to 4 hours and known room ids only', () => {
    const base = { intent: 'open', eventId: 'abcdefabcdef' };
    expect(breakoutActionSchema.safeParse({ ...base, count: 2 }).success).toBe(true);
    expect(breakoutActionSchema.safeParse({ ...base, count: 1 }).success).toBe(false);
    expect(breakoutActionSchema.safeParse({ ...base, count: 21 }).success).toBe(false);
    expect(breakoutActionSchema.safeParse({ ...base, count: 3, minutes: 241 }).success).toBe(false);
    expect(breakoutActionSchema.safeParse({ ...base, count: 3, extra: 1 }).success).toBe(false);
    const move = { intent: 'assign', eventId: 'abcdefabcdef', person: { userId: 'u1', name: 'A' } };
    expect(breakoutActionSchema.safeParse({ ...move, roomId: 'b20' }).success).toBe(true);
    expect(breakoutActionSchema.safeParse({ ...move, roomId: 'b21' }).success).toBe(false);
    expect(breakoutActionSchema.safeParse({ ...move, roomId: null }).success).toBe(true);
    expect(breakoutActionSchema.safeParse({ intent: 'rename', eventId: 'abcdefabcdef', roomId: 'b1', name: '   ' }).success).toBe(false);
  });
});
