import { Box, Card, Flex, Heading, Image, Link as ChakraLink, SimpleGrid, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from './Icons';

export interface PartnerCardData {
  name: string;
  url: string;
  /** Host name shown under the name ("example.com"). */
  host: string;
  logo: string | null;
  description: string | null;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A partner: logo (or initials), name, optional description and an external link. */
export function PartnerCard({ partner }: { partner: PartnerCardData }) {
  const { t } = useTranslation();
  return (
    <Card.Root as="article" h="full" borderRadius="l3" borderColor="border" bg="bg" data-testid="partner-card">
      <Card.Body gap="4" p={{ base: '5', md: '6' }}>
        <Flex h="16" align="center">
          {partner.logo ? (
            // Partners' logos are drawn for a light page: in dark mode they sit on a light plate.
            <Box display="inline-flex" px="3" py="2" ms="-3" borderRadius="l2" _dark={{ bg: 'white' }} data-testid="partner-logo">
              <Image src={partner.logo} alt="" maxH="12" maxW="44" w="auto" h="auto" objectFit="contain" loading="lazy" />
            </Box>
          ) : (
            <Flex
              aria-hidden="true"
              w="14"
              h="14"
              align="center"
              justify="center"
              borderRadius="l3"
              bg="brand.subtle"
              color="brand.fg"
              fontWeight="bold"
              fontSize="xl"
            >
              {initials(partner.name)}
            </Flex>
          )}
        </Flex>
        <Box>
          <Heading as="h2" size="md">
            {partner.name}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {partner.host}
          </Text>
        </Box>
        {partner.description ? (
          <Text color="fg.muted" flex="1">
            {partner.description}
          </Text>
        ) : (
          <Box flex="1" />
        )}
        <ChakraLink
          href={partner.url}
          target="_blank"
          rel="noopener noreferrer external"
          color="brand.fg"
          fontWeight="semibold"
          alignSelf="flex-start"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          textDecoration="underline"
          textUnderlineOffset="3px"
        >
          {t('partners.visit', { name: partner.name })}
          <ExternalIcon />
          <VisuallyHidden>{t('partners.newTab')}</VisuallyHidden>
        </ChakraLink>
      </Card.Body>
    </Card.Root>
  );
}

export function PartnerGrid({ partners }: { partners: PartnerCardData[] }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '6' }} data-testid="partner-grid">
      {partners.map((partner) => (
        <Box as="li" key={partner.url + partner.name}>
          <PartnerCard partner={partner} />
        </Box>
      ))}
    </SimpleGrid>
  );
}
