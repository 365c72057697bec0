import { Box, Image } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * An event image (thumbnail, poster) when there is a URL for it, else a branded block of the same
 * shape: the tenant's colours and a camera mark, never an empty frame.
 */
export function EventImage({ url, title, ratio, rounded = 'l2' }: { url: string | null; title: string; ratio: number; rounded?: string }) {
  const { t } = useTranslation();
  if (url) {
    return (
      <Box aspectRatio={ratio} overflow="hidden" borderRadius={rounded} bg="brand.subtle">
        <Image src={url} alt={t('events.imageAlt', { title })} w="full" h="full" objectFit="cover" loading="lazy" />
      </Box>
    );
  }
  return (
    <Box
      aspectRatio={ratio}
      borderRadius={rounded}
      bgGradient="to-br"
      gradientFrom="brand.solid"
      gradientTo="brand.emphasized"
      color="brand.contrast"
      display="flex"
      alignItems="center"
      justifyContent="center"
      aria-hidden="true"
      data-testid="event-image-placeholder"
    >
      <svg width="30%" height="30%" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" style={{ maxWidth: 72, maxHeight: 72, opacity: 0.9 }}>
        <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
        <path d="M15.5 10.5 21 7.5v9l-5.5-3z" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}
