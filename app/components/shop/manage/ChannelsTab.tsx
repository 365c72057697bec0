/** The dashboard's Channels tab (organizers): their channels, each with its images and products; create and edit in place. */
import { Badge, Box, Button, Flex, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { channelHref, productHref } from '#app/lib/shop/links';
import type { ChannelsTabData, ManagedChannel } from '#app/lib/shop/manage';
import { ConsultationSettings } from '../../tickets/ConsultationSettings';
import { ChannelAvatar } from '../ChannelAvatar';
import { ChannelForm } from './ChannelForm';
import { ChannelImageUpload } from './ChannelImageUpload';
import { ProductForm } from './ProductForm';

type Editing = { kind: 'channel'; channelId: string | null } | { kind: 'product'; channelId: string; productId: string | null } | null;

export function ChannelsTab({ data, organizer }: { data: ChannelsTabData | null; organizer: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  if (!organizer || !data) {
    return <Text color="fg.muted">{t('shop.errors.forbidden')}</Text>;
  }
  return (
    <Stack gap="6" data-testid="dashboard-channels">
      <Text color="fg.muted">{t('shop.manage.lead')}</Text>
      {editing?.kind === 'channel' && editing.channelId === null ? (
        <ChannelForm channel={null} media={data.media} onDone={() => setEditing(null)} />
      ) : (
        <Button colorPalette="brand" alignSelf="start" onClick={() => setEditing({ kind: 'channel', channelId: null })} data-testid="channel-new">
          {t('shop.manage.newChannel')}
        </Button>
      )}
      {data.channels.length === 0 ? <Text data-testid="channels-none">{t('shop.manage.none')}</Text> : null}
      {data.channels.map((channel) => (
        <ChannelPanel key={channel.channelId} channel={channel} data={data} editing={editing} setEditing={setEditing} />
      ))}
      <Text fontSize="sm" color="fg.muted">
        {t('shop.manage.payoutNote')}
      </Text>
    </Stack>
  );
}

function ChannelPanel({ channel, data, editing, setEditing }: { channel: ManagedChannel; data: ChannelsTabData; editing: Editing; setEditing: (e: Editing) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData()!;
  const editingChannel = editing?.kind === 'channel' && editing.channelId === channel.channelId;
  const editingProduct = editing?.kind === 'product' && editing.channelId === channel.channelId ? editing : null;
  const [consultations, setConsultations] = useState(false);
  return (
    <Box as="section" borderWidth="1px" borderColor="border" borderRadius="l3" p={{ base: '4', md: '5' }} data-testid="managed-channel" aria-label={channel.name}>
      <Flex gap="4" align="center" wrap="wrap">
        <ChannelAvatar name={channel.name} url={channel.avatarUrl} size="12" />
        <Heading as="h3" size="md" flex="1" minW="0">
          {channel.name}
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" variant="outline">
            <Link to={channelHref(channel.channelId)} data-testid="channel-view">
              {t('shop.manage.view')}
            </Link>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing({ kind: 'channel', channelId: channel.channelId })} data-testid="channel-edit">
            {t('shop.manage.edit')}
          </Button>
          <Button size="sm" variant="outline" aria-expanded={consultations} onClick={() => setConsultations((open) => !open)} data-testid="channel-consultations">
            {t('tickets.consult.settings.open')}
          </Button>
        </HStack>
      </Flex>
      {consultations ? (
        <Box mt="4">
          <ConsultationSettings channelId={channel.channelId} onClose={() => setConsultations(false)} />
        </Box>
      ) : null}
      {editingChannel ? (
        <Stack gap="5" mt="4">
          <ChannelForm channel={channel} media={data.media} onDone={() => setEditing(null)} />
          <ChannelImageUpload channelId={channel.channelId} slot="avatar" url={channel.avatarUrl} />
          <ChannelImageUpload channelId={channel.channelId} slot="banner" url={channel.bannerUrl} />
        </Stack>
      ) : null}
      <Stack gap="3" mt="5">
        <Heading as="h4" size="sm">
          {t('shop.manage.products')}
        </Heading>
        {channel.products.length === 0 ? <Text color="fg.muted">{t('shop.manage.noProducts')}</Text> : null}
        <Stack as="ul" listStyleType="none" gap="2">
          {channel.products.map((product) => (
            <Box as="li" key={product.productId} data-testid="managed-product">
              <Flex gap="3" align="center" wrap="wrap">
                <ChakraLink asChild flex="1" minW="0" color="fg">
                  <Link to={productHref(product.productId)}>{product.title}</Link>
                </ChakraLink>
                <Text>{formatMoney({ amount: product.price, currency: data.currency }, locale)}</Text>
                {!product.published ? <Badge>{t('shop.manage.draft')}</Badge> : null}
                <Button size="xs" variant="outline" onClick={() => setEditing({ kind: 'product', channelId: channel.channelId, productId: product.productId })}>
                  {t('shop.manage.edit')}
                </Button>
              </Flex>
              {editingProduct?.productId === product.productId ? (
                <Box mt="3">
                  <ProductForm channelId={channel.channelId} product={product} data={data} onDone={() => setEditing(null)} />
                </Box>
              ) : null}
            </Box>
          ))}
        </Stack>
        {editingProduct && editingProduct.productId === null ? (
          <ProductForm channelId={channel.channelId} product={null} data={data} onDone={() => setEditing(null)} />
        ) : (
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing({ kind: 'product', channelId: channel.channelId, productId: null })} data-testid="product-new">
            {t('shop.manage.newProduct')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
