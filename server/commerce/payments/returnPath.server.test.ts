import { describe, expect, it } from 'vitest';
import { returnPathWith } from './checkout.server';

const SITE = 'http://aurora.localhost:3000';

describe('returnPathWith (GET /api/checkout/return answers with it)', () => {
  it('adds the outcome to a path of the site', () => {
    expect(returnPathWith({ returnPath: '/preview?event=e1', orderId: 'ord_1', status: 'captured' })).toBe('/preview?event=e1&order=ord_1&paid=1');
    expect(returnPathWith({ returnPath: '/shop#cart', orderId: 'ord_2', status: 'failed' })).toBe('/shop?order=ord_2&paid=0#cart');
  });

  it('a stored return path that leaves the site after normalization ends on the home page (issue 24)', () => {
    for (const returnPath of ['/.//evil.example/x', '//evil.example/x', '/\\evil.example', '/%2F/evil.example', '/a/../..//evil.example', 'https://evil.example/']) {
      const location = returnPathWith({ returnPath, orderId: 'ord_3', status: 'captured' });
      expect(location, returnPath).toBe('/?order=ord_3&paid=1');
      expect(new URL(location, `${SITE}/api/checkout/return`).origin, returnPath).toBe(SITE);
    }
  });
});
