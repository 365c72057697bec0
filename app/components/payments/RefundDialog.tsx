/**
 * Refund from an order's row: the amount (all that is left of the seller's lines by default, or
 * part of it), then a confirmation; POST /api/orders/refund for the seller's lines and the page's
 * data reloads.
 */
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, minorUnitsPerMajor, parseMajorAmount, type Money } from '#app/lib/money/money';
import type { RefundAnswer } from '#app/lib/payments/api';

export interface RefundTarget {
  orderId: string;
  /** Whose lines are refunded: the screen's seller. */
  sellerId: string;
  total: Money;
  refunded: Money;
  otherSellers: boolean;
}

function majorText(amount: number, currency: string) {
  const per = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(per));
  return digits ? `${Math.floor(amount / per)}.${String(amount % per).padStart(digits, '0')}` : String(amount);
}

export function RefundDialog({ target, locale, onClose, onDone }: { target: RefundTarget; locale: string; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const currency = target.total.currency;
  const left = target.total.amount - target.refunded.amount;
  const [text, setText] = useState(majorText(left, currency));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const max = formatMoney({ amount: left, currency }, locale);
  const amount = parseMajorAmount(text, currency);
  const valid = amount !== null && amount >= 1 && amount <= left;

  async function refund() {
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/orders/refund', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId: target.orderId, amount, sellerId: target.sellerId }) });
      const body = (await res.json()) as RefundAnswer & { message?: string };
      if (!res.ok) {
        setError(body.message ?? t('payments.profile.refund.failed'));
        setConfirming(false);
        return;
      }
      onDone(t('payments.profile.refund.done', { amount: formatMoney({ amount: body.amount, currency }, locale) }));
      revalidator.revalidate();
      onClose();
    } catch {
      setError(t('payments.profile.refund.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="refund-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('payments.profile.refund.title', { orderId: target.orderId })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('payments.profile.refund.paid', { paid: formatMoney(target.total, locale), refunded: formatMoney(target.refunded, locale) })}</Text>
                {target.otherSellers ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="refund-your-lines">
                    {t('payments.profile.refund.yourLines')}
                  </Text>
                ) : null}
                <Field.Root invalid={!valid} disabled={confirming}>
                  <Field.Label>{t('payments.profile.refund.amount')}</Field.Label>
                  <Input value={text} onChange={(e) => setText(e.target.value)} inputMode="decimal" data-testid="refund-amount" />
                  {valid ? <Field.HelperText>{t('payments.profile.refund.hint', { max })}</Field.HelperText> : <Field.ErrorText>{t('payments.profile.refund.invalid', { max })}</Field.ErrorText>}
                </Field.Root>
                {error ? (
                  <Text role="alert" color="fg.error">
                    {error}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer gap="2" flexWrap="wrap">
              <Button variant="outline" onClick={onClose}>
                {t('payments.profile.refund.cancel')}
              </Button>
              {confirming ? (
                <Button colorPalette="red" loading={busy} onClick={() => void refund()} data-testid="refund-confirm">
                  {t('payments.profile.refund.confirm', { amount: formatMoney({ amount: amount ?? 0, currency }, locale) })}
                </Button>
              ) : (
                <Button colorPalette="red" disabled={!valid} onClick={() => setConfirming(true)} data-testid="refund-next">
                  {t('payments.profile.refund.button')}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
