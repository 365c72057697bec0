/**
 * Under the header of any screen a buyer comes back to from the hosted payment page
 * (?order=<id>&paid=1|0): confirming, then paid (with the way to the Orders tab) or not paid.
 * Read from GET /api/checkout/status, never from the address alone, so a typed ?paid=1 shows
 * nothing. /preview says it in its own ticket panel.
 */
import { Alert, Box, CloseButton, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderReturn } from '#app/lib/payments/orderReturn';

const SCREENS_WITH_THEIR_OWN_RESULT = new Set(['/preview']);

export function CheckoutResult() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  // Only once hydrated: a screen served without JavaScript could never leave "confirming".
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  const active = hydrated && !SCREENS_WITH_THEIR_OWN_RESULT.has(pathname);
  // The cart count and anything the order granted come from loaders: reload them once paid.
  const { order, state } = useOrderReturn({ active, onPaid: revalidate });
  if (!order || state === 'idle' || dismissed === order) return null;
  const status = state === 'paid' ? 'success' : state === 'failed' ? 'warning' : 'info';
  return (
    <Box maxW="6xl" mx="auto" w="full" px={{ base: '4', md: '6' }} pt="4">
      <Alert.Root status={status} borderRadius="l2" role="status" data-testid="checkout-result" data-state={state}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`cart.result.${state}`)}</Alert.Title>
          {state === 'paid' ? (
            <Alert.Description>
              <ChakraLink asChild color="brand.fg" textDecoration="underline">
                <Link to="/userDashboard?tab=Orders">{t('cart.result.orders')}</Link>
              </ChakraLink>
            </Alert.Description>
          ) : null}
        </Alert.Content>
        {state !== 'confirming' ? <CloseButton size="sm" aria-label={t('cart.result.dismiss')} onClick={() => setDismissed(order)} /> : null}
      </Alert.Root>
    </Box>
  );
}
