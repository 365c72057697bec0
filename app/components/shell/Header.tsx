import { Box, Container, Flex, HStack, Image, Link as ChakraLink } from '@chakra-ui/react';
import { Link, NavLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { linkEnabled, TOP_MENU } from '#app/lib/nav';
import { useRootData } from '#app/lib/rootData';
import { CartButton } from '#app/components/shop/CartButton';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MobileMenu } from './MobileMenu';

export function Header() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const items = TOP_MENU.filter((item) => linkEnabled(item, root.tenant.features));
  return (
    <Box as="header" bg="header.bg" color="header.fg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap={{ base: '2', sm: '4' }}>
          <Link to="/" aria-label={root.tenant.displayName} prefetch="intent">
            <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="9" w="auto" maxW={{ base: '32', sm: '48' }} objectFit="contain" />
          </Link>
          <HStack
            as="nav"
            aria-label={t('nav.main')}
            gap={{ lg: '0', xl: '1', '2xl': '2' }}
            display={{ base: 'none', lg: 'flex' }}
            flexShrink="1"
            minW="0"
            data-testid="top-menu"
          >
            {items.map((item) => (
              <ChakraLink
                key={item.key}
                asChild
                // Eight entries in es and fr must fit beside the account area from 1025px (tests/e2e/paths.spec.ts).
                px={{ lg: '2', '2xl': '3' }}
                py="2"
                fontSize={{ lg: 'sm', '2xl': 'md' }}
                whiteSpace="nowrap"
                borderRadius="l2"
                fontWeight="medium"
                color="header.fg"
                _hover={{ bg: 'brand.subtle', color: 'brand.fg', textDecoration: 'none' }}
                css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
              >
                <NavLink to={item.to} end prefetch="intent">
                  {t(`nav.${item.key}`)}
                </NavLink>
              </ChakraLink>
            ))}
          </HStack>
          <HStack gap={{ base: '1.5', sm: '2' }} flexShrink="0" data-testid="header-actions">
            <LanguageSwitcher />
            <CartButton />
            <AccountMenu />
            <Box display={{ base: 'block', lg: 'none' }}>
              <MobileMenu items={items} />
            </Box>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
