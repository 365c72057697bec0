import { describe, expect, it } from 'vitest';
import { groupCrowded, MAX_SIDE_BY_SIDE } from './calendarGroups';

const at = (id: string, start: string, end: string) => ({ id, start: new Date(start), end: new Date(end) });

describe('groupCrowded', () => {
  it('leaves events that fit side by side alone', () => {
    const events = [at('a', '2026-05-04T10:00Z', '2026-05-04T11:00Z'), at('b', '2026-05-04T10:30Z', '2026-05-04T11:30Z'), at('c', '2026-05-04T12:00Z', '2026-05-04T13:00Z')];
    expect(groupCrowded(events).map((e) => ('members' in e ? e.members.map((m) => m.id) : e.id))).toEqual(['a', 'b', 'c']);
  });

  it('turns more than MAX_SIDE_BY_SIDE events at the same time into one listed group spanning them', () => {
    const five = ['1', '2', '3', '4', '5'].map((id) => at(id, '2026-05-04T10:00Z', '2026-05-04T11:00Z'));
    const later = at('later', '2026-05-04T15:00Z', '2026-05-04T16:00Z');
    const out = groupCrowded([...five, at('tail', '2026-05-04T10:45Z', '2026-05-04T12:00Z'), later]);
    expect(out).toHaveLength(2);
    const group = out[0]!;
    expect('members' in group && group.members.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5', 'tail']);
    expect(group.start.toISOString()).toBe('2026-05-04T10:00:00.000Z');
    expect(group.end.toISOString()).toBe('2026-05-04T12:00:00.000Z');
    expect(out[1]).toBe(later);
  });

  it('counts columns, not events: a chain of short overlaps stays side by side', () => {
    const chain = [at('a', '2026-05-04T10:00Z', '2026-05-04T11:00Z'), at('b', '2026-05-04T10:30Z', '2026-05-04T11:30Z'), at('c', '2026-05-04T11:00Z', '2026-05-04T12:00Z')];
    expect(MAX_SIDE_BY_SIDE).toBe(2);
    expect(groupCrowded(chain).every((e) => !('members' in e))).toBe(true);
  });
});
