/** A product's quantity, Add to cart (the header count follows) and Buy now (straight to checkout with this one line). */
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLocation, useRevalidator } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeCart } from '#app/lib/shop/cartClient';
import { startCheckout } from '#app/lib/payments/checkout';
import { CART_MAX_QUANTITY } from '#app/lib/shop/cart';
import { refusalOf } from '#app/lib/shop/refusals';

export function ProductBuyBox({ productId, title, stock, disabled }: { productId: string; title: string; stock: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [quantity, setQuantity] = useState(1);
  const [state, setState] = useState<'idle' | 'adding' | 'buying'>('idle');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const buyKey = useMemo(() => `buy-${productId}-${crypto.randomUUID()}`, [productId]);
  const max = Math.max(1, Math.min(CART_MAX_QUANTITY, stock ?? CART_MAX_QUANTITY));
  const soldOut = stock === 0;

  const add = async () => {
    setState('adding');
    setNote(null);
    const result = await changeCart({ intent: 'add', productId, quantity });
    setNote('cart' in result ? { ok: true, text: t('shop.product.added') } : { ok: false, text: result.message || t('cart.loadError') });
    setState('idle');
    revalidator.revalidate();
  };
  const buy = async () => {
    setState('buying');
    setNote(null);
    const outcome = await startCheckout([{ kind: 'product', refId: productId, quantity }], `${location.pathname}${location.search}`, `${buyKey}-${quantity}`);
    if (outcome.kind === 'redirect' || outcome.kind === 'signIn') {
      window.location.assign(outcome.url);
      return;
    }
    setNote({ ok: false, text: outcome.kind === 'refused' ? t(`cart.refusals.${refusalOf(outcome.refusals[0]?.refused)}`, { title }) : t('cart.api.checkoutFailed') });
    setState('idle');
  };

  return (
    <Stack gap="3" data-testid="product-buy">
      <Field.Root maxW="32" disabled={soldOut || disabled}>
        <Field.Label>{t('shop.product.quantity')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} data-testid="product-quantity">
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="brand" onClick={() => void add()} loading={state === 'adding'} loadingText={t('shop.product.adding')} disabled={soldOut || disabled || state !== 'idle'} data-testid="product-add">
          {t('shop.product.addToCart')}
        </Button>
        <Button colorPalette="brand" variant="outline" onClick={() => void buy()} loading={state === 'buying'} disabled={soldOut || disabled || state !== 'idle'} data-testid="product-buy-now">
          {t('shop.product.buyNow')}
        </Button>
      </HStack>
      {note ? (
        <Text role={note.ok ? 'status' : 'alert'} color={note.ok ? 'fg.success' : 'fg.error'} data-testid="product-note">
          {note.text}
        </Text>
      ) : null}
    </Stack>
  );
}
