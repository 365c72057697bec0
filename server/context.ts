import type { Theme } from '#app/lib/config/theme';
import type { Language, Tenant } from '#app/lib/config/tenant';
import type { Env } from './env.server';
import type { Services } from './services/index.server';

/** What every loader and action receives: the request's tenant, language and the service adapters. */
export interface AppContext {
  tenant: Tenant;
  theme: Theme;
  language: Language;
  /** Client IP, honouring TRUST_PROXY. */
  clientIp: string;
  services: Services;
  env: Env;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
