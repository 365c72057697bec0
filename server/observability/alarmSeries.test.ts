/**
 * The gauges the deployment's alarms read (deploy/lib/alarms.ts) as /metrics exposes them: the
 * chat delivery lag's p95 over 5 minutes and the audience that makes it event hours.
 */
import { describe, expect, it } from 'vitest';
import { exposition, sampleValue } from './exposition.testing';
import { countChatFanout, countChatSocket, metricsRegistry } from './metrics.server';

const messageFrame = (lagMs: number) =>
  JSON.stringify({ type: 'event', event: { kind: 'message', seq: 1, message: { text: 'hi', createdAt: new Date(Date.now() - lagMs).toISOString() } } });

describe('the series the alarms read', () => {
  it('exposes the p95 of chat delivery lag over the window, 0 before any message', async () => {
    expect(sampleValue(await metricsRegistry.metrics(), 'chat_delivery_lag_p95_seconds')).toBe(0);
    for (let i = 0; i < 90; i++) countChatFanout('aurora', messageFrame(20), 3);
    for (let i = 0; i < 10; i++) countChatFanout('solana', messageFrame(3_000), 3);
    const out = await metricsRegistry.metrics();
    expect(exposition(out)).toEqual([]);
    // 10 % of the messages took 3 s (bucket 2–5 s): the p95 is over the 2 s page bound.
    const p95 = sampleValue(out, 'chat_delivery_lag_p95_seconds')!;
    expect(p95).toBeGreaterThan(2);
    expect(p95).toBeLessThanOrEqual(5);
  });

  it('counts the sockets joined across tenants, back to 0 when the audience leaves', async () => {
    countChatSocket('aurora', 1);
    countChatSocket('solana', 1);
    expect(sampleValue(await metricsRegistry.metrics(), 'live_audience_sockets')).toBe(2);
    countChatSocket('aurora', -1);
    countChatSocket('solana', -1);
    expect(sampleValue(await metricsRegistry.metrics(), 'live_audience_sockets')).toBe(0);
  });
});
