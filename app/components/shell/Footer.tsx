import { Box, Container, Flex, Heading, Image, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FOOTER_GROUPS, linkEnabled } from '#app/lib/nav';
import { useRootData } from '#app/lib/rootData';

/**
 * The site footer in the tenant's style (tenant.json home.footer, docs/decisions/0038):
 * `columns` (contact and three link groups), `compact` (one row) or `centred` (logo, links and
 * contact centred).
 */
export function Footer() {
  const root = useRootData()!;
  const style = root.tenant.footerStyle;
  return (
    <Box as="footer" data-testid="site-footer" data-footer-style={style} bg="bg.subtle" borderTopWidth="1px" borderColor="border" mt="16">
      {style === 'compact' ? <CompactFooter /> : style === 'centred' ? <CentredFooter /> : <ColumnsFooter />}
    </Box>
  );
}

/** The groups' links the tenant's features allow. */
function useFooterLinks() {
  const root = useRootData()!;
  return FOOTER_GROUPS.map((group) => ({ ...group, links: group.links.filter((link) => linkEnabled(link, root.tenant.features)) }));
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: 'brand.fg' }}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

function Rights() {
  const { t } = useTranslation();
  const root = useRootData()!;
  return (
    <Text fontSize="xs" color="fg.muted">
      {t('footer.rights', { year: new Date().getFullYear(), company: root.tenant.displayName })}
    </Text>
  );
}

function ContactEmail() {
  const { t } = useTranslation();
  const root = useRootData()!;
  return (
    <Text fontSize="sm" color="fg.muted">
      {t('language.labelled', { label: t('footer.contact') })}{' '}
      <ChakraLink href={`mailto:${root.tenant.contact.email}`} color="brand.fg">
        {root.tenant.contact.email}
      </ChakraLink>
    </Text>
  );
}

function ColumnsFooter() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const groups = useFooterLinks();
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="8">
        <Stack gap="2">
          <Heading as="h2" size="sm">
            {root.tenant.displayName}
          </Heading>
          <ContactEmail />
          {root.tenant.contact.phone ? (
            <Text fontSize="sm" color="fg.muted">
              {root.tenant.contact.phone}
            </Text>
          ) : null}
        </Stack>
        {groups.map((group) => (
          <Stack as="nav" key={group.key} gap="2" aria-label={t(`footer.${group.key}`)}>
            <Heading as="h2" size="sm">
              {t(`footer.${group.key}`)}
            </Heading>
            {group.links.map((link) => (
              <FooterLink key={link.key} to={link.to}>
                {t(`footer.${link.key}`)}
              </FooterLink>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
      <Box mt="10">
        <Rights />
      </Box>
    </Container>
  );
}

function CompactFooter() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const links = useFooterLinks().flatMap((group) => group.links);
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py="6">
      <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', lg: '8' }} alignItems={{ base: 'flex-start', lg: 'center' }} justifyContent="space-between">
        <Text fontWeight="semibold" flexShrink={0}>
          {root.tenant.displayName}
        </Text>
        <Flex as="nav" aria-label={t('footer.siteLinks')} wrap="wrap" columnGap="5" rowGap="2">
          {links.map((link) => (
            <FooterLink key={link.key} to={link.to}>
              {t(`footer.${link.key}`)}
            </FooterLink>
          ))}
        </Flex>
        <Box flexShrink={0}>
          <Rights />
        </Box>
      </Flex>
    </Container>
  );
}

function CentredFooter() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const links = useFooterLinks().flatMap((group) => group.links);
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
      <Stack gap="6" alignItems="center" textAlign="center">
        <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="10" w="auto" maxW="56" objectFit="contain" loading="lazy" />
        <Flex as="nav" aria-label={t('footer.siteLinks')} wrap="wrap" justifyContent="center" columnGap="6" rowGap="2" maxW="3xl">
          {links.map((link) => (
            <FooterLink key={link.key} to={link.to}>
              {t(`footer.${link.key}`)}
            </FooterLink>
          ))}
        </Flex>
        <ContactEmail />
        <Rights />
      </Stack>
    </Container>
  );
}
