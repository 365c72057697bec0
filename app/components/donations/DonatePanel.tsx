/**
 * A donation to a channel (or, with eventId, from a live room): suggested or typed amount in the
 * tenant's currency, an optional message, then the payment provider's hosted page through
 * /api/checkout (kind 'donation'). A signed-out donor signs in first and comes back.
 */
import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLocation, useSearchParams } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, minorUnitsPerMajor, parseMajorAmount } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { requestCheckout } from '#app/lib/shop/checkout';

const SUGGESTED_MAJOR = [5, 10, 25];

export function DonatePanel({ channelId, eventId }: { channelId: string; eventId?: string }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const currency = root.tenant.currency;
  const location = useLocation();
  const [params] = useSearchParams();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per filled-in donation: a double click or a retry opens the same order.
  const key = useMemo(() => `donate-${channelId}-${crypto.randomUUID()}`, [channelId]);
  const perMajor = minorUnitsPerMajor(currency);

  const donate = async (minor: number | null) => {
    if (!minor || minor < 1) {
      setError(t('shop.donate.invalidAmount'));
      return;
    }
    setBusy(true);
    setError(null);
    const meta: Record<string, string> = { ...(message.trim() ? { message: message.trim().slice(0, 500) } : {}), ...(eventId ? { eventId } : {}) };
    const outcome = await requestCheckout(
      [{ kind: 'donation', refId: channelId, quantity: 1, amount: minor, ...(Object.keys(meta).length ? { meta } : {}) }],
      `${location.pathname}${location.search}`,
      `${key}-${minor}`,
    );
    if (outcome.kind === 'redirect' || outcome.kind === 'signIn') {
      window.location.assign(outcome.url);
      return;
    }
    setError(outcome.kind === 'refused' ? t('shop.donate.refused') : t('shop.donate.failed'));
    setBusy(false);
  };

  return (
    <Stack gap="4" data-testid="donate-panel">
      <Text color="fg.muted">{t('shop.donate.lead')}</Text>
      {params.get('paid') === '1' ? (
        <Text color="fg.success" role="status" data-testid="donate-thanks">
          {t('shop.donate.thanks')}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        {SUGGESTED_MAJOR.map((major) => {
          const minor = major * perMajor;
          const label = formatMoney({ amount: minor, currency }, root.locale);
          return (
            <Button key={major} variant="outline" colorPalette="brand" disabled={busy} onClick={() => void donate(minor)} aria-label={t('shop.donate.suggested', { amount: label })}>
              {label}
            </Button>
          );
        })}
      </HStack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void donate(parseMajorAmount(amount, currency));
        }}
      >
        <Stack gap="3" maxW="md">
          <Field.Root invalid={!!error}>
            <Field.Label>{t('shop.donate.amount', { currency })}</Field.Label>
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="donate-amount" />
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('shop.donate.message')}</Field.Label>
            <Textarea value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} data-testid="donate-message" />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('shop.donate.submitting')} data-testid="donate-submit">
            {t('shop.donate.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
