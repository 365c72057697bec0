import { Box, Container, Flex, Heading, Tabs } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { dashboardMenusFor, menuOf, tabHref, type DashboardTab } from '#app/components/dashboard/menu';
import { MediaTab } from '#app/components/dashboard/MediaTab';
import { MyEventsTab } from '#app/components/dashboard/MyEventsTab';
import { ProfileTab } from '#app/components/dashboard/ProfileTab';
import { ScheduleEventTab } from '#app/components/dashboard/ScheduleEventTab';
import { SecurityTab } from '#app/components/dashboard/SecurityTab';
import { DomainsTab } from '#app/components/dashboard/DomainsTab';
import { WebhooksTab } from '#app/components/webhooks/WebhooksTab';
import { AnalyticsTab } from '#app/components/analytics/AnalyticsTab';
import { RangeTab } from '#app/components/analytics/range/RangeTab';
import { ApiKeysTab } from '#app/components/dashboard/ApiKeysTab';
import { SideMenu } from '#app/components/dashboard/SideMenu';
import { OrdersTab } from '#app/components/payments/OrdersTab';
import { useRootData } from '#app/lib/rootData';
import { ChannelsTab } from '#app/components/shop/manage/ChannelsTab';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './userDashboard.server';
import { i18nHandle } from '#app/lib/handles';

export { loader, action } from './userDashboard.server';
export const handle = i18nHandle('dashboard', 'events', 'forms', 'schedule', 'twoFactor', 'payments', 'shop', 'tickets', 'registration', 'analytics', 'rangeAnalytics', 'webhooks');

/** /userDashboard: side menu (drawer on phones) and the selected menu's tabs; ?tab= keeps the tab. */
export default function UserDashboard() {
  const { t } = useTranslation();
  const { user, tab, title, organizer, admin, schedule, myEvents, orders, channels, domains, analytics, range, timeZone } = useLoaderData<typeof loader>();
  const locale = useRootData()?.locale ?? 'en-US';
  const navigate = useNavigate();
  const menus = dashboardMenusFor(organizer, tab, admin);
  const menu = menus.find((m) => m.key === menuOf(tab).key)!;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb={{ base: '4', md: '6' }}>
        {title}
      </Heading>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="stretch">
        <SideMenu menus={menus} selected={menu.key} />
        <Box flex="1" minW="0">
          <Heading as="h2" size="lg" mb="3">
            {t(`dashboard.menu.${menu.key}`)}
          </Heading>
          <Tabs.Root
            value={tab}
            onValueChange={(d) => navigate(tabHref(d.value as DashboardTab), { replace: true, preventScrollReset: true })}
            variant="line"
            colorPalette="brand"
            lazyMount
          >
            <Tabs.List overflowX="auto" aria-label={t(`dashboard.menu.${menu.key}`)}>
              {menu.tabs.map((name) => (
                <Tabs.Trigger key={name} value={name} data-testid={`dashboard-tab-${name}`}>
                  {t(`dashboard.tabs.${name}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box pt="5">
              <Tabs.Content value="ScheduleEvent">
                <ScheduleEventTab schedule={schedule} />
              </Tabs.Content>
              <Tabs.Content value="MyEvents">
                {myEvents ? <MyEventsTab organizing={myEvents.organizing} hosting={myEvents.hosting} attending={myEvents.attending} organizer={organizer} timeZone={timeZone} /> : null}
              </Tabs.Content>
              <Tabs.Content value="Analytics">{tab === 'Analytics' ? <RangeTab data={range} locale={locale} /> : null}</Tabs.Content>
              <Tabs.Content value="EventAnalytics">{tab === 'EventAnalytics' ? <AnalyticsTab data={analytics} locale={locale} timeZone={timeZone} /> : null}</Tabs.Content>
              <Tabs.Content value="Media">
                <MediaTab organizer={organizer} />
              </Tabs.Content>
              <Tabs.Content value="Orders">{orders ? <OrdersTab orders={orders} locale={locale} timeZone={timeZone} /> : null}</Tabs.Content>
              <Tabs.Content value="Channels">
                <ChannelsTab data={channels} organizer={organizer} />
              </Tabs.Content>
              <Tabs.Content value="Domains">
                <DomainsTab domains={domains} admin={admin} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="Webhooks">
                <WebhooksTab admin={admin} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="ApiKeys">
                <ApiKeysTab admin={admin} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="Profile">
                <ProfileTab user={user} />
              </Tabs.Content>
              <Tabs.Content value="Security">
                <SecurityTab />
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </Box>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
