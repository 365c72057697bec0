import { Box, Container, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FOOTER_GROUPS, linkEnabled } from '#app/lib/nav';
import { useRootData } from '#app/lib/rootData';

export function Footer() {
  const { t } = useTranslation();
  const root = useRootData()!;
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" borderColor="border" mt="16">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="8">
          <Stack gap="2">
            <Heading as="h2" size="sm">
              {root.tenant.displayName}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('footer.contact')}:{' '}
              <ChakraLink href={`mailto:${root.tenant.contact.email}`} color="brand.fg">
                {root.tenant.contact.email}
              </ChakraLink>
            </Text>
            {root.tenant.contact.phone ? (
              <Text fontSize="sm" color="fg.muted">
                {root.tenant.contact.phone}
              </Text>
            ) : null}
          </Stack>
          {FOOTER_GROUPS.map((group) => (
            <Stack as="nav" key={group.key} gap="2" aria-label={t(`footer.${group.key}`)}>
              <Heading as="h2" size="sm">
                {t(`footer.${group.key}`)}
              </Heading>
              {group.links
                .filter((link) => linkEnabled(link, root.tenant.features))
                .map((link) => (
                  <ChakraLink key={link.key} asChild fontSize="sm" color="fg.muted" _hover={{ color: 'brand.fg' }}>
                    <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
                  </ChakraLink>
                ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text fontSize="xs" color="fg.muted" mt="10">
          {t('footer.rights', { year: new Date().getFullYear(), company: root.tenant.displayName })}
        </Text>
      </Container>
    </Box>
  );
}
