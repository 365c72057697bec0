import { Box, Button, Link as ChakraLink, Menu, Portal, Text, VisuallyHidden, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { HeaderSummary } from './HeaderSummary';
import { useRootData } from '#app/lib/rootData';
import { accountMenuFor } from '#app/lib/nav';
import { PersonPhoto } from '#app/components/ui/PersonPhoto';

const personIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

/** Signed out: plain links (the information screens ship no JavaScript). */
function SignedOutLinks() {
  const { t } = useTranslation();
  return (
    <>
      {/* Between 1025 and 1179px the top menu needs the room: the compact button below stands in. */}
      <Box display={{ base: 'none', md: 'flex', lg: 'none', xl: 'flex' }} gap="2" alignItems="center" data-testid="account-links">
        <ChakraLink href="/signIn" px={{ md: '2', xl: '3' }} py="2" whiteSpace="nowrap" borderRadius="l2" fontWeight="medium" color="header.fg" _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}>
          {t('session.header.signIn')}
        </ChakraLink>
        <Button asChild size="sm" colorPalette="brand">
          <a href="/signUp">{t('session.header.signUp')}</a>
        </Button>
      </Box>
      {/* Below 768px and from 1025 to 1179px: one account button opening both links (a <details>, no JavaScript needed). */}
      <Box asChild position="relative" display={{ base: 'block', md: 'none', lg: 'block', xl: 'none' }} data-testid="account-links-mobile">
        <details>
          <HeaderSummary label={t('session.header.account')}>{personIcon}</HeaderSummary>
          <VStack position="absolute" right="0" mt="2" minW="44" bg="bg" color="fg" borderWidth="1px" borderColor="border" borderRadius="l2" boxShadow="card" p="2" zIndex="dropdown" align="stretch" gap="1">
            <ChakraLink href="/signIn" px="3" py="2" borderRadius="l2" color="fg" _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}>
              {t('session.header.signIn')}
            </ChakraLink>
            <ChakraLink href="/signUp" px="3" py="2" borderRadius="l2" color="fg" _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}>
              {t('session.header.signUp')}
            </ChakraLink>
          </VStack>
        </details>
      </Box>
    </>
  );
}

/** The person's initials in a brand-coloured circle (when they have no photo). */
export function Initials({ initials, size = '7' }: { initials: string; size?: string }) {
  return (
    <Box as="span" aria-hidden="true" display="inline-flex" alignItems="center" justifyContent="center" flexShrink={0} w={size} h={size} borderRadius="full" bg="brand.solid" color="brand.contrast" fontSize="xs" fontWeight="bold" data-testid="account-initials">
      {initials}
    </Box>
  );
}

/**
 * The header's account area: "Sign in" / "Sign up" for visitors; for a signed-in user a menu
 * headed by their display name (never the raw address) with My events, Schedule (organizers),
 * Media, Orders, Payments, Profile, Security and Sign out (signed-in users always get the client app).
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user;
  if (!user) return <SignedOutLinks />;
  const name = root.account?.name ?? '';
  const initials = root.account?.initials ?? '';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by hidden text, not aria-label: the initials shown beside the name are no part of its name (WCAG 2.5.3). */}
        <Button variant="outline" size="md" px={{ base: '1.5', md: '2' }} minW="10" maxW={{ md: '12rem' }} color="header.fg" data-testid="account-menu">
          <PersonPhoto src={root.account?.avatarUrl} size="7" testId="account-avatar" fallback={initials ? <Initials initials={initials} /> : personIcon} />
          <Text as="span" aria-hidden="true" display={{ base: 'none', md: 'inline', lg: 'none', xl: 'inline' }} truncate data-testid="account-name">
            {name}
          </Text>
          <VisuallyHidden>{t('session.header.accountOf', { name })}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="account-menu-items">
            <Box px="2" py="1.5">
              <Text fontSize="xs" color="fg.muted">
                {t('session.header.signedInAs')}
              </Text>
              <Text fontWeight="semibold" truncate maxW="64" data-testid="account-menu-user">
                {name}
              </Text>
            </Box>
            <Menu.Separator />
            {accountMenuFor(user.groups).map((item) => (
              <Menu.Item key={item.key} value={item.key} asChild>
                <a href={item.to} data-testid={`account-item-${item.key}`}>
                  {t(`session.menu.${item.key}`)}
                </a>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="signOut" asChild>
              <a href="/signOut" data-testid="account-item-signOut">
                {t('session.header.signOut')}
              </a>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
