import { Box, Flex, Link as ChakraLink, Text, VStack } from '@chakra-ui/react';
import { NavLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { accountMenuFor, type NavItem } from '#app/lib/nav';
import { useRootData } from '#app/lib/rootData';
import { HeaderSummary } from './HeaderSummary';
import { Initials } from './AccountMenu';
import { PersonPhoto } from '#app/components/ui/PersonPhoto';

type Item = Pick<NavItem<'nav'>, 'key' | 'to'>;

/**
 * The top menu as a drawer below 1025px, built on <details>/<summary> so it opens, closes and
 * is reachable by keyboard with or without JavaScript.
 */
export function MobileMenu({ items }: { items: readonly Item[] }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <Box asChild data-testid="mobile-menu" css={{ '&[open] .menu-open': { display: 'none' }, '&:not([open]) .menu-close': { display: 'none' } }}>
      <details>
        <HeaderSummary label={t('nav.menu')}>
            <svg className="menu-open" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <svg className="menu-close" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
        </HeaderSummary>
        <Flex
          position="fixed"
          top="16"
          right="0"
          bottom="0"
          w={{ base: '100%', md: '22rem' }}
          bg="bg"
          color="fg"
          boxShadow="card"
          borderLeftWidth="1px"
          borderColor="border"
          direction="column"
          p="4"
          zIndex="modal"
          overflowY="auto"
        >
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
            {t('nav.menu')}
          </Text>
          <VStack as="nav" aria-label={t('nav.main')} align="stretch" gap="1">
            {items.map((item) => (
              <ChakraLink
                key={item.key}
                asChild
                px="3"
                py="3"
                borderRadius="l2"
                fontSize="lg"
                color="fg"
                _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
                css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
              >
                <NavLink to={item.to} end>
                  {t(`nav.${item.key}`)}
                </NavLink>
              </ChakraLink>
            ))}
          </VStack>
          {root?.user ? <SignedInPart groups={root.user.groups} name={root.account?.name ?? ''} initials={root.account?.initials ?? ''} avatarUrl={root.account?.avatarUrl ?? null} /> : null}
        </Flex>
      </details>
    </Box>
  );
}

/** The drawer's account part for a signed-in person: who they are and the account menu's links. */
function SignedInPart({ groups, name, initials, avatarUrl }: { groups: readonly string[]; name: string; initials: string; avatarUrl: string | null }) {
  const { t } = useTranslation();
  const links = [...accountMenuFor(groups).map((item) => ({ key: item.key, to: item.to, text: t(`session.menu.${item.key}`) })), { key: 'signOut', to: '/signOut', text: t('session.header.signOut') }];
  return (
    <Box mt="6" pt="4" borderTopWidth="1px" borderColor="border" data-testid="mobile-account">
      <Flex align="center" gap="2" mb="2" px="3">
        <PersonPhoto src={avatarUrl} size="8" fallback={initials ? <Initials initials={initials} size="8" /> : null} />
        <Text fontWeight="semibold" truncate data-testid="mobile-account-name">
          {name}
        </Text>
      </Flex>
      <VStack as="nav" aria-label={t('session.menu.label')} align="stretch" gap="0.5">
        {links.map((link) => (
          <ChakraLink key={link.key} href={link.to} px="3" py="2.5" borderRadius="l2" color="fg" _hover={{ bg: 'brand.subtle', textDecoration: 'none' }} data-testid={`mobile-account-${link.key}`}>
            {link.text}
          </ChakraLink>
        ))}
      </VStack>
    </Box>
  );
}
