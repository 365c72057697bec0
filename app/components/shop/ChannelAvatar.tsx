import { Flex, Image } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A channel's avatar, or its initial on the brand colour. */
export function ChannelAvatar({ name, url, size }: { name: string; url: string | null; size: string }) {
  const { t } = useTranslation();
  return url ? (
    <Image src={url} alt={t('shop.channel.avatarAlt', { name })} w={size} h={size} borderRadius="full" objectFit="cover" flexShrink="0" />
  ) : (
    <Flex w={size} h={size} borderRadius="full" bg="brand.solid" color="brand.contrast" align="center" justify="center" fontWeight="bold" fontSize="xl" flexShrink="0" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </Flex>
  );
}
