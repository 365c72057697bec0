/** The buyer's orders (/userDashboard?tab=Orders): date, items, total, status and a receipt view. */
import { sameOnServerAndBrowser } from '#app/lib/events/time';
import { Button, Dialog, Link, Portal, Stack, Table, Text, Box } from '@chakra-ui/react';
import { Link as RouterLink } from '@remix-run/react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Money } from '#app/lib/money/money';
import { listParts } from '#app/lib/i18n/listFormat';
import type { LineKind, OrderStatus } from '#app/lib/payments/model';

export interface OrderRow {
  orderId: string;
  createdAt: string;
  paidAt: string | null;
  status: OrderStatus;
  total: Money;
  refunded: Money;
  /** href: where the line is managed or used (a consultation's booking page holds its Cancel). */
  lines: { title: string; quantity: number; amount: Money; href: string | null; kind: LineKind; downloads: { title: string; href: string }[] }[];
}

/** "Ticket: …", "Donation: …": a line named for what it is (an event's ticket and a donation in its room share the title). */
function useLineName() {
  const { t } = useTranslation();
  return (line: OrderRow['lines'][number]) => {
    const label = line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title;
    return line.kind === 'product' ? label : t(`payments.orders.kinds.${line.kind}`, { title: label });
  };
}

/** The receipt's time, with its zone named. */
const paidAtText = (iso: string, locale: string, timeZone: string) =>
  sameOnServerAndBrowser(new Date(iso).toLocaleString(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }));

function Receipt({ order, locale, timeZone, onClose }: { order: OrderRow; locale: string; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lineName = useLineName();
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="order-receipt">
            <Dialog.Header>
              <Dialog.Title>{t('payments.orders.receiptTitle', { orderId: order.orderId })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {order.lines.map((line, i) => (
                  <Box key={i} display="flex" justifyContent="space-between" gap="4">
                    <Text>{line.kind === 'product' ? `${line.title} × ${line.quantity}` : lineName(line)}</Text>
                    <Text whiteSpace="nowrap">{formatMoney(line.amount, locale)}</Text>
                  </Box>
                ))}
                <Box display="flex" justifyContent="space-between" fontWeight="semibold" borderTopWidth="1px" pt="2">
                  <Text>{t('payments.orders.total')}</Text>
                  <Text>{formatMoney(order.total, locale)}</Text>
                </Box>
                {order.refunded.amount > 0 ? <Text>{t('payments.orders.refunded', { amount: formatMoney(order.refunded, locale) })}</Text> : null}
                <Text>{t(`payments.status.${order.status}`)}</Text>
                {order.paidAt ? <Text color="fg.muted">{t('payments.orders.paidAt', { date: paidAtText(order.paidAt, locale, timeZone) })}</Text> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('payments.orders.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function OrdersTab({ orders, locale, timeZone }: { orders: OrderRow[]; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const lineName = useLineName();
  const [open, setOpen] = useState<OrderRow | null>(null);
  if (orders.length === 0) return <Text data-testid="orders-empty">{t('payments.orders.empty')}</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={t('payments.orders.label')} data-testid="orders-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('payments.orders.date')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.orders.items')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('payments.orders.total')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.orders.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.orders.receipt')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row key={order.orderId} data-testid="order-row" data-order={order.orderId} data-status={order.status}>
              <Table.Cell whiteSpace="nowrap">{new Date(order.createdAt).toLocaleDateString(locale, { dateStyle: 'medium', timeZone })}</Table.Cell>
              <Table.Cell>
                {listParts(order.lines.length, locale, 'unit').map((part, i) => {
                  if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>;
                  const line = order.lines[part]!;
                  const label = line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title;
                  return (
                    <Fragment key={i}>
                      {line.href ? (
                        <Link asChild colorPalette="brand" data-testid="order-line-link" data-kind={line.kind}>
                          <RouterLink to={line.href}>{line.kind === 'consultation' ? t('payments.orders.manageBooking', { title: label }) : lineName(line)}</RouterLink>
                        </Link>
                      ) : (
                        lineName(line)
                      )}
                      {line.downloads.map((file) => (
                        <Fragment key={file.href}>
                          {' '}
                          <Link href={file.href} colorPalette="brand" fontWeight="semibold" download data-testid="order-download">
                            {t('payments.orders.download', { title: file.title })}
                          </Link>
                        </Fragment>
                      ))}
                    </Fragment>
                  );
                })}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(order.total, locale)}
              </Table.Cell>
              <Table.Cell>{t(`payments.status.${order.status}`)}</Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => setOpen(order)} data-testid="order-receipt-open">
                  {t('payments.orders.viewReceipt')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {open ? <Receipt order={open} locale={locale} timeZone={timeZone} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
