import { Box, Button, Container, Flex, Heading, HStack, Input, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { ChannelAvatar } from '#app/components/shop/ChannelAvatar';
import { PageHeader } from '#app/components/content/PageHeader';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { ChannelCardView } from '#app/lib/shop/views';
import { channelHref } from '#app/lib/shop/links';
import type { loader } from './customerChannels.server';

/** /customerChannels: the tenant's channels as cards (avatar, name, about, counts), with a search. */
export { loader } from './customerChannels.server';
export const handle = i18nHandle('shop');

export default function CustomerChannels() {
  const { t } = useTranslation();
  const { title, q, channels, total } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={title} lead={t('shop.channels.lead')} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Form method="get" role="search" aria-label={t('shop.channels.search')}>
            <HStack gap="2" maxW="xl">
              <Input name="q" type="search" defaultValue={q} placeholder={t('shop.channels.searchPlaceholder')} aria-label={t('shop.channels.search')} data-testid="channels-search" />
              <Button type="submit" colorPalette="brand" loading={navigation.state === 'loading'}>
                {t('shop.channels.search')}
              </Button>
            </HStack>
          </Form>
          {channels.length === 0 ? (
            <EmptyNote title={total === 0 ? t('shop.channels.empty') : t('shop.channels.noMatch', { query: q })} testId="channels-empty" />
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="5" data-testid="channels-list">
              {channels.map((channel) => (
                <ChannelCard key={channel.channelId} channel={channel} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Container>
    </>
  );
}

function ChannelCard({ channel }: { channel: ChannelCardView }) {
  const { t } = useTranslation();
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="l3" p="5" bg="bg" _hover={{ borderColor: 'brand.solid' }} _focusWithin={{ borderColor: 'brand.solid' }} data-testid="channel-card">
      <Flex gap="4" align="start">
        <ChannelAvatar name={channel.name} url={channel.avatarUrl} size="16" />
        <Stack gap="1" minW="0">
          <Heading as="h2" size="md">
            <ChakraLink asChild color="fg">
              <Link to={channelHref(channel.channelId)} aria-label={t('shop.channels.open', { name: channel.name })} prefetch="intent">
                {channel.name}
              </Link>
            </ChakraLink>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {channel.ownerName}
          </Text>
          {channel.about ? (
            <Text lineClamp={3} fontSize="sm">
              {channel.about}
            </Text>
          ) : null}
          <Text fontSize="sm" color="fg.muted" data-testid="channel-counts">
            {t('shop.channels.products', { count: channel.productCount })} · {t('shop.channels.events', { count: channel.upcomingCount })}
          </Text>
        </Stack>
      </Flex>
    </Box>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
