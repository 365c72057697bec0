import type { Translations } from '#app/locales/en';

/** A menu link; `key` names its text in the section `Section` of the strings (nav or footer). */
export interface NavItem<Section extends 'nav' | 'footer' = 'nav' | 'footer'> {
  key: keyof Translations[Section];
  to: string;
  /** Shown only when the tenant has this feature switched on. */
  feature?: 'blog' | 'news' | 'jobs';
}

/**
 * Top menu, in its specified order (docs/PRODUCT.md, Rules: top menu), with "Live events" right
 * after Home (docs/decisions/0040). Demo explains and starts an instant demo room (/demoPage).
 */
export const TOP_MENU: ReadonlyArray<NavItem<'nav'>> = [
  { key: 'home', to: '/' },
  { key: 'liveEvents', to: '/liveEvents' },
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

/**
 * Where a sign-in with no explicit destination lands (docs/decisions/0040): the dashboard's My
 * events, which shows an organizer their upcoming events with "Schedule an event" and a
 * participant the events they registered for.
 */
export const SIGNED_IN_LANDING = '/userDashboard?tab=MyEvents';

/**
 * Where a signed-in person's uploads are listed: /uploadCustomerMedia is the full library for
 * organizers and admins and "My media" (their own items) for everyone else (docs/decisions/0064).
 */
export const MY_LIBRARY_HREF = '/uploadCustomerMedia';

/**
 * The signed-in account menu (header and phone drawer), in order; `organizers` items only for
 * organizers and admins, `members` items only for everyone else (their own media, where
 * organizers have the whole library): nobody is offered what would only tell them it is not theirs.
 */
export const ACCOUNT_MENU: ReadonlyArray<{ key: keyof Translations['session']['menu']; to: string; organizers?: true; members?: true }> = [
  { key: 'myEvents', to: '/userDashboard?tab=MyEvents' },
  { key: 'schedule', to: '/userDashboard?tab=ScheduleEvent', organizers: true },
  { key: 'media', to: '/userDashboard?tab=Media', organizers: true },
  { key: 'myMedia', to: MY_LIBRARY_HREF, members: true },
  { key: 'orders', to: '/userDashboard?tab=Orders' },
  { key: 'payments', to: '/primeProfilePayments' },
  { key: 'profile', to: '/userDashboard?tab=Profile' },
  { key: 'security', to: '/userDashboard?tab=Security' },
];

/** Organizers and admins may schedule events (server/identity guards say the same). */
export const canSchedule = (groups: readonly string[]) => groups.includes('organizer') || groups.includes('admin');

/** The account menu items this person sees. */
export function accountMenuFor(groups: readonly string[]) {
  const organizer = canSchedule(groups);
  return ACCOUNT_MENU.filter((item) => (item.organizers ? organizer : item.members ? !organizer : true));
}

/** Whether a link gated by a feature switch is shown for this tenant. */
export function linkEnabled(link: Pick<NavItem, 'feature'>, features: Record<string, boolean>): boolean {
  return !link.feature || features[link.feature] !== false;
}
