import { describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { hasShop, requireShop } from './feature.server';

const withShop = (shop: boolean) => ({ tenant: { features: { shop } } as unknown as Tenant });
const caught = async (run: () => unknown) => {
  try {
    await run();
    return null;
  } catch (e) {
    return e;
  }
};

describe('requireShop', () => {
  it('lets a request through where the tenant has the shop', async () => {
    expect(hasShop(withShop(true))).toBe(true);
    expect(() => requireShop(withShop(true))).not.toThrow();
    await expect(requireShop(withShop(true), async () => new Response('no', { status: 404 }))).resolves.toBeUndefined();
  });

  it('answers a screen with the 404 page and an API with its own 404 where the shop is off', async () => {
    expect(hasShop(withShop(false))).toBe(false);
    const page = (await caught(() => requireShop(withShop(false)))) as Response;
    expect(page.status).toBe(404);
    const api = (await caught(() => requireShop(withShop(false), async () => Response.json({ ok: false, error: 'notFound' }, { status: 404 })))) as Response;
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ ok: false, error: 'notFound' });
  });
});
