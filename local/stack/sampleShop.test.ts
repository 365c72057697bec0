import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Registry } from '#server/config/registry.server';
import type { Tenant } from '#app/lib/config/tenant';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { demoOrganizers, seedSampleShops } from './sampleShop';

const db = testDatabase();

function registryOf(id: string): Registry {
  const tenant = { id, displayName: 'Sample Co', currency: 'EUR', features: { shop: true }, languages: { supported: ['fr'], default: 'fr' } } as unknown as Tenant;
  return { tenants: new Map([[id, tenant]]), themes: new Map(), domains: new Map(), rootDir: '.' };
}

describe('the sample shop', () => {
  it("belongs to the tenant's demo organizer, read from the demo-accounts file, and is seeded once", async () => {
    const id = uniqueTenantId();
    const file = join(mkdtempSync(join(tmpdir(), 'demo-accounts-')), 'demo-accounts.json');
    writeFileSync(
      file,
      JSON.stringify([
        { tenant: id, role: 'participant', username: 'p@example.com', password: 'x', sub: 'participant-sub' },
        { tenant: id, role: 'organizer', username: 'o@example.com', password: 'x', sub: 'organizer-sub' },
      ]),
    );
    const owners = demoOrganizers(file);
    expect(owners).toEqual({ [id]: { userId: 'organizer-sub', name: 'Demo organizer' } });

    expect(await seedSampleShops({ db }, registryOf(id), owners)).toHaveLength(1);
    const channels = await tenantData({ db }, id).channels.byOwner('organizer-sub');
    expect(channels.map((c) => c.name)).toEqual(['Sample Co']);
    expect(await seedSampleShops({ db }, registryOf(id), owners)).toEqual([]);
  });

  it('has no demo organizers without a demo-accounts file', () => {
    expect(demoOrganizers(undefined)).toEqual({});
    expect(demoOrganizers(join(tmpdir(), 'no-such-file.json'))).toEqual({});
  });
});
