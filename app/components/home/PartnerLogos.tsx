import { Box, Button, Flex } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

/** The tenant's partners as a row of logos (their names where a partner has none), linking to /partners. */
export function PartnerLogos({ title, items }: { title: string | null; items: { name: string; url: string; logo: string | null }[] }) {
  const { t } = useTranslation();
  return (
    <Section
      type="partners"
      title={title ?? t('home.partnersTitle')}
      action={
        <Button asChild variant="ghost" colorPalette="brand" size="sm">
          <Link to="/partners">{t('home.allPartners')}</Link>
        </Button>
      }
    >
      <Flex as="ul" listStyleType="none" wrap="wrap" gap={{ base: '4', md: '6' }} justifyContent={{ base: 'center', md: 'flex-start' }} data-testid="partner-logos">
        {items.map((partner) => (
          <Box as="li" key={partner.name} w={{ base: 'calc(50% - 0.5rem)', md: '52' }}>
            <Box
              h="20"
              px="5"
              display="flex"
              alignItems="center"
              justifyContent="center"
              borderWidth="1px"
              borderColor="border"
              borderRadius="l2"
              bg="bg"
              // Logos are drawn for light pages: in dark mode they sit on a light plate (as on /partners).
              _dark={partner.logo ? { bg: 'white' } : undefined}
              data-testid={partner.logo ? 'partner-logo' : undefined}
              css={{ '& img': { display: 'block', h: '12', w: 'full', objectFit: 'contain' } }}
            >
              {partner.logo ? <img src={partner.logo} alt={partner.name} width={160} height={48} /> : <Box fontWeight="semibold">{partner.name}</Box>}
            </Box>
          </Box>
        ))}
      </Flex>
    </Section>
  );
}
