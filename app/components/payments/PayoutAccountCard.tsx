/** The organizer's payout account: what it can do now and the button that goes to onboarding. */
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '#app/lib/payments/ledger';

export function PayoutAccountCard({ account, providerDown }: { account: PayoutAccount; providerDown: boolean }) {
  const { t } = useTranslation();
  const action = account.status === 'none' ? t('payments.profile.account.connect') : account.status === 'pending' ? t('payments.profile.account.continue') : t('payments.profile.account.update');
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={{ base: '4', md: '5' }} aria-labelledby="payout-account-title" data-testid="payout-account" data-status={account.status}>
      <Heading as="h2" size="md" id="payout-account-title" mb="2">
        {t('payments.profile.account.title')}
      </Heading>
      <Text mb="3" data-testid="payout-account-status">
        {t(`payments.profile.account.${account.status}`)}
      </Text>
      {providerDown ? (
        <Text role="alert" color="fg.error" mb="3">
          {t('payments.accountLink.unavailable')}
        </Text>
      ) : null}
      {/* A plain form post: the answer is a redirect to the provider's onboarding page. */}
      <form method="post" action="/api/payments/onboard">
        <Button type="submit" colorPalette="brand" variant={account.status === 'active' ? 'outline' : 'solid'} data-testid="payout-onboard">
          {action}
        </Button>
      </form>
    </Box>
  );
}
