/** The buyer's receipt after a capture and the notice after a refund (sendMail, purpose receipt / refund). */
import { formatMoney } from '#app/lib/money/money';
import type { Order } from '#app/lib/payments/model';
import type { TenantId } from '#app/lib/config/tenant';
import { getFixedT, isLanguage } from '../i18n.server';
import { sendMail } from '../services/mail.server';

const languageOf = (order: Order) => (order.language && isLanguage(order.language) ? order.language : 'en');

function lineText(order: Order, locale: string) {
  return order.lines.map((l) => `- ${l.title} × ${l.quantity}: ${formatMoney({ amount: l.unitAmount * l.quantity, currency: order.currency }, locale)}`).join('\n');
}

export async function sendReceipt(tenantId: TenantId, siteName: string, order: Order): Promise<void> {
  const language = languageOf(order);
  const t = await getFixedT(language);
  const total = formatMoney(order.total, language);
  sendMail(tenantId, {
    to: order.buyerEmail,
    purpose: 'receipt',
    subject: t('payments.mail.receiptSubject', { site: siteName, orderId: order.orderId }),
    text: [
      t('payments.mail.receiptIntro', { name: order.buyerName, site: siteName }),
      '',
      lineText(order, language),
      '',
      t('payments.mail.total', { total }),
      t('payments.mail.orderId', { orderId: order.orderId }),
      t('payments.mail.paidAt', { date: new Date(order.paidAt ?? Date.now()).toLocaleString(language, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }) }),
    ].join('\n'),
  });
}

export async function sendRefundNotice(tenantId: TenantId, siteName: string, order: Order, refunded: number): Promise<void> {
  const language = languageOf(order);
  const t = await getFixedT(language);
  sendMail(tenantId, {
    to: order.buyerEmail,
    purpose: 'refund',
    subject: t('payments.mail.refundSubject', { site: siteName, orderId: order.orderId }),
    text: [
      t('payments.mail.refundIntro', { name: order.buyerName, amount: formatMoney({ amount: refunded, currency: order.currency }, language), orderId: order.orderId }),
      t('payments.mail.refundTotal', { total: formatMoney(order.refunded, language), paid: formatMoney(order.total, language) }),
    ].join('\n'),
  });
}
