import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckout } from './checkout';

const lines = [{ kind: 'product' as const, refId: 'p1', quantity: 2 }];

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startCheckout', () => {
  it('posts the lines, return path and idempotency key to /api/checkout and follows the redirect', async () => {
    const fetch = answer(200, { orderId: 'o1', redirectUrl: 'https://pay.example/s/1' });
    expect(await startCheckout(lines, '/shop?x=1', 'key-12345')).toEqual({ kind: 'redirect', url: 'https://pay.example/s/1', orderId: 'o1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ lines, returnPath: '/shop?x=1', idempotencyKey: 'key-12345' });
  });

  it('sends a signed-out buyer to sign in, to the server-named page or back to the return path', async () => {
    answer(401, { signIn: '/signIn?redirectTo=%2Fa' });
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'signIn', url: '/signIn?redirectTo=%2Fa' });
    answer(401, null);
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'signIn', url: '/signIn?redirectTo=%2Fb' });
  });

  it('names refused lines, an invalid request and a failure apart', async () => {
    answer(409, { refusals: [{ index: 0, refused: 'sold_out' }] });
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'refused', refusals: [{ index: 0, refused: 'sold_out' }] });
    answer(400, { error: 'invalid', message: 'x' });
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'invalid' });
    answer(503, { error: 'unavailable', message: 'x' });
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'failed' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    expect(await startCheckout(lines, '/b', 'key-12345')).toEqual({ kind: 'failed' });
  });
});
