/**
 * The one place a tenant's absolute address is made (docs/decisions/0062). Everything the platform
 * writes out for later (payment provider callbacks, onboarding return addresses, mails, calendar
 * files, share and short links, invitations, social sign-in callbacks, og:url) starts from it. The
 * request's Host only ever chooses the tenant: a Host with another port, or any other name that
 * still resolves to the tenant, must not end up in a link someone follows later.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { Env } from '../env.server';

export type OriginEnv = Pick<Env, 'NODE_ENV' | 'PORT' | 'PLATFORM_ROOT_DOMAIN' | 'PUBLIC_SCHEME' | 'PUBLIC_PORT' | 'PUBLIC_HOSTS'>;

interface PublicSite {
  scheme: 'http' | 'https';
  port: number | undefined;
  hosts: 'custom' | 'platform' | 'localhost';
}

/** The deployment's scheme, port and kind of host name: production serves https on the default port. */
function publicSite(env: OriginEnv): PublicSite {
  const production = env.NODE_ENV === 'production';
  return {
    scheme: env.PUBLIC_SCHEME ?? (production ? 'https' : 'http'),
    port: env.PUBLIC_PORT ?? (production ? undefined : env.PORT),
    hosts: env.PUBLIC_HOSTS ?? (production ? 'custom' : 'localhost'),
  };
}

/** The tenant's canonical host name, in the order tenant resolution tries names (docs/decisions/0001). */
function canonicalHost(tenant: Pick<Tenant, 'id' | 'domains'>, env: OriginEnv, hosts: PublicSite['hosts']): string {
  if (hosts === 'localhost') return `${tenant.id}.localhost`;
  const platformHost = `${tenant.id}.${env.PLATFORM_ROOT_DOMAIN.toLowerCase()}`;
  return hosts === 'custom' ? (tenant.domains[0] ?? platformHost) : platformHost;
}

/** The tenant's site, e.g. https://live.aurora-events.example, or http://aurora.localhost:3000 locally. */
export function tenantOrigin(tenant: Pick<Tenant, 'id' | 'domains'>, env: OriginEnv): string {
  const site = publicSite(env);
  const defaultPort = site.scheme === 'https' ? 443 : 80;
  const port = site.port === undefined || site.port === defaultPort ? '' : `:${site.port}`;
  return `${site.scheme}://${canonicalHost(tenant, env, site.hosts)}${port}`;
}

/** An absolute address on the tenant's site for a path of it ("/shortUrl?c=x"). */
export const tenantUrl = (tenant: Pick<Tenant, 'id' | 'domains'>, env: OriginEnv, path: string) => `${tenantOrigin(tenant, env)}${path}`;
