import { describe, expect, it } from 'vitest';
import type { Registry } from '#server/config/registry.server';
import { PLATFORM_LANGUAGES, type Tenant, type TenantId } from '#app/lib/config/tenant';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { batchGetResources, putResources } from '#server/events/data/resources.server';
import { DEFAULT_RESOURCES, IDLE_RESOURCE_CODES, seedResources } from './seed';

const db = testDatabase();

function registryOf(tenants: Array<{ id: string; supported: string[] }>): Registry {
  return {
    tenants: new Map(tenants.map((t) => [t.id, { id: t.id, languages: { supported: t.supported, default: t.supported[0] } } as unknown as Tenant])),
    themes: new Map(),
    domains: new Map(),
    rootDir: '.',
  };
}

async function read(tenantId: TenantId, language: string) {
  const items = await batchGetResources(db, tenantId, {
    keys: IDLE_RESOURCE_CODES.map((code) => ({ ResourcePK: language, ResourceSK: code })),
    projectionExpression: 'ResourceCode, ResourceDesc',
  });
  return Object.fromEntries(items.map((i) => [i.ResourceCode, i.ResourceDesc]));
}

describe('DEFAULT_RESOURCES', () => {
  it('carries the exact English dialog texts (docs/PRODUCT.md, Rules: dialog texts)', () => {
    expect(DEFAULT_RESOURCES.en).toMatchObject({
      IDLE_TITLE: 'Warning',
      IDLE_MESSAGE: 'Your online session will end soon, due to inactivity',
      IDLE_STAY: "Wait, I'm still here!",
      IDLE_SIGN_OUT: 'Sign out',
      IDLE_CLOSE: 'Close',
      IDLE_COUNTDOWN_PREFIX: 'You will be Logged out in',
      IDLE_SECOND: 'second',
      IDLE_SECONDS: 'seconds',
    });
    expect(DEFAULT_RESOURCES.en.IDLE_PRECAUTION).toMatch(/session will end/);
    expect(DEFAULT_RESOURCES.en.IDLE_PRECAUTION).toMatch(/redirected to the home page/);
  });

  it('translates every code into every platform language', () => {
    for (const language of PLATFORM_LANGUAGES) {
      expect(Object.keys(DEFAULT_RESOURCES[language]).sort()).toEqual([...IDLE_RESOURCE_CODES].sort());
      for (const text of Object.values(DEFAULT_RESOURCES[language])) expect(text.trim()).not.toBe('');
    }
    expect(DEFAULT_RESOURCES.es.IDLE_SIGN_OUT).not.toBe(DEFAULT_RESOURCES.en.IDLE_SIGN_OUT);
    expect(DEFAULT_RESOURCES.fr.IDLE_SIGN_OUT).not.toBe(DEFAULT_RESOURCES.en.IDLE_SIGN_OUT);
  });
});

describe('seedResources (against DynamoDB Local)', () => {
  it("seeds each tenant's supported languages, and only those", async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    const result = await seedResources(db, registryOf([{ id: a, supported: ['en', 'es'] }, { id: b, supported: ['fr'] }]));
    expect(result.written).toEqual({ [`${a}/en`]: 9, [`${a}/es`]: 9, [`${b}/fr`]: 9 });
    expect(await read(a, 'en')).toEqual(DEFAULT_RESOURCES.en);
    expect(await read(a, 'es')).toEqual(DEFAULT_RESOURCES.es);
    expect(await read(a, 'fr')).toEqual({});
    expect(await read(b, 'fr')).toEqual(DEFAULT_RESOURCES.fr);
    expect(await read(b, 'en')).toEqual({});
  });

  it('is idempotent and keeps texts a tenant changed unless told to overwrite', async () => {
    const t = uniqueTenantId();
    const registry = registryOf([{ id: t, supported: ['en'] }]);
    expect((await seedResources(db, registry)).total).toBe(9);
    expect((await seedResources(db, registry)).total).toBe(0);
    expect(await read(t, 'en')).toEqual(DEFAULT_RESOURCES.en);

    await putResources(db, t, 'en', { IDLE_TITLE: 'Heads up' });
    expect((await seedResources(db, registry)).total).toBe(0);
    expect((await read(t, 'en')).IDLE_TITLE).toBe('Heads up');

    expect((await seedResources(db, registry, { overwrite: true })).total).toBe(9);
    expect(await read(t, 'en')).toEqual(DEFAULT_RESOURCES.en);
  });
});
