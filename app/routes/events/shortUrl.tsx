import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './shortUrl.server';
import { i18nHandle } from '#app/lib/handles';

/**
 * /shortUrl?c=<code>: an event's short link. A known code answers 302 to the event page; an
 * unknown, missing or malformed one (or another site's) a clear 404 page.
 */
export { loader } from './shortUrl.server';
export const handle = i18nHandle('schedule');

export default function ShortUrl() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }} data-testid="short-link-unknown">
      <Stack gap="4" textAlign={{ base: 'start', md: 'center' }} align={{ base: 'stretch', md: 'center' }}>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" letterSpacing="wide">
          404
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {t('schedule.shortLink.body')}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="2" justify="center">
          <Button asChild colorPalette="brand">
            <Link to="/liveEvents">{t('schedule.shortLink.browse')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('schedule.shortLink.home')}</Link>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...documentMeta(rootFromMatches(matches), { title: data?.title }),
  { name: 'robots', content: 'noindex' },
];
