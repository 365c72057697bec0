/**
 * The header's cart button with the item count (rendered on the server from root data) and the
 * cart drawer. Without JavaScript (an anonymous information screen) it is a link to the channels
 * with the drawer open (`?cart=open`); with it, it opens the drawer in place.
 */
import { Box, Button, CloseButton, Drawer, Flex, Link as ChakraLink, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, sumMoney, timesQuantity } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import type { CartView } from '#app/lib/shop/api';
import { changeCart, fetchCart } from '#app/lib/shop/cartClient';
import { signInPath, startCheckout } from '#app/lib/payments/checkout';
import { refusalOf } from '#app/lib/shop/refusals';
import { CartLines } from './CartLines';

export const CART_OPEN_PATH = '/customerChannels?cart=open';

const cartIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.5 12h12L22 7H6.2" />
  </svg>
);

export function CartButton() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const count = root.cart?.count ?? 0;
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(location.search).get('cart') === 'open') setOpen(true);
  }, [location.search]);
  if (!root.tenant.features.shop) return null;
  const label = count > 0 ? t('cart.openWithCount', { count }) : t('cart.open');
  return (
    <>
      <Box
        asChild
        position="relative"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        h="10"
        minW="10"
        px="2"
        gap="1"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        color="header.fg"
        _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <a
          href={CART_OPEN_PATH}
          aria-label={label}
          data-testid="cart-button"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          {cartIcon}
          {count > 0 ? (
            <Text as="span" fontSize="xs" fontWeight="bold" bg="brand.solid" color="brand.contrast" borderRadius="full" px="1.5" minW="5" textAlign="center" data-testid="cart-count">
              {count}
            </Text>
          ) : null}
        </a>
      </Box>
      {open ? <CartDrawer open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function CartDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const location = useLocation();
  const revalidator = useRevalidator();
  const [cart, setCart] = useState<CartView | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error' | 'busy' | 'paying'>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    setState('loading');
    const loaded = await fetchCart();
    setCart(loaded);
    setState(loaded ? 'ready' : 'error');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const apply = async (request: Parameters<typeof changeCart>[0]) => {
    setState('busy');
    setMessage(null);
    const result = await changeCart(request);
    if ('cart' in result) setCart(result.cart);
    else setMessage(result.message || t('cart.loadError'));
    setState('ready');
    revalidator.revalidate();
  };

  const returnPath = `${location.pathname}${location.search.replace(/([?&])cart=open&?/, '$1').replace(/[?&]$/, '')}`;
  const checkout = async () => {
    if (!cart) return;
    if (!cart.signedIn) {
      window.location.assign(signInPath(`${returnPath}${returnPath.includes('?') ? '&' : '?'}cart=open`));
      return;
    }
    setState('paying');
    setMessage(null);
    setRefusals({});
    const lines = cart.cartItems.map((line) => ({ kind: line.kind, refId: line.refId, quantity: line.quantity }));
    const outcome = await startCheckout(lines, returnPath, cart.checkoutKey);
    if (outcome.kind === 'redirect' || outcome.kind === 'signIn') {
      window.location.assign(outcome.url);
      return;
    }
    if (outcome.kind === 'refused') {
      const byLine: Record<string, string> = {};
      for (const { index, refused } of outcome.refusals) {
        const line = cart.cartItems[index];
        if (line) byLine[line.refId] = t(`cart.refusals.${refusalOf(refused)}`, { title: line.title });
      }
      setRefusals(byLine);
    } else setMessage(t('cart.api.checkoutFailed'));
    setState('ready');
  };

  const lines = cart?.cartItems ?? [];
  const currency = lines[0]?.currency ?? root.tenant.currency;
  const total = sumMoney(
    currency,
    lines.map((line) => timesQuantity({ amount: line.unitAmount, currency: line.currency }, line.quantity)),
  );
  return (
    <Drawer.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} placement="end" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="cart-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('cart.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {state === 'loading' ? (
                <Flex align="center" gap="2" color="fg.muted" data-testid="cart-loading">
                  <Spinner size="sm" /> {t('cart.loading')}
                </Flex>
              ) : state === 'error' ? (
                <Stack gap="3" role="alert">
                  <Text>{t('cart.loadError')}</Text>
                  <Button variant="outline" onClick={() => void load()}>
                    {t('cart.retry')}
                  </Button>
                </Stack>
              ) : lines.length === 0 ? (
                <Stack gap="3" data-testid="cart-empty">
                  <Text>{t('cart.empty')}</Text>
                  <ChakraLink asChild colorPalette="brand">
                    <Link to="/customerChannels" onClick={() => onOpenChange(false)}>
                      {t('cart.browse')}
                    </Link>
                  </ChakraLink>
                </Stack>
              ) : (
                <CartLines
                  lines={lines}
                  locale={root.locale}
                  busy={state === 'busy' || state === 'paying'}
                  refusals={refusals}
                  onQuantity={(productId, quantity) => void apply({ intent: 'update', productId, quantity })}
                  onRemove={(productId) => void apply({ intent: 'remove', productId })}
                />
              )}
              {message ? (
                <Text mt="3" color="fg.error" role="alert" data-testid="cart-message">
                  {message}
                </Text>
              ) : null}
            </Drawer.Body>
            {lines.length > 0 && state !== 'loading' ? (
              <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
                <Flex justify="space-between" fontWeight="bold" fontSize="lg">
                  <Text>{t('cart.total')}</Text>
                  <Text data-testid="cart-total">{formatMoney(total, root.locale)}</Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {cart?.signedIn ? t('cart.priceNote') : t('cart.signInToPay')}
                </Text>
                <Button colorPalette="brand" onClick={() => void checkout()} loading={state === 'paying'} loadingText={t('cart.checkingOut')} data-testid="cart-checkout">
                  {t('cart.checkout')}
                </Button>
              </Drawer.Footer>
            ) : null}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('cart.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
