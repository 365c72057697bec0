import { describe, expect, it } from 'vitest';
import { runInRequest } from './context.server';
import { exposition, sampleValue } from './exposition.testing';
import { countChatFanout, countChatSocket, countRenderCache, metricsRegistry, NO_TENANT } from './metrics.server';

const text = () => metricsRegistry.metrics();

describe('instrumentation hooks', () => {
  it('counts render-cache answers per tenant of the request', async () => {
    runInRequest({ requestId: 'r1', tenant: 'aurora' }, () => countRenderCache('HIT'));
    runInRequest({ requestId: 'r2', tenant: 'aurora' }, () => countRenderCache('MISS'));
    countRenderCache('STALE');
    const out = await text();
    expect(sampleValue(out, 'render_cache_requests_total', { tenant: 'aurora', result: 'hit' })).toBe(1);
    expect(sampleValue(out, 'render_cache_requests_total', { tenant: 'aurora', result: 'miss' })).toBe(1);
    expect(sampleValue(out, 'render_cache_requests_total', { tenant: NO_TENANT, result: 'stale' })).toBe(1);
  });

  it('tracks open chat sockets, deliveries and a message’s delivery lag', async () => {
    countChatSocket('aurora', 1);
    countChatSocket('aurora', 1);
    countChatSocket('aurora', -1);
    const createdAt = new Date(Date.now() - 300).toISOString();
    countChatFanout('aurora', JSON.stringify({ type: 'event', event: { kind: 'message', seq: 3, message: { text: 'hi', createdAt } } }), 5);
    countChatFanout('aurora', JSON.stringify({ type: 'event', event: { kind: 'likes', seq: 4 } }), 2);
    const out = await text();
    expect(exposition(out)).toEqual([]);
    expect(sampleValue(out, 'chat_sockets_open', { tenant: 'aurora' })).toBe(1);
    expect(sampleValue(out, 'chat_deliveries_total', { tenant: 'aurora' })).toBe(7);
    expect(sampleValue(out, 'chat_delivery_lag_seconds_count', { tenant: 'aurora' })).toBe(1);
    const lag = sampleValue(out, 'chat_delivery_lag_seconds_sum', { tenant: 'aurora' })!;
    expect(lag).toBeGreaterThanOrEqual(0.3);
    expect(lag).toBeLessThan(5);
    expect(sampleValue(out, 'chat_delivery_lag_seconds_bucket', { tenant: 'aurora', le: '0.25' })).toBe(0);
    expect(sampleValue(out, 'chat_delivery_lag_seconds_bucket', { tenant: 'aurora', le: '0.5' })).toBe(1);
  });
});

describe('exposition (the test reader)', () => {
  it('tells invalid lines apart', () => {
    expect(exposition('# HELP a_total Things.\n# TYPE a_total counter\na_total{x="1",y="a\\"b"} 3\n\nb 1e+3\nc NaN\n')).toEqual([]);
    expect(exposition('a_total{x=1} 3\nbad line\n# TYPE a sometype\n')).toEqual(['a_total{x=1} 3', 'bad line', '# TYPE a sometype']);
  });
});
