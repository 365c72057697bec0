import { Box, Button, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Heading as OutlineHeading } from '#app/lib/content/outline';
import { useRootData } from '#app/lib/rootData';

/** A card of the information aside: a heading, a line of text and its actions. */
export function AsideCard({ id, title, text, children, testId }: { id: string; title: string; text?: string; children?: ReactNode; testId?: string }) {
  return (
    <Box as="section" aria-labelledby={id} p="6" borderRadius="l3" bg="bg.subtle" borderWidth="1px" borderColor="border" data-testid={testId}>
      <Heading as="h2" id={id} size="md">
        {title}
      </Heading>
      {text ? (
        <Text mt="2" color="fg.muted" fontSize="sm">
          {text}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}

/** "On this page": links to the page's sections; left out when there are fewer than two. */
export function OnThisPage({ headings }: { headings: OutlineHeading[] }) {
  const { t } = useTranslation();
  if (headings.length < 2) return null;
  return (
    <Box as="nav" aria-labelledby="on-this-page" data-testid="on-this-page">
      <Text id="on-this-page" fontSize="sm" fontWeight="semibold" color="fg">
        {t('infoAside.onThisPage')}
      </Text>
      <Stack as="ul" mt="3" gap="0" listStyleType="none" borderStartWidth="2px" borderColor="border">
        {headings.map((h) => (
          <li key={h.id}>
            <ChakraLink href={`#${h.id}`} display="block" ms="-2px" ps="4" py="1.5" fontSize="sm" color="fg.muted" borderStartWidth="2px" borderColor="transparent" _hover={{ color: 'brand.fg', borderColor: 'brand.solid' }}>
              {h.text}
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The tenant's contact card: the two forms and its email and phone. */
export function ContactCard({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  const { contact } = useRootData()!.tenant;
  return (
    <AsideCard id="aside-contact" title={title ?? t('infoAside.contactTitle')} text={text ?? t('infoAside.contactText')} testId="aside-contact">
      <Stack mt="5" gap="2">
        <Button asChild colorPalette="brand" w="full">
          <Link to="/contactUs">{t('footer.contactUs')}</Link>
        </Button>
        <Button asChild colorPalette="brand" variant="outline" w="full">
          <Link to="/requestInfo">{t('footer.requestInfo')}</Link>
        </Button>
      </Stack>
      <Stack mt="5" gap="1" fontSize="sm">
        <ChakraLink href={`mailto:${contact.email}`} color="brand.fg" wordBreak="break-all">
          {contact.email}
        </ChakraLink>
        {contact.phone ? (
          <ChakraLink href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} color="brand.fg">
            {contact.phone}
          </ChakraLink>
        ) : null}
      </Stack>
    </AsideCard>
  );
}
