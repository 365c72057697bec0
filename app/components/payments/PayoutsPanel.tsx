/**
 * What the platform holds for the seller and what it transferred to their payout account, per
 * order (docs/decisions/0058): totals, then the orders as a table (cards on a phone), with the
 * empty state, an "updating" state while the page's data reloads, and a notice when a transfer
 * could not be made just now (it is tried again).
 */
import { sameOnServerAndBrowser } from '#app/lib/events/time';
import { Box, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useNavigation, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatMoney, sumMoney, type Money } from '#app/lib/money/money';
import type { PayoutAccount } from '#app/lib/payments/ledger';
import { heldAmountOf, paidAmountOf, payoutStatusOf, type SellerPayout } from '#app/lib/payments/payouts';

function totals(payouts: readonly SellerPayout[], amountOf: (p: SellerPayout) => number): Money[] {
  const byCurrency = new Map<string, Money[]>();
  for (const p of payouts) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), { amount: amountOf(p), currency: p.currency }]);
  return [...byCurrency].map(([currency, amounts]) => sumMoney(currency, amounts));
}

export function PayoutsPanel({ payouts, account, locale, timeZone }: { payouts: SellerPayout[]; account: PayoutAccount; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const updating = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location?.pathname === '/primeProfilePayments');
  const held = totals(payouts, heldAmountOf);
  const paid = totals(payouts, paidAmountOf);
  const heldSomething = held.some((m) => m.amount > 0);
  const problems = payouts.some((p) => p.problem !== null);
  const money = (amount: number, currency: string) => formatMoney({ amount, currency }, locale);
  const date = (iso: string) => sameOnServerAndBrowser(new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium', timeZone }));
  const statusText = (p: SellerPayout) => t(`payments.profile.payouts.status.${payoutStatusOf(p)}`) + (p.problem ? ` — ${t(`payments.profile.payouts.problem.${p.problem === 'refused' ? 'refused' : 'unavailable'}`)}` : '');
  const amounts = (list: Money[]) => (list.length ? list.map((m) => formatMoney(m, locale)).join(' · ') : money(0, payouts[0]?.currency ?? 'USD'));

  return (
    <Box as="section" aria-labelledby="payouts-title" aria-busy={updating} data-testid="payouts" borderWidth="1px" borderRadius="md" p={{ base: '4', md: '5' }}>
      <HStack justify="space-between" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="md" id="payouts-title">
          {t('payments.profile.payouts.title')}
        </Heading>
        {updating ? (
          <HStack gap="2" color="fg.muted" role="status" data-testid="payouts-updating">
            <Spinner size="sm" aria-hidden="true" />
            <Text fontSize="sm">{t('payments.profile.payouts.loading')}</Text>
          </HStack>
        ) : null}
      </HStack>
      {payouts.length === 0 ? (
        <Text color="fg.muted" data-testid="payouts-empty">
          {t('payments.profile.payouts.empty')}
        </Text>
      ) : (
        <Stack gap="4">
          <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '8' }}>
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {t('payments.profile.payouts.held')}
              </Text>
              <Text fontSize="xl" fontWeight="semibold" data-testid="payouts-held">
                {amounts(held)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {t('payments.profile.payouts.transferred')}
              </Text>
              <Text fontSize="xl" fontWeight="semibold" data-testid="payouts-transferred">
                {amounts(paid)}
              </Text>
            </Box>
          </Stack>
          {heldSomething && account.status !== 'active' ? <Text data-testid="payouts-waiting">{t('payments.profile.payouts.heldWaiting')}</Text> : null}
          {problems ? (
            <Text role="alert" color="fg.error" data-testid="payouts-problem">
              {t('payments.profile.payouts.retrying')}
            </Text>
          ) : null}
          {/* A phone gets one card per order; wider screens a table. */}
          <Stack gap="2" display={{ base: 'flex', md: 'none' }} as="ul" listStyleType="none" m="0" p="0">
            {payouts.map((p) => (
              <Box as="li" key={p.orderId} borderWidth="1px" borderRadius="md" p="3" data-testid="payout-card" data-order={p.orderId} data-status={payoutStatusOf(p)}>
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{statusText(p)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {date(p.createdAt)}
                  </Text>
                </HStack>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {p.orderId}
                </Text>
                <Text fontSize="sm">{t('payments.profile.payouts.cardAmounts', { owed: money(p.due, p.currency), paid: money(paidAmountOf(p), p.currency) })}</Text>
              </Box>
            ))}
          </Stack>
          <Box overflowX="auto" display={{ base: 'none', md: 'block' }}>
            <Table.Root size="sm" data-testid="payouts-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('payments.profile.table.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.profile.table.order')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payments.profile.payouts.table.owed')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payments.profile.payouts.table.paid')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.profile.payouts.table.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {payouts.map((p) => (
                  <Table.Row key={p.orderId} data-testid="payout-row" data-order={p.orderId} data-status={payoutStatusOf(p)}>
                    <Table.Cell whiteSpace="nowrap">{date(p.createdAt)}</Table.Cell>
                    <Table.Cell>{p.orderId}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {money(p.due, p.currency)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {money(paidAmountOf(p), p.currency)}
                    </Table.Cell>
                    <Table.Cell>{statusText(p)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
