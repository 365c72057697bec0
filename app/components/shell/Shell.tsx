import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutResult } from '#app/components/payments/CheckoutResult';
import { Footer } from './Footer';
import { Header } from './Header';

/** Every screen: skip link, branded header with the top menu, the outcome of a checkout the buyer came back from, the page, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh">
      <Box
        asChild
        position="absolute"
        left="-9999px"
        _focus={{ left: '4', top: '4', zIndex: 'max', bg: 'bg', color: 'fg', px: '4', py: '2', borderRadius: 'l2' }}
      >
        <a href="#main">{t('nav.skipToContent')}</a>
      </Box>
      <Header />
      <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
        <CheckoutResult />
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
