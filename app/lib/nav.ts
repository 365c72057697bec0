import type { Translations } from '#app/locales/en';

/** A menu link; `key` names its text in the section `Section` of the strings (nav or footer). */
export interface NavItem<Section extends 'nav' | 'footer' = 'nav' | 'footer'> {
  key: keyof Translations[Section];
  to: string;
  /** Shown only when the tenant has this feature switched on. */
  feature?: 'blog' | 'news' | 'jobs';
}

/** Top menu, in its specified order (docs/PRODUCT.md, Rules: top menu). Demo opens an instant demo room (/demoPage). */
export const TOP_MENU: ReadonlyArray<NavItem<'nav'>> = [
  { key: 'home', to: '/' },
  { key: 'features', to: '/features' },
  { key: 'partners', to: '/partners' },
  { key: 'support', to: '/support' },
  { key: 'blog', to: '/blog', feature: 'blog' },
  { key: 'pricing', to: '/pricing' },
  { key: 'demo', to: '/demoPage' },
];

export const FOOTER_GROUPS: ReadonlyArray<{ key: keyof Translations['footer']; links: ReadonlyArray<NavItem<'footer'>> }> = [
  {
    key: 'company',
    links: [
      { key: 'aboutUs', to: '/aboutUs' },
      { key: 'companyFacts', to: '/company' },
      { key: 'news', to: '/news', feature: 'news' },
      { key: 'jobs', to: '/job', feature: 'jobs' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'questions', to: '/questions' },
      { key: 'contactUs', to: '/contactUs' },
      { key: 'requestInfo', to: '/requestInfo' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'terms', to: '/terms' },
      { key: 'privacy', to: '/privacy' },
      { key: 'security', to: '/security' },
      { key: 'cdeVerified', to: '/cdeVerified' },
    ],
  },
];

/** Whether a link gated by a feature switch is shown for this tenant. */
export function linkEnabled(link: Pick<NavItem, 'feature'>, features: Record<string, boolean>): boolean {
  return !link.feature || features[link.feature] !== false;
}
