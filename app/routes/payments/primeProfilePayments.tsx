import { Box, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LedgerTabs } from '#app/components/payments/LedgerTabs';
import { PayoutAccountCard } from '#app/components/payments/PayoutAccountCard';
import { PayoutsPanel } from '#app/components/payments/PayoutsPanel';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { formatMoney, type Money } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import type { loader } from './primeProfilePayments.server';

/** /primeProfilePayments (organizer): payout account, balance, what is held and transferred, and the ledgers with CSV export and refunds. */
export { loader } from './primeProfilePayments.server';
export const handle = i18nHandle('payments');

export default function PrimeProfilePayments() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const locale = root?.locale ?? 'en-US';
  const timeZone = root?.tenant.timeZone ?? 'UTC';
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb="2">
        {data.title}
      </Heading>
      {!data.organizer ? (
        <Text data-testid="payments-organizer-only">{t('payments.profile.organizerOnly')}</Text>
      ) : (
        <Stack gap="6">
          <Text color="fg.muted">{t('payments.profile.intro')}</Text>
          <PayoutAccountCard account={data.account} providerDown={data.providerDown} />
          <Box as="section" aria-labelledby="balance-title">
            <Heading as="h2" size="md" id="balance-title" mb="1">
              {t('payments.profile.balance')}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mb="1">
              {t('payments.profile.balanceHelp')}
            </Text>
            <HStack gap="4" wrap="wrap" data-testid="payments-balance">
              {data.balance.length === 0 ? (
                <Text>{t('payments.profile.balanceNone')}</Text>
              ) : (
                data.balance.map((money: Money) => (
                  <Text key={money.currency} fontSize="2xl" fontWeight="semibold">
                    {formatMoney(money, locale)}
                  </Text>
                ))
              )}
            </HStack>
          </Box>
          <PayoutsPanel payouts={data.payouts} account={data.account} locale={locale} timeZone={timeZone} />
          <LedgerTabs entries={data.entries} orders={data.orders} sellerId={data.sellerId} locale={locale} timeZone={timeZone} />
        </Stack>
      )}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
