/**
 * The organizer's and hosts' controls for the room's pinned sale: pin the event's replay, its
 * ticket or one of the organizer's published products (picked from a list), or unpin. The server decides what may be
 * pinned and prices it (server/commerce/roomSales).
 */
import { Alert, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#app/lib/money/money';
import { PIN_KINDS, type PinKind, type PinRequest, type PinState } from '#app/lib/roomSales/model';
import { useRootData } from '#app/lib/rootData';
import { usePinProducts } from './usePinProducts';

export function PinControls({ eventId, state, change }: { eventId: string; state: PinState | null; change: (r: PinRequest) => Promise<string | null> }) {
  const { t } = useTranslation();
  const ids = { kind: useId(), product: useId() };
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PinKind>('replay');
  const [productId, setProductId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locale = useRootData()?.locale ?? 'en';
  const products = usePinProducts(eventId, open && kind === 'product');
  const choices = products.state === 'ready' ? products.products : [];
  // The picked product, or the first listed until the host picks one.
  const picked = choices.some((p) => p.productId === productId) ? productId : (choices[0]?.productId ?? '');

  async function run(request: PinRequest) {
    setBusy(true);
    setError(null);
    const problem = await change(request);
    setBusy(false);
    setError(problem === null ? null : problem || t('donations.sales.errors.unavailable'));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run({ intent: 'pin', eventId, kind, refId: kind === 'product' ? picked : eventId });
  }

  return (
    <Stack gap="2" data-testid="pin-controls">
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="pin-open">
          {t('donations.sales.manage')}
        </Button>
        {state?.pin && (
          <Button size="sm" variant="ghost" onClick={() => void run({ intent: 'unpin', eventId })} disabled={busy} data-testid="pin-remove">
            {t('donations.sales.unpin')}
          </Button>
        )}
      </HStack>
      {open && (
        <form onSubmit={submit} noValidate>
          <Stack gap="2" borderWidth="1px" borderRadius="l3" p="3">
            <Field.Root>
              <Field.Label htmlFor={ids.kind}>{t('donations.sales.kindLabel')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id={ids.kind} value={kind} onChange={(e) => setKind(e.currentTarget.value as PinKind)} data-testid="pin-kind">
                  {PIN_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`donations.sales.kinds.${k}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {kind === 'product' && (
              <Field.Root required>
                <Field.Label htmlFor={ids.product}>{t('donations.sales.product')}</Field.Label>
                {products.state === 'ready' && choices.length > 0 ? (
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field id={ids.product} value={picked} onChange={(e) => setProductId(e.currentTarget.value)} data-testid="pin-product">
                      {choices.map((p) => (
                        <option key={p.productId} value={p.productId}>
                          {t('donations.sales.productOption', { title: p.title, price: formatMoney(p.price, locale) })}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                ) : (
                  <Text fontSize="sm" color={products.state === 'failed' ? 'fg.error' : 'fg.muted'} role={products.state === 'failed' ? 'alert' : 'status'} data-testid="pin-product-state">
                    {t(products.state === 'failed' ? 'donations.sales.productsFailed' : products.state === 'ready' ? 'donations.sales.productsNone' : 'donations.sales.productsLoading')}
                  </Text>
                )}
              </Field.Root>
            )}
            <Button type="submit" size="sm" colorPalette="brand" loading={busy} disabled={kind === 'product' && !picked} alignSelf="flex-start" data-testid="pin-submit">
              {t('donations.sales.pin')}
            </Button>
          </Stack>
        </form>
      )}
      {error && (
        <Alert.Root size="sm" status="error" role="alert" data-testid="pin-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
