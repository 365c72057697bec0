/**
 * Tenant ids for tests (docs/decisions/0018-tenant-bound-data.md). Product code gets a TenantId
 * only from tenant resolution (the registry); tests name theirs through this module, the one place
 * outside resolution allowed to make one (ESLint refuses `as TenantId` anywhere else).
 */
import type { TenantId } from '#app/lib/config/tenant';

/** The tenant a test names: a configured one such as 'aurora', or one made up for the test. */
export function testTenantId(id: string): TenantId {
  if (!/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/.test(id)) throw new Error(`"${id}" is not a tenant id`);
  return id as TenantId;
}

/** A tenant id no other test (or parallel run) uses. */
export function uniqueTenantId(prefix = 't'): TenantId {
  return testTenantId(`${prefix}-${Math.random().toString(36).slice(2, 10)}`);
}
