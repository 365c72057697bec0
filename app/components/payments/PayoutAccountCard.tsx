/** The organizer's payout account: what it can do now and the button that goes to onboarding. */
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '#app/lib/payments/ledger';

export function PayoutAccountCard({ account, providerDown }: { account: PayoutAccount; providerDown: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(providerDown ? t('payments.accountLink.unavailable') : null);
  const action = account.status === 'none' ? t('payments.profile.account.connect') : account.status === 'pending' ? t('payments.profile.account.continue') : t('payments.profile.account.update');

  // The provider's page is another site: ask for a fresh link, then go there.
  async function onboard() {
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch('/api/payments/onboard', { method: 'POST' });
      const body = (await res.json()) as { url?: string; message?: string };
      if (res.ok && body.url) {
        window.location.assign(body.url);
        return;
      }
      setProblem(body.message ?? t('payments.accountLink.unavailable'));
    } catch {
      setProblem(t('payments.accountLink.unavailable'));
    }
    setBusy(false);
  }

  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={{ base: '4', md: '5' }} aria-labelledby="payout-account-title" data-testid="payout-account" data-status={account.status}>
      <Heading as="h2" size="md" id="payout-account-title" mb="2">
        {t('payments.profile.account.title')}
      </Heading>
      <Text mb="3" data-testid="payout-account-status">
        {t(`payments.profile.account.${account.status}`)}
      </Text>
      {problem ? (
        <Text role="alert" color="fg.error" mb="3">
          {problem}
        </Text>
      ) : null}
      <Button colorPalette="brand" variant={account.status === 'active' ? 'outline' : 'solid'} loading={busy} onClick={() => void onboard()} data-testid="payout-onboard">
        {action}
      </Button>
    </Box>
  );
}
