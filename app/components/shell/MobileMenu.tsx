import { Box, Flex, Link as ChakraLink, Text, VStack } from '@chakra-ui/react';
import { NavLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '#app/lib/nav';
import { HeaderSummary } from './HeaderSummary';

type Item = Pick<NavItem<'nav'>, 'key' | 'to'>;

/**
 * The top menu as a drawer below 1025px, built on <details>/<summary> so it opens, closes and
 * is reachable by keyboard with or without JavaScript.
 */
export function MobileMenu({ items }: { items: readonly Item[] }) {
  const { t } = useTranslation();
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
        </Flex>
      </details>
    </Box>
  );
}
