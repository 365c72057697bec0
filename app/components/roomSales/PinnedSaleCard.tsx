/**
 * The room's pinned sale as everyone sees it: image, kind, title, price and Buy. Buy opens the
 * hosted payment page in a new tab (the room stays) and says thanks once the order is captured.
 */
import { Alert, Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#app/lib/money/money';
import type { PinnedSale } from '#app/lib/roomSales/model';
import { useRootData } from '#app/lib/rootData';
import { newIdempotencyKey, openPaymentTab, ROOM_PURCHASE_RETURN, useOrderOutcome } from '#app/components/donations/checkout';
import { startCheckout } from '#app/lib/payments/checkout';

export function PinnedSaleCard({ pin, canBuy }: { pin: PinnedSale; canBuy: boolean }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const [busy, setBusy] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ key: string; pin: string } | null>(null);
  const outcome = useOrderOutcome(orderId);
  const pinKey = `${pin.kind}:${pin.refId}`;

  async function buy() {
    setProblem(null);
    setBusy(true);
    if (attempt.current?.pin !== pinKey) attempt.current = { key: newIdempotencyKey(), pin: pinKey };
    const tab = openPaymentTab();
    const started = await startCheckout([{ kind: pin.kind, refId: pin.refId, quantity: 1 }], ROOM_PURCHASE_RETURN, attempt.current.key);
    setBusy(false);
    // The room watches the order it opened: an answer without one is as good as none.
    if (started.kind !== 'redirect' || started.orderId === null) {
      tab?.close();
      if (started.kind === 'signIn') return window.location.assign(started.url);
      return setProblem(started.kind === 'refused' || started.kind === 'invalid' ? t('donations.panel.errors.refused') : t('donations.panel.errors.unavailable'));
    }
    attempt.current = null;
    setOrderId(started.orderId);
    if (tab) tab.location.href = started.url;
    else window.open(started.url, '_blank', 'noopener');
  }

  return (
    <Box borderWidth="1px" borderRadius="l3" p="3" bg="bg.panel" data-testid="pinned-sale" data-kind={pin.kind} data-ref={pin.refId}>
      <HStack gap="3" align="center">
        {pin.imageUrl && <Image src={pin.imageUrl} alt="" boxSize={{ base: '12', md: '16' }} objectFit="cover" borderRadius="l2" flexShrink={0} />}
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {t(`donations.sales.kinds.${pin.kind}`)}
          </Text>
          <Text fontWeight="semibold" fontSize="sm" truncate data-testid="pinned-sale-title">
            {pin.title}
          </Text>
          <Text fontSize="sm" data-testid="pinned-sale-price">
            {formatMoney(pin.price, locale)}
          </Text>
        </Stack>
        {canBuy && (
          <Button size="sm" colorPalette="brand" onClick={() => void buy()} loading={busy} loadingText={t('donations.sales.buying')} data-testid="pinned-sale-buy">
            {t('donations.sales.buy')}
          </Button>
        )}
      </HStack>
      {(outcome || problem) && (
        <Alert.Root mt="2" size="sm" status={problem || outcome === 'failed' ? 'error' : outcome === 'captured' ? 'success' : 'info'} role="status" data-testid="pinned-sale-outcome">
          <Alert.Indicator />
          <Alert.Title>
            {problem ?? (outcome === 'captured' ? t('donations.sales.thanks') : outcome === 'failed' ? t('donations.sales.failed') : t('donations.sales.waiting'))}
          </Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
