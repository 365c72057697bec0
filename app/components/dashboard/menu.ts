/**
 * The user dashboard's side menu and tabs. The default selected menu is scheduled events and its
 * default tab is ScheduleEvent (docs/PRODUCT.md, Rules: dashboard defaults). The selected tab
 * lives in the URL (?tab=).
 */
export const DASHBOARD_MENUS = [
  { key: 'scheduledEvents', tabs: ['ScheduleEvent', 'MyEvents', 'Analytics', 'EventAnalytics'] },
  { key: 'media', tabs: ['Media'] },
  { key: 'purchases', tabs: ['Orders'] },
  { key: 'shop', tabs: ['Channels'] },
  { key: 'site', tabs: ['Domains', 'Webhooks', 'ApiKeys'] },
  { key: 'account', tabs: ['Profile', 'Security'] },
] as const;

export type DashboardMenu = (typeof DASHBOARD_MENUS)[number]['key'];
export type DashboardTab = (typeof DASHBOARD_MENUS)[number]['tabs'][number];

/** Tabs only organizers and admins can use: a member is not offered them (a link straight to one still explains). */
const ORGANIZER_TABS: ReadonlySet<DashboardTab> = new Set(['ScheduleEvent', 'Analytics', 'Channels']);
/** Tabs only the tenant's admins use: the site's own settings (custom domains, docs/decisions/0076). */
const ADMIN_TABS: ReadonlySet<DashboardTab> = new Set(['Domains', 'Webhooks', 'ApiKeys']);
/** Tabs about one event (?event=), reached from that event's row: listed only while open (event analytics, docs/decisions/0090). */
const EVENT_TABS: ReadonlySet<DashboardTab> = new Set(['EventAnalytics']);

/**
 * The menus and tabs this person is offered: members lose the organizers' tabs, and a menu left
 * with none (Shop) goes; the tab they are on stays listed, so the page always names where it is.
 */
export function dashboardMenusFor(organizer: boolean, current: DashboardTab, admin = false): Array<{ key: DashboardMenu; tabs: DashboardTab[] }> {
  const offered = (tab: DashboardTab) => tab === current || (!EVENT_TABS.has(tab) && (ADMIN_TABS.has(tab) ? admin : organizer || !ORGANIZER_TABS.has(tab)));
  return DASHBOARD_MENUS.map((menu) => ({ key: menu.key, tabs: menu.tabs.filter(offered) })).filter(
    (menu) => menu.tabs.length > 0,
  );
}

export const DEFAULT_TAB: DashboardTab = 'ScheduleEvent';
/**
 * The tab /userDashboard opens on without ?tab=: ScheduleEvent for those who may schedule (the
 * specified default); a member, who may not, opens on their events (docs/decisions/0040).
 */
export const defaultTabFor = (organizer: boolean): DashboardTab => (organizer ? DEFAULT_TAB : 'MyEvents');
export const DASHBOARD_TABS: readonly DashboardTab[] = DASHBOARD_MENUS.flatMap((m) => [...m.tabs]);

/** The tab named in ?tab= (case-insensitive, so ?tab=security works too), else the default. */
export function parseTab(value: string | null | undefined, fallback: DashboardTab = DEFAULT_TAB): DashboardTab {
  if (!value) return fallback;
  return DASHBOARD_TABS.find((tab) => tab.toLowerCase() === value.toLowerCase()) ?? fallback;
}

export function menuOf(tab: DashboardTab): (typeof DASHBOARD_MENUS)[number] {
  return DASHBOARD_MENUS.find((m) => (m.tabs as readonly string[]).includes(tab)) ?? DASHBOARD_MENUS[0];
}

export const tabHref = (tab: DashboardTab) => `/userDashboard?tab=${tab}`;
