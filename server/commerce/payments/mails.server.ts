/** The buyer's receipt after a capture and the notice after a refund (sendMail, purpose receipt / refund). */
import { formatMoney } from '#app/lib/money/money';
import type { Order } from '#app/lib/payments/model';
import { productHref } from '#app/lib/shop/links';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { getFixedT, isLanguage } from '#server/i18n.server';
import type { SellContext } from './sellables.server';
import { sendMail, type MailTenant } from '#server/platform/mail.server';

const languageOf = (order: Order) => (order.language && isLanguage(order.language) ? order.language : 'en');

/** One line per bought thing, named for what it is ("Ticket: …", "Donation: …"). */
function lineText(order: Order, locale: string, t: Awaited<ReturnType<typeof getFixedT>>) {
  return order.lines
    .map((l) => {
      const title = l.kind === 'product' ? l.title : t(`payments.orders.kinds.${l.kind}`, { title: l.title });
      return `- ${title} × ${l.quantity}: ${formatMoney({ amount: l.unitAmount * l.quantity, currency: order.currency }, locale)}`;
    })
    .join('\n');
}

/** Where the buyer gets each bought download: its product page, which holds the Download (a signed file link would expire). */
async function downloadLines(ctx: SellContext, order: Order, t: Awaited<ReturnType<typeof getFixedT>>): Promise<string[]> {
  const lines: string[] = [];
  for (const line of order.lines) {
    if (line.kind !== 'product') continue;
    const product = await ctx.data.products.get(line.refId);
    if (product?.delivers === 'download') lines.push(t('payments.mail.download', { url: tenantUrl(ctx.tenant, ctx.env, productHref(product.productId)) }));
  }
  return lines;
}

/** A receipt's time in the site's zone, the zone named ("November 29, 2026 at 3:00 AM EST"). */
export const receiptTime = (iso: string, language: string, timeZone: string) =>
  new Date(iso).toLocaleString(language, { timeZone, year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export async function sendReceipt(ctx: SellContext, order: Order): Promise<void> {
  const language = languageOf(order);
  const t = await getFixedT(language);
  const total = formatMoney(order.total, language);
  const siteName = ctx.tenant.displayName;
  const downloads = await downloadLines(ctx, order, t);
  await sendMail(ctx.tenant, {
    to: order.buyerEmail,
    purpose: 'receipt',
    subject: t('payments.mail.receiptSubject', { site: siteName, orderId: order.orderId }),
    text: [
      t('payments.mail.receiptIntro', { name: order.buyerName, site: siteName }),
      '',
      lineText(order, language, t),
      ...(downloads.length ? ['', ...downloads] : []),
      '',
      t('payments.mail.total', { total }),
      t('payments.mail.orderId', { orderId: order.orderId }),
      t('payments.mail.paidAt', { date: receiptTime(order.paidAt ?? new Date().toISOString(), language, ctx.tenant.timeZone) }),
    ].join('\n'),
  });
}

export async function sendRefundNotice(tenant: MailTenant, order: Order, refunded: number): Promise<void> {
  const siteName = tenant.displayName;
  const language = languageOf(order);
  const t = await getFixedT(language);
  await sendMail(tenant, {
    to: order.buyerEmail,
    purpose: 'refund',
    subject: t('payments.mail.refundSubject', { site: siteName, orderId: order.orderId }),
    text: [
      t('payments.mail.refundIntro', { name: order.buyerName, amount: formatMoney({ amount: refunded, currency: order.currency }, language), orderId: order.orderId }),
      t('payments.mail.refundTotal', { total: formatMoney(order.refunded, language), paid: formatMoney(order.total, language) }),
    ].join('\n'),
  });
}
