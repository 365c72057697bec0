import { Alert, Badge, Box, Container, Heading, Image, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AudioPlayer } from '#app/components/media/player/AudioPlayer';
import { VideoPlayer } from '#app/components/media/player/VideoPlayer';
import { formHeaders } from '#app/components/forms/headers';
import { ProductBuyBox } from '#app/components/shop/ProductBuyBox';
import { i18nHandle } from '#app/lib/handles';
import { captionTracks } from '#app/lib/media/view';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { channelHref } from '#app/lib/shop/links';
import type { loader } from './channelProductDetails.server';

/** /channelProductDetails?product=: gallery, video and audio samples, price, stock, quantity, Add to cart and Buy now. */
export { loader } from './channelProductDetails.server';
export const handle = i18nHandle('shop', 'player');
export const headers = formHeaders;

export default function ChannelProductDetails() {
  const { t, i18n } = useTranslation();
  const { product, channel, images, videos, audios, isOwner, owned } = useLoaderData<typeof loader>();
  const { locale } = useRootData()!;
  const [first, ...rest] = images;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <ChakraLink asChild colorPalette="brand" mb="4" display="inline-block">
        <Link to={channelHref(channel.channelId)}>← {t('shop.product.backToChannel', { name: channel.name })}</Link>
      </ChakraLink>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '6', lg: '10' }}>
        <Stack gap="3" data-testid="product-gallery">
          {first?.image ? (
            <Image
              src={first.image.sizes.medium750?.url ?? first.image.sizes.medium500?.url}
              alt={t('shop.product.imageAlt', { title: product.title, n: 1 })}
              w="full"
              borderRadius="l3"
              objectFit="contain"
              bg="bg.subtle"
              data-testid="product-image"
            />
          ) : (
            <Box w="full" aspectRatio="4/3" bg="brand.subtle" borderRadius="l3" />
          )}
          {rest.length ? (
            <SimpleGrid columns={4} gap="2">
              {rest.map((view, i) =>
                view.image ? (
                  <a key={view.id} href={view.image.sizes.large1500?.url ?? view.image.sizes.medium750?.url} target="_blank" rel="noreferrer">
                    <Image src={view.image.sizes.small300?.url} alt={t('shop.product.imageAlt', { title: product.title, n: i + 2 })} borderRadius="l2" aspectRatio="1" objectFit="cover" />
                  </a>
                ) : null,
              )}
            </SimpleGrid>
          ) : null}
        </Stack>
        <Stack gap="4">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="product-title">
            {product.title}
          </Heading>
          {!product.published ? <Badge alignSelf="start">{t('shop.product.draft')}</Badge> : null}
          <Text fontSize="2xl" fontWeight="bold" data-testid="product-detail-price" aria-label={t('shop.product.price')}>
            {formatMoney({ amount: product.price, currency: product.currency }, locale)}
          </Text>
          <Text color="fg.muted">
            {t(`shop.product.delivers.${product.delivers}`)}
            {product.eventTitle ? ` · ${t('shop.product.event', { title: product.eventTitle })}` : ''}
          </Text>
          <Text data-testid="product-stock">{product.stock === null ? t('shop.product.unlimited') : product.stock === 0 ? t('shop.product.soldOut') : t('shop.product.stockLeft', { count: product.stock })}</Text>
          {product.description ? <Text whiteSpace="pre-line">{product.description}</Text> : null}
          {isOwner ? <Text color="fg.muted">{t('shop.product.ownerNote')}</Text> : null}
          {owned.length ? (
            <Alert.Root status="success" borderRadius="l2" data-testid="product-owned">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Title>{t('shop.product.owned')}</Alert.Title>
                <Stack as="ul" listStyleType="none" gap="1">
                  {owned.map((file) => (
                    <li key={file.mediaId}>
                      <ChakraLink href={file.href} colorPalette="brand" fontWeight="semibold" download>
                        {t('shop.product.download', { title: file.title })}
                      </ChakraLink>
                    </li>
                  ))}
                </Stack>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <ProductBuyBox productId={product.productId} title={product.title} stock={product.stock} disabled={isOwner || !product.published} />
        </Stack>
      </SimpleGrid>
      {videos.length ? (
        <Stack gap="4" mt="10" as="section" aria-label={t('shop.product.videos')}>
          <Heading as="h2" size="lg">
            {t('shop.product.videos')}
          </Heading>
          {videos.map((view) => (view.video ? <VideoPlayer key={view.id} beacon={{ mediaId: view.id }} title={view.title} hls={view.video.hls} mp4={view.video.mp4} poster={view.video.poster} width={view.width} height={view.height} captions={captionTracks(view.captions, i18n.language)} /> : null))}
        </Stack>
      ) : null}
      {audios.length ? (
        <Stack gap="4" mt="10" as="section" aria-label={t('shop.product.audios')}>
          <Heading as="h2" size="lg">
            {t('shop.product.audios')}
          </Heading>
          {audios.map((view) => (view.audio ? <AudioPlayer key={view.id} title={view.title} m4a={view.audio.m4a} mp3={view.audio.mp3} waveform={view.audio.waveform} durationSeconds={view.durationSeconds} captions={captionTracks(view.captions, i18n.language)} /> : null))}
        </Stack>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.product.title });
