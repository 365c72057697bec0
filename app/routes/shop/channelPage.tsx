import { Box, Button, Container, Flex, Heading, HStack, Image, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DonatePanel } from '#app/components/donations/DonatePanel';
import { LocalTime } from '#app/components/events/LocalTime';
import { formHeaders } from '#app/components/forms/headers';
import { AboutText } from '#app/components/shop/AboutText';
import { ChannelAvatar } from '#app/components/shop/ChannelAvatar';
import { ProductGrid } from '#app/components/shop/ProductGrid';
import { lobbyHref, previewHref } from '#app/lib/events/model';
import { staticHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { channelIntroHref, consultationHref } from '#app/lib/shop/links';
import type { UpcomingEventView } from '#app/lib/shop/views';
import type { loader } from './channelPage.server';

/**
 * /channelPage?channel=: a channel's banner, about, links, intro, upcoming events, recordings,
 * products, donations and consultations. Signed-out visitors get it without the client app
 * (docs/decisions/0069): every offer is a link, and Donate asks them to sign in first, as the
 * payment would.
 */
export { loader } from './channelPage.server';
// donations: the DonatePanel of the donate section.
export const handle = staticHandle('shop', 'events', 'donations');
export const headers = formHeaders;

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="4" aria-labelledby={`${id}-title`} id={id}>
      <Heading as="h2" size="lg" id={`${id}-title`}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** An upcoming event's one action: the ticket (or registration) to get, or for its holder the way in. */
function UpcomingAction({ event }: { event: UpcomingEventView }) {
  const { t } = useTranslation();
  if (!event.held) {
    return (
      <Button asChild size="sm" colorPalette="brand">
        <Link to={previewHref(event.eventId)}>{event.ticketPrice > 0 ? t('shop.channel.buyTicket') : t('shop.channel.register')}</Link>
      </Button>
    );
  }
  const running = event.status === 'live' || event.status === 'open';
  return (
    // On a phone it takes its own line under the title rather than squeezing it.
    <HStack gap="3" flexWrap="wrap" w={{ base: 'full', sm: 'auto' }} justify={{ base: 'space-between', sm: 'flex-end' }} data-testid="channel-event-held">
      <Text fontSize="sm" fontWeight="medium">
        {event.ticketPrice > 0 ? t('shop.channel.hasTicket') : t('shop.channel.registered')}
      </Text>
      <Button asChild size="sm" colorPalette="brand" variant={running ? 'solid' : 'outline'}>
        {running ? <Link to={lobbyHref(event.eventId)}>{t('shop.channel.joinNow')}</Link> : <Link to={previewHref(event.eventId)}>{t('shop.channel.eventPage')}</Link>}
      </Button>
    </HStack>
  );
}

export default function ChannelPage() {
  const { t } = useTranslation();
  const { channel } = useLoaderData<typeof loader>();
  const root = useRootData()!;
  const { locale } = root;
  const currency = root.tenant.currency;
  return (
    <>
      <Box position="relative" bg="brand.subtle" borderBottomWidth="1px" borderColor="border">
        {channel.bannerUrl ? <Image src={channel.bannerUrl} alt={t('shop.channel.bannerAlt', { name: channel.name })} w="full" h={{ base: '28', md: '56' }} objectFit="cover" data-testid="channel-banner" /> : <Box h={{ base: '20', md: '32' }} />}
        <Container maxW="7xl" px={{ base: '4', md: '6' }} pb="6">
          <Flex gap="4" align="end" mt={{ base: '-8', md: '-12' }} wrap="wrap">
            <Box borderWidth="4px" borderColor="bg" borderRadius="full" bg="bg">
              <ChannelAvatar name={channel.name} url={channel.avatarUrl} size="24" />
            </Box>
            <Stack gap="0" minW="0">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="channel-name">
                {channel.name}
              </Heading>
              <Text color="fg.muted">{channel.ownerName}</Text>
            </Stack>
            {channel.isOwner ? (
              <Button asChild variant="outline" size="sm" ms="auto">
                <Link to="/userDashboard?tab=Channels">{t('shop.channel.edit')}</Link>
              </Button>
            ) : null}
          </Flex>
        </Container>
      </Box>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="10">
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8">
            <Stack gap="4" gridColumn={{ lg: 'span 2' }}>
              <Section title={t('shop.channel.about')} id="about">
                {channel.about ? <AboutText text={channel.about} /> : null}
                {channel.introVideoId ? (
                  <ChakraLink asChild colorPalette="brand" fontWeight="medium">
                    <Link to={channelIntroHref(channel.channelId)} data-testid="channel-intro">
                      {t('shop.channel.introVideo')}
                    </Link>
                  </ChakraLink>
                ) : null}
              </Section>
            </Stack>
            <Stack gap="4">
              {channel.links.length ? (
                <Section title={t('shop.channel.links')} id="links">
                  <Stack as="ul" listStyleType="none" gap="2" data-testid="channel-links">
                    {channel.links.map((link) => (
                      <li key={link.url}>
                        <ChakraLink href={link.url} colorPalette="brand" rel="noopener noreferrer nofollow" target="_blank">
                          {link.label}
                        </ChakraLink>
                      </li>
                    ))}
                  </Stack>
                </Section>
              ) : null}
              {root.tenant.features.consultations && channel.takesBookings ? (
                <Button asChild colorPalette="brand" variant="outline">
                  <a href={consultationHref(channel.channelId)} data-testid="channel-consultation">
                    {t('shop.channel.consultation')}
                  </a>
                </Button>
              ) : null}
            </Stack>
          </SimpleGrid>

          <Section title={t('shop.channel.upcoming')} id="events">
            {channel.upcoming.length === 0 ? (
              <Text color="fg.muted">{t('shop.channel.noUpcoming')}</Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="3" data-testid="channel-events">
                {channel.upcoming.map((event) => (
                  <Flex as="li" key={event.eventId} borderWidth="1px" borderColor="border" borderRadius="l2" p="4" gap="4" align="center" wrap="wrap">
                    <Stack gap="0" flex="1" minW="0">
                      <Text fontWeight="semibold">{event.title}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        <LocalTime iso={event.eventDateTime} fallbackZone={event.eventTimeZone} />
                        {event.ticketPrice > 0 ? ` · ${formatMoney({ amount: event.ticketPrice, currency }, locale)}` : ''}
                      </Text>
                    </Stack>
                    <UpcomingAction event={event} />
                  </Flex>
                ))}
              </Stack>
            )}
          </Section>

          <Section title={t('shop.channel.products')} id="products">
            {channel.products.length === 0 ? <Text color="fg.muted">{t('shop.channel.noProducts')}</Text> : <ProductGrid products={channel.products} />}
          </Section>

          <Section title={t('shop.channel.recordings')} id="recordings">
            {channel.recordings.length === 0 ? (
              <Text color="fg.muted">{t('shop.channel.noRecordings')}</Text>
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="channel-recordings">
                {channel.recordings.map((rec) => (
                  <Box as="li" key={rec.mediaId}>
                    <ChakraLink asChild display="block" color="fg">
                      <Link to={`/mediaPlayBack?mediaId=${rec.mediaId}`} aria-label={t('shop.channel.watch', { title: rec.title })}>
                        {rec.posterUrl ? <Image src={rec.posterUrl} alt="" w="full" aspectRatio="16/9" objectFit="cover" borderRadius="l2" loading="lazy" /> : <Box w="full" aspectRatio="16/9" bg="brand.subtle" borderRadius="l2" />}
                        <Text mt="2" fontWeight="medium">
                          {rec.title}
                        </Text>
                      </Link>
                    </ChakraLink>
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Section>

          {root.tenant.features.donations && !channel.isOwner ? (
            <Section title={t('shop.channel.donate')} id="donate">
              {root.user ? (
                <DonatePanel channelId={channel.channelId} />
              ) : (
                <Stack gap="3" align="start" data-testid="donate-sign-in">
                  <Button asChild colorPalette="brand">
                    <Link to={`/signIn?redirectTo=${encodeURIComponent(`/channelPage?channel=${channel.channelId}#donate`)}`}>{t('donations.panel.signIn')}</Link>
                  </Button>
                </Stack>
              )}
            </Section>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.channel.name });
