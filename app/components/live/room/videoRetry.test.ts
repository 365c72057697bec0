import { describe, expect, it } from 'vitest';
import { videoRetryDelayMs } from './useRoomSession';

describe('the room retrying video by itself (docs/decisions/0052)', () => {
  it('waits 5 s, then longer, never more than 25 s, with jitter so a room full of people does not retry at once', () => {
    expect(videoRetryDelayMs(0, () => 0.5)).toBe(5000);
    expect(videoRetryDelayMs(1, () => 0.5)).toBe(10_000);
    expect(videoRetryDelayMs(5, () => 0.5)).toBe(20_000);
    expect(videoRetryDelayMs(50, () => 0.999)).toBeLessThanOrEqual(25_000);
    expect(videoRetryDelayMs(0, () => 0)).toBe(3750);
    expect(new Set(Array.from({ length: 20 }, () => videoRetryDelayMs(1))).size).toBeGreaterThan(1);
  });
});
