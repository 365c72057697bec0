/** Marketing pages every tenant writes for each of its languages (tenants/<id>/content/<lang>/<page>.md). */
export const REQUIRED_PAGES = [
  'home',
  'aboutUs',
  'company',
  'products',
  'features',
  'solutions',
  'platform',
  'services',
  'support',
  'questions',
  'cdeVerified',
] as const;

/** Pages rendered from platform templates (templates/<lang>/<page>.md) unless the tenant overrides them. */
export const TEMPLATE_PAGES = ['terms', 'privacy', 'security'] as const;

/** Lists of articles: tenants/<id>/content/<lang>/<collection>/<slug>.md */
export const COLLECTIONS = ['blog', 'news', 'jobs'] as const;

export type ContentPage = (typeof REQUIRED_PAGES)[number] | (typeof TEMPLATE_PAGES)[number];
export type Collection = (typeof COLLECTIONS)[number];
