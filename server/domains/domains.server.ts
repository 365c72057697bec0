/**
 * Custom domains with certificates on first use (docs/decisions/0076): the admin's view of each
 * domain the tenant lists, the "Check now" that proves ownership and looks at the certificate,
 * the on-demand TLS "ask" answer and the HTTP token served on the domain.
 */
import { z } from 'zod';
import type { Tenant, TenantId } from '#app/lib/config/tenant';
import { hostNameSchema } from '#app/lib/config/tenant';
import { tokenPath, txtRecordName, type DomainRow, type DomainState } from '#app/lib/domains/domain';
import type { Registry } from '#server/config/registry.server';
import type { DomainRecord } from '#server/domains/data/domains.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import type { Services } from '#server/services';
import { log } from '#server/observability/log.server';
import { checkHttpToken, checkTxtRecord, probeCertificate, type DomainCheckConfig, type Outcome } from './checks.server';

/** failing wins (the last check is what the admin must act on), then the furthest step reached. */
export function stateOf(record: Pick<DomainRecord, 'verifiedAt' | 'certificate' | 'lastCheck'>): DomainState {
  if (record.lastCheck && !record.lastCheck.ok) return 'failing';
  if (record.certificate) return 'certificateIssued';
  if (record.verifiedAt) return 'verified';
  return 'pending';
}

export function domainRow(record: DomainRecord): DomainRow {
  const { domain, token, verifiedAt, verifiedBy, certificate, lastCheck } = record;
  return { domain, state: stateOf(record), token, txtName: txtRecordName(domain), tokenUrl: `http://${domain}${tokenPath(token)}`, verifiedAt, verifiedBy, certificate, lastCheck };
}

/** Every custom domain of the tenant with its state; a domain shown for the first time gets its token here. */
export async function domainRows(tenant: Pick<Tenant, 'domains'>, data: Pick<TenantData, 'domains'>): Promise<DomainRow[]> {
  return Promise.all(tenant.domains.map(async (domain) => domainRow(await data.domains.ensure(domain))));
}

/** The failure an admin can act on first when neither proof was found. */
function firstFailure(http: Outcome, dns: Outcome): Extract<Outcome, { ok: false }> {
  const failures = [dns, http].filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
  const order = ['txtMismatch', 'httpMismatch', 'refusedAddress', 'notFound', 'httpUnreachable', 'txtMissing'];
  failures.sort((a, b) => order.indexOf(a.failure) - order.indexOf(b.failure));
  return { ...failures[0]!, detail: failures.map((f) => f.detail).join('; ').slice(0, 300) };
}

/**
 * "Check now": ownership first (the HTTP token, else the TXT record) until it is proven once, then
 * the certificate the domain serves. A domain the tenant does not list is refused (null).
 */
export async function checkDomainNow(tenant: Pick<Tenant, 'domains'>, data: Pick<TenantData, 'domains'>, domain: string, config: DomainCheckConfig): Promise<DomainRow | null> {
  if (!tenant.domains.includes(domain)) return null;
  const record = await data.domains.ensure(domain);
  const at = new Date().toISOString();
  if (!record.verifiedAt) {
    const http = await checkHttpToken(domain, record.token, config);
    const dns = http.ok ? http : await checkTxtRecord(domain, record.token, config);
    if (!dns.ok) {
      const failed = firstFailure(http, dns);
      return domainRow((await data.domains.saveCheck(domain, { lastCheck: { at, ok: false, failure: failed.failure, detail: failed.detail } })) ?? record);
    }
    // Stored before the handshake below: that handshake makes the front ask whether it may issue.
    await data.domains.saveCheck(domain, { verifiedAt: at, verifiedBy: http.ok ? 'http' : 'dns', lastCheck: { at, ok: true } });
  }
  const seen = await probeCertificate(domain, config);
  const lastCheck = seen.ok ? { at, ok: true } : { at, ok: false, failure: seen.failure, detail: seen.detail.slice(0, 300) };
  const certificate = seen.ok ? { issuer: seen.issuer.slice(0, 300), notAfter: seen.notAfter, seenAt: at } : undefined;
  return domainRow((await data.domains.saveCheck(domain, { certificate, lastCheck })) ?? record);
}

const askQuery = z.object({ domain: z.string().transform((v) => v.trim().toLowerCase().replace(/\.$/, '')).pipe(hostNameSchema) });

/**
 * The on-demand TLS "ask" (GET /api/platform/domains/check?domain=): 200 only for a domain a
 * tenant lists whose ownership was proven; 400 for a malformed domain, 404 for anything else,
 * including a store that cannot answer (no certificate is then made, and the front asks again).
 */
export async function askAnswer(services: Services, registry: Registry, query: unknown): Promise<{ status: 200 | 400 | 404; message: string }> {
  const parsed = askQuery.safeParse(query);
  if (!parsed.success) return { status: 400, message: 'domain must be a host name' };
  const { domain } = parsed.data;
  const tenantId = registry.domains.get(domain);
  const tenant = tenantId ? registry.tenants.get(tenantId) : undefined;
  if (!tenant) return { status: 404, message: 'not a domain of this platform' };
  try {
    const data = tenantData(services, tenant.id);
    const record = await data.domains.get(domain);
    if (!record?.verifiedAt) return { status: 404, message: 'ownership not verified' };
    // When the front was told yes: shown to the admin, written without holding up the answer's meaning.
    await data.domains.markAsked(domain).catch((e: unknown) => log.warn('domains: could not note the ask', { domain, error: (e as Error).message }));
    return { status: 200, message: 'ok' };
  } catch (e) {
    log.warn('domains: the ask could not read the domain', { domain, error: (e as Error).message });
    return { status: 404, message: 'not verified' };
  }
}

const tokenParam = z.string().regex(/^[a-z0-9]{32}$/);

/** The HTTP token on the domain itself: the token text when the Host is this tenant's domain and the token is its own; else null. */
export async function wellKnownToken(services: Services, tenantId: TenantId, registry: Registry, host: string | undefined, token: string): Promise<string | null> {
  const domain = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (registry.domains.get(domain) !== tenantId || !tokenParam.safeParse(token).success) return null;
  const record = await tenantData(services, tenantId).domains.get(domain);
  return record && record.token === token ? record.token : null;
}
