/** The tenants a deployment is generated from: the registry the server loads (tenants/, themes/). */
import { loadRegistry } from '#server/config/registry.server';
import type { Tenant } from '#app/lib/config/tenant';

export function tenantsOf(configRoot: string): Tenant[] {
  const { registry, problems } = loadRegistry(configRoot);
  if (problems.length) throw new Error(`The tenant registry has problems (npm run tenants:check):\n${problems.map((p) => `  ${p.file} ${p.field}: ${p.message}`).join('\n')}`);
  return [...registry.tenants.values()];
}
