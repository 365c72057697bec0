import type { Theme } from '#app/lib/config/theme';
import type { Language, Tenant } from '#app/lib/config/tenant';
import type { TenantData } from './data/tenantData.server';
import type { Env } from './env.server';
import type { Services } from './services';

/** What every loader and action receives: the request's tenant, language, its data and the service adapters. */
export interface AppContext {
  tenant: Tenant;
  /**
   * The tenant's stored data with the tenant already applied (docs/decisions/0018): loaders and
   * actions read and write through it and never pass a tenant id.
   */
  data: TenantData;
  theme: Theme;
  language: Language;
  /** The tag the UI speaks: the tenant's regional variant of `language` (es-MX), else `language` (docs/decisions/0042). */
  languageTag: string;
  /** Client IP, honouring TRUST_PROXY. */
  clientIp: string;
  services: Services;
  env: Env;
  /**
   * Set when the server renders the shared shell of a gated page (docs/decisions/0024): loaders
   * return nothing personal (the root no user), so the document is the same for everyone it is
   * served to; the page loads the person's data after.
   */
  shell?: boolean;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
