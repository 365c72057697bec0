import { Button, CloseButton, Drawer, Link as ChakraLink, Portal, Text, VStack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DashboardMenu, type DashboardTab, tabHref } from './menu';

type Menus = ReadonlyArray<{ key: DashboardMenu; tabs: DashboardTab[] }>;

function MenuLinks({ menus, selected, onNavigate }: { menus: Menus; selected: DashboardMenu; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <VStack as="ul" align="stretch" gap="1" listStyleType="none" m="0" p="0">
      {menus.map((menu) => (
        <li key={menu.key}>
          <ChakraLink
            asChild
            display="block"
            px="3"
            py="2.5"
            borderRadius="l2"
            fontWeight="medium"
            color="fg"
            _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' } }}
          >
            <Link to={tabHref(menu.tabs[0]!)} aria-current={menu.key === selected ? 'page' : undefined} onClick={onNavigate} preventScrollReset data-testid={`dashboard-menu-${menu.key}`}>
              {t(`dashboard.menu.${menu.key}`)}
            </Link>
          </ChakraLink>
        </li>
      ))}
    </VStack>
  );
}

/** The dashboard's side menu (the menus this person is offered): a column from 768px, a drawer behind a button on phones. */
export function SideMenu({ menus, selected }: { menus: Menus; selected: DashboardMenu }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <VStack as="nav" aria-label={t('dashboard.menu.label')} align="stretch" display={{ base: 'none', md: 'flex' }} w="60" flexShrink={0} gap="2" data-testid="dashboard-side-menu">
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted" px="3">
          {t('dashboard.menu.label')}
        </Text>
        <MenuLinks menus={menus} selected={selected} />
      </VStack>
      <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="start">
        <Drawer.Trigger asChild>
          <Button variant="outline" display={{ base: 'inline-flex', md: 'none' }} alignSelf="flex-start" data-testid="dashboard-menu-button">
            <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('dashboard.menu.open')}
          </Button>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="dashboard-drawer">
              <Drawer.Header>
                <Drawer.Title>{t('dashboard.menu.label')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <nav aria-label={t('dashboard.menu.label')}>
                  <MenuLinks menus={menus} selected={selected} onNavigate={() => setOpen(false)} />
                </nav>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('dashboard.menu.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}
