/** The seller's ledgers as tabs (sales, tickets, donations, consultation fees, platform fees, refunds), each a table with CSV export. */
import { sameOnServerAndBrowser } from '#app/lib/events/time';
import { Box, Button, Link, Table, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Money } from '#app/lib/money/money';
import { LEDGER_KINDS, type LedgerEntry, type LedgerKind } from '#app/lib/payments/ledger';
import type { OrderStatus } from '#app/lib/payments/model';
import { RefundDialog, type RefundTarget } from './RefundDialog';

/** The viewer's lines of the order: what they were paid, what of it was refunded. */
export interface LedgerOrder {
  total: Money;
  refunded: Money;
  status: OrderStatus;
  otherSellers: boolean;
}

const REFUNDABLE: readonly LedgerKind[] = ['sale', 'ticket', 'donation', 'consultation'];

export function LedgerTabs({ entries, orders, sellerId, locale, timeZone }: { entries: LedgerEntry[]; orders: Record<string, LedgerOrder>; sellerId: string; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LedgerKind>('sale');
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const date = (iso: string) => sameOnServerAndBrowser(new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }));

  return (
    <Box as="section" aria-label={t('payments.profile.ledgers.label')}>
      {notice ? (
        <Text role="status" mb="3" data-testid="refund-notice">
          {notice}
        </Text>
      ) : null}
      <Tabs.Root value={kind} onValueChange={(d) => setKind(d.value as LedgerKind)} variant="line" colorPalette="brand">
        <Tabs.List overflowX="auto" aria-label={t('payments.profile.ledgers.label')}>
          {LEDGER_KINDS.map((k) => (
            <Tabs.Trigger key={k} value={k} data-testid={`ledger-tab-${k}`} whiteSpace="nowrap" flexShrink={0}>
              {t(`payments.profile.ledgers.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LEDGER_KINDS.map((k) => {
          const rows = entries.filter((e) => e.kind === k);
          return (
            <Tabs.Content key={k} value={k} pt="4">
              <Link href={`/api/payments/ledger?kind=${k}`} download data-testid={`ledger-csv-${k}`} mb="3" display="inline-block">
                {t('payments.profile.exportCsv')}
              </Link>
              {rows.length === 0 ? (
                <Text color="fg.muted">{t('payments.profile.empty')}</Text>
              ) : (
                <Box overflowX="auto">
                  <Table.Root size="sm" data-testid={`ledger-table-${k}`}>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('payments.profile.table.date')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('payments.profile.table.item')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('payments.profile.table.buyer')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('payments.profile.table.amount')}</Table.ColumnHeader>
                        {REFUNDABLE.includes(k) ? <Table.ColumnHeader>{t('payments.profile.table.actions')}</Table.ColumnHeader> : null}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {rows.map((e) => {
                        const order = orders[e.orderId];
                        const refundable = order && (order.status === 'captured' || order.status === 'partially_refunded');
                        return (
                          <Table.Row key={e.entryId} data-testid="ledger-row" data-order={e.orderId}>
                            <Table.Cell whiteSpace="nowrap">{date(e.at)}</Table.Cell>
                            <Table.Cell>
                              {e.title}
                              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                                {e.orderId}
                              </Text>
                            </Table.Cell>
                            <Table.Cell>{e.buyerName ?? ''}</Table.Cell>
                            <Table.Cell textAlign="end" whiteSpace="nowrap">
                              {formatMoney(e.amount, locale)}
                            </Table.Cell>
                            {REFUNDABLE.includes(k) ? (
                              <Table.Cell>
                                {refundable ? (
                                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRefunding({ orderId: e.orderId, sellerId, total: order.total, refunded: order.refunded, otherSellers: order.otherSellers })} data-testid="ledger-refund">
                                    {t('payments.profile.refund.button')}
                                  </Button>
                                ) : order ? (
                                  <Text fontSize="sm" color="fg.muted">
                                    {t(`payments.status.${order.status}`)}
                                  </Text>
                                ) : null}
                              </Table.Cell>
                            ) : null}
                          </Table.Row>
                        );
                      })}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
      {refunding ? <RefundDialog target={refunding} locale={locale} onClose={() => setRefunding(null)} onDone={setNotice} /> : null}
    </Box>
  );
}
