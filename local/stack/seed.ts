/**
 * Seeds the localised text resources (docs/PRODUCT.md, Data: localised text resource; Rules:
 * dialog texts) for every tenant in the registry and every language it supports. Idempotent:
 * running it again writes nothing new, and texts a tenant already has (edited or not) are kept
 * unless `overwrite` is set.
 */
import type { Registry } from '#server/config/registry.server';
import type { Language } from '#app/lib/config/tenant';
import { DEFAULT_RESOURCES } from '#app/lib/identity/idleResources';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';

export { DEFAULT_RESOURCES, IDLE_RESOURCE_CODES, type IdleResourceCode } from '#app/lib/identity/idleResources';
/** Each sample tenant's pitch deck (a generated PDF in its library), seeded beside the text resources. */
export { seedSampleDecks } from './sampleDeck';
/** Each sample tenant's channel and products (issue 15), seeded after the decks they deliver. */
export { demoOrganizers, seedSampleShops } from './sampleShop';

export interface SeedResult {
  /** "<tenantId>/<language>" → number of resources written. */
  written: Record<string, number>;
  total: number;
}

export async function seedTenantResources(
  resources: TenantData['resources'],
  language: Language,
  options: { overwrite?: boolean } = {},
): Promise<number> {
  const defaults: Record<string, string> = DEFAULT_RESOURCES[language];
  let missing = defaults;
  if (!options.overwrite) {
    const existing = await resources.batchGet({
      keys: Object.keys(defaults).map((code) => ({ ResourcePK: language, ResourceSK: code })),
      projectionExpression: 'ResourceCode',
    });
    const have = new Set(existing.map((item) => item.ResourceCode));
    missing = Object.fromEntries(Object.entries(defaults).filter(([code]) => !have.has(code)));
  }
  if (Object.keys(missing).length) await resources.put(language, missing);
  return Object.keys(missing).length;
}

export async function seedResources(db: Database, registry: Registry, options: { overwrite?: boolean } = {}): Promise<SeedResult> {
  const written: Record<string, number> = {};
  for (const tenant of registry.tenants.values()) {
    const { resources } = tenantData({ db }, tenant.id);
    for (const language of tenant.languages.supported) {
      written[`${tenant.id}/${language}`] = await seedTenantResources(resources, language, options);
    }
  }
  return { written, total: Object.values(written).reduce((a, b) => a + b, 0) };
}
