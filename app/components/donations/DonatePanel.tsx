/**
 * Donate to a channel (the shop's /channelPage, section "donate") or, with an eventId, to the
 * organizer of a live room: three suggested amounts in the tenant's currency, a custom amount, a
 * message of up to 280 characters, then the hosted payment page. On a channel page it replaces the
 * page; in a room it opens in a new tab so the room stays, and the order's status is polled to say
 * thanks. The server checks amount and message again (server/commerce/donations).
 */
import { Alert, Button, Field, HStack, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_MESSAGE_MAX, donationBounds, isDonationAmount, suggestedDonations } from '#app/lib/donations/model';
import { charCount, cleanText } from '#app/lib/forms/text';
import { formatMoney, parseMajorAmount } from '#app/lib/money/money';
import type { LineRequest } from '#app/lib/payments/model';
import { useRootData } from '#app/lib/rootData';
import { startCheckout } from '#app/lib/payments/checkout';
import { newIdempotencyKey, openPaymentTab, ROOM_PURCHASE_RETURN, returnedOrder, returnPathHere, useOrderOutcome } from './checkout';

export interface DonatePanelProps {
  /** The channel donated to (its owner is paid). */
  channelId?: string;
  /** A live room: the donation goes to the event's organizer and the room shows the alert. */
  eventId?: string;
}

type Problem = 'amount' | 'message' | 'refused' | 'unavailable' | 'popupBlocked' | null;

export function DonatePanel({ channelId, eventId }: DonatePanelProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const currency = root?.tenant.currency ?? 'USD';
  const locale = root?.locale ?? 'en';
  const ids = { amount: useId(), message: useId() };
  const suggestions = useMemo(() => suggestedDonations(currency), [currency]);
  const bounds = donationBounds(currency);
  const [chosen, setChosen] = useState<number | null>(suggestions[1]?.amount ?? null);
  const [custom, setCustom] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  /** The amount of the order being paid (the fields may change meanwhile). */
  const [paying, setPaying] = useState<number | null>(null);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const outcome = useOrderOutcome(orderId);
  const inRoom = Boolean(eventId);
  const refId = eventId ?? channelId;

  const amount = custom.trim() ? parseMajorAmount(custom, currency) : chosen;
  const money = (minor: number) => formatMoney({ amount: minor, currency }, locale);
  // Counted as the server keeps it: cleaned, then in characters people count.
  const messageLength = charCount(cleanText(message));

  // Back from the hosted page on a channel page: watch that order to say thanks (or that it failed).
  useEffect(() => {
    if (!inRoom) setOrderId((current) => current ?? returnedOrder(window.location.search));
  }, [inRoom]);

  // The tenant's donations switch: off, there is nothing to offer (the server refuses donations too).
  if (!refId || !root?.tenant.features.donations) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (amount === null || !isDonationAmount(amount, currency)) return setProblem('amount');
    if (messageLength > DONATION_MESSAGE_MAX) return setProblem('message');
    setProblem(null);
    setBusy(true);
    // The same attempt keeps its key, so a second click or a retry makes no second order.
    attempt.current ??= newIdempotencyKey();
    const tab = inRoom ? openPaymentTab() : null;
    const line: LineRequest = {
      kind: 'donation',
      refId: refId!,
      quantity: 1,
      amount,
      meta: eventId ? { message: message.trim(), eventId } : { message: message.trim() },
    };
    const returnPath = inRoom ? ROOM_PURCHASE_RETURN : returnPathHere('#donate');
    const started = await startCheckout([line], returnPath, attempt.current);
    setBusy(false);
    // The panel watches the order it opened: an answer without one is as good as none.
    if (started.kind !== 'redirect' || started.orderId === null) {
      tab?.close();
      if (started.kind === 'signIn') return window.location.assign(started.url);
      return setProblem(started.kind === 'refused' || started.kind === 'invalid' ? 'refused' : 'unavailable');
    }
    attempt.current = null;
    if (!inRoom) return window.location.assign(started.url);
    setOrderId(started.orderId);
    setPaying(amount);
    setPaymentUrl(started.url);
    if (tab) tab.location.href = started.url;
    else setProblem('popupBlocked');
  }

  const errorText =
    problem === 'amount'
      ? t('donations.panel.errors.amount', {
          min: money(bounds.min),
          max: money(bounds.max),
        })
      : problem === 'message'
      ? t('donations.panel.errors.message', { max: DONATION_MESSAGE_MAX })
      : problem === 'refused'
      ? t('donations.panel.errors.refused')
      : problem === 'unavailable'
      ? t('donations.panel.errors.unavailable')
      : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="donate-panel" data-state={outcome ?? 'idle'}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('donations.panel.intro')}
        </Text>
        <Stack gap="2" role="group" aria-label={t('donations.panel.suggested')}>
          <HStack gap="2" flexWrap="wrap">
            {suggestions.map((s) => {
              const selected = !custom.trim() && chosen === s.amount;
              return (
                <Button
                  key={s.amount}
                  type="button"
                  size="sm"
                  variant={selected ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={selected}
                  onClick={() => {
                    setChosen(s.amount);
                    setCustom('');
                    setProblem(null);
                  }}
                  data-testid="donate-chip"
                >
                  {formatMoney(s, locale)}
                </Button>
              );
            })}
          </HStack>
        </Stack>
        <Field.Root invalid={problem === 'amount'}>
          <Field.Label htmlFor={ids.amount}>{t('donations.panel.custom', { currency })}</Field.Label>
          <Input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              setProblem(null);
            }}
            data-testid="donate-custom"
          />
          <Field.HelperText>
            {t('donations.panel.customHint', {
              min: money(bounds.min),
              max: money(bounds.max),
            })}
          </Field.HelperText>
        </Field.Root>
        <Field.Root invalid={problem === 'message' || messageLength > DONATION_MESSAGE_MAX}>
          <Field.Label htmlFor={ids.message}>{t('donations.panel.message')}</Field.Label>
          <Textarea id={ids.message} rows={2} value={message} onChange={(e) => setMessage(e.target.value)} data-testid="donate-message" />
          <Field.HelperText>
            {t('donations.panel.messageHint', {
              count: messageLength,
              max: DONATION_MESSAGE_MAX,
            })}
          </Field.HelperText>
        </Field.Root>
        {errorText && (
          <Alert.Root status="error" role="alert" data-testid="donate-error">
            <Alert.Indicator />
            <Alert.Title>{errorText}</Alert.Title>
          </Alert.Root>
        )}
        {outcome && (
          <Alert.Root status={outcome === 'captured' ? 'success' : outcome === 'failed' ? 'error' : 'info'} role="status" data-testid="donate-outcome">
            <Alert.Indicator />
            <Stack gap="1">
              <Alert.Title>
                {outcome === 'captured'
                  ? paying !== null
                    ? t('donations.panel.thanks', { amount: money(paying) })
                    : t('donations.panel.thanksReturned')
                  : outcome === 'failed'
                  ? t('donations.panel.failed')
                  : problem === 'popupBlocked'
                  ? t('donations.panel.popupBlocked')
                  : t('donations.panel.newWindow')}
              </Alert.Title>
              {outcome === 'waiting' && paymentUrl && (
                <Link href={paymentUrl} target="_blank" rel="noopener" color="brand.fg" fontSize="sm" data-testid="donate-open-payment">
                  {t('donations.panel.openPayment')}
                </Link>
              )}
            </Stack>
          </Alert.Root>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          loading={busy}
          loadingText={t('donations.panel.submitting')}
          alignSelf="flex-start"
          data-testid="donate-submit"
        >
          {amount !== null && isDonationAmount(amount, currency) ? t('donations.panel.submit', { amount: money(amount) }) : t('donations.panel.submitEmpty')}
        </Button>
      </Stack>
    </form>
  );
}
