import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Prose } from '#app/components/content/Prose';
import { EventCardList } from '#app/components/events/EventCard';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './home.server';
import { staticHandle } from '#app/lib/handles';

export { loader } from './home.server';

export const handle = staticHandle('events', 'home');

export default function Home() {
  const { hero, html, upcoming, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="brand.subtle" gradientTo="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20', xl: '28' }}>
          <Stack gap={{ base: '4', md: '6' }} maxW="4xl">
            {hero.eyebrow ? (
              <Text fontWeight="bold" color="brand.fg" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
                {hero.eyebrow}
              </Text>
            ) : null}
            <Heading as="h1" size={{ base: '3xl', md: '5xl', xl: '6xl' }} lineHeight="1.1" data-testid="hero-headline">
              {hero.headline}
            </Heading>
            {hero.lead ? (
              <Text fontSize={{ base: 'lg', md: '2xl' }} color="fg.muted">
                {hero.lead}
              </Text>
            ) : null}
            <HStack gap="3" flexWrap="wrap" pt="2">
              {hero.primary ? (
                <Button asChild size={{ base: 'md', md: 'lg' }} colorPalette="brand" data-testid="hero-primary">
                  <Link to={hero.primary.to}>{hero.primary.label}</Link>
                </Button>
              ) : null}
              {hero.secondary ? (
                <Button asChild size={{ base: 'md', md: 'lg' }} variant="outline" colorPalette="brand">
                  <Link to={hero.secondary.to}>{hero.secondary.label}</Link>
                </Button>
              ) : null}
            </HStack>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Prose html={html} maxW="4xl" />
        <Box as="section" aria-labelledby="upcoming" mt="16" p={{ base: '6', md: '8' }} borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg.subtle">
          <Heading as="h2" id="upcoming" size="xl">
            {t('home.upcomingTitle')}
          </Heading>
          {upcoming === null ? (
            <Text mt="2" color="fg.muted" data-testid="upcoming-unavailable">
              {t('home.unavailable')}
            </Text>
          ) : upcoming.length ? (
            <Box mt="5">
              <EventCardList events={upcoming} fallbackZone={timeZone} testId="upcoming-events" />
            </Box>
          ) : (
            <Text mt="2" color="fg.muted" data-testid="upcoming-empty">
              {t('home.upcomingEmpty')}
            </Text>
          )}
          <HStack gap="3" mt="5" flexWrap="wrap">
            <Button asChild variant="outline" colorPalette="brand">
              <Link to="/liveEvents">{t('home.allEvents')}</Link>
            </Button>
            <Button asChild variant="ghost" colorPalette="brand">
              <Link to="/eventsCalendar">{t('home.calendar')}</Link>
            </Button>
          </HStack>
        </Box>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => documentMeta(rootFromMatches(matches));
