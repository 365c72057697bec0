/**
 * The organizer's money screens: /primeProfilePayments (payout account, balance, what is held for
 * them and transferred to their payout account, the ledgers, refunds of their lines) and its CSV
 * export, /accountLinkReturn and /accountLinkRefresh.
 */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { balanceOf, decimalOf, LEDGER_KINDS, type LedgerEntry, type LedgerKind, type PayoutAccount } from '#app/lib/payments/ledger';
import type { Money } from '#app/lib/money/money';
import type { Order, OrderStatus } from '#app/lib/payments/model';
import { sellerRefundedOf, sellerTotals } from '#app/lib/payments/shares';
import { getSessionUser, requireUser } from '#server/identity/index.server';
import { getFixedT } from '#server/i18n.server';
import { checkoutContext } from './paymentsApi.server';
import { onboardingLink, refreshAccountStatus } from './onboarding.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';
import { NO_STORE } from '#server/http/responses.server';
import { csvDownload, csvNumber } from '#server/http/csvFile.server';

const isOrganizer = (groups: readonly string[]) => groups.includes('organizer') || groups.includes('admin');
/** Ledgers whose rows are sales of an order, refundable from the row. */
const REFUNDABLE_KINDS: readonly LedgerKind[] = ['sale', 'ticket', 'donation', 'consultation'];

/** The viewer's lines of an order as its ledger row refunds them (their share, not the whole order). */
export interface RefundableOrder {
  total: Money;
  refunded: Money;
  status: OrderStatus;
  /** The order also holds other sellers' lines (a refund from here takes back only the viewer's). */
  otherSellers: boolean;
}

function shareOf(order: Order, sellerId: string): RefundableOrder {
  const totals = sellerTotals(order);
  const gross = totals.get(sellerId) ?? 0;
  const refunded = sellerRefundedOf(order, sellerId);
  const status: OrderStatus = gross > 0 && refunded >= gross ? 'refunded' : order.status;
  return { total: { amount: gross, currency: order.currency }, refunded: { amount: refunded, currency: order.currency }, status, otherSellers: totals.size > 1 };
}

/** The account as the provider sees it now; the stored one when the provider cannot be asked. */
async function currentAccount(ctx: Awaited<ReturnType<typeof checkoutContext>>, userId: string): Promise<{ account: PayoutAccount; providerDown: boolean }> {
  try {
    return { account: await refreshAccountStatus(ctx, userId), providerDown: false };
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
    return { account: await ctx.data.payouts.account(userId), providerDown: true };
  }
}

const LEDGER_COLUMNS = ['date', 'order', 'ledger', 'item', 'buyer', 'amount', 'currency'] as const;

/** One ledger row; the amount is a number (a refund's `-5.00` stays one), every other cell text the writer neutralises. */
const ledgerRow = (e: LedgerEntry) => [e.at, e.orderId, e.kind, e.title, e.buyerName ?? '', csvNumber(decimalOf(e.amount)), e.amount.currency];

/**
 * GET /api/payments/ledger?kind=<ledger>: the signed-in organizer's ledger of that kind as a CSV
 * file (server/http/csvFile.server.ts): date, order, ledger, item, buyer, amount (decimal), currency.
 */
export async function ledgerCsvDownload(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const user = await getSessionUser(args);
  if (!user) return new Response('Sign in first.', { status: 401, headers: NO_STORE });
  if (!isOrganizer(user.groups)) return new Response('Ledgers are for organizers.', { status: 403, headers: NO_STORE });
  const kind = new URL(request.url).searchParams.get('kind') ?? '';
  if (!(LEDGER_KINDS as readonly string[]).includes(kind)) return new Response(`kind must be one of ${LEDGER_KINDS.join(', ')}`, { status: 400, headers: NO_STORE });
  const entries = (await context.data.payouts.ledger(user.sub)).filter((e) => e.kind === kind);
  return csvDownload(`${kind}-${new Date().toISOString().slice(0, 10)}.csv`, LEDGER_COLUMNS, entries.map(ledgerRow));
}

export async function paymentsScreenData(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const user = await requireUser(args);
  const t = await getFixedT(context.languageTag);
  const title = t('payments.profile.title');
  if (!isOrganizer(user.groups)) return json({ title, organizer: false as const }, { headers: NO_STORE });

  const ctx = await checkoutContext(request, context);
  const { account, providerDown } = await currentAccount(ctx, user.sub);
  const entries = await context.data.payouts.ledger(user.sub);
  const orderIds = [...new Set(entries.filter((e) => REFUNDABLE_KINDS.includes(e.kind)).map((e) => e.orderId))].slice(0, 300);
  const orders: Record<string, RefundableOrder> = {};
  for (const order of await Promise.all(orderIds.map((id) => context.data.orders.get(id)))) {
    if (order) orders[order.orderId] = shareOf(order, user.sub);
  }
  // Read after the account check above, which pays what was held once the account is active.
  const payouts = await context.data.sellerPayouts.ofSeller(user.sub);
  return json(
    {
      title,
      organizer: true as const,
      account,
      providerDown,
      balance: balanceOf(entries),
      entries,
      orders,
      payouts,
      sellerId: user.sub,
    },
    { headers: NO_STORE },
  );
}

/** /accountLinkReturn: the provider sent the organizer back; what does it say about the account now? */
export async function accountLinkReturnData(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const user = await requireUser(args);
  const t = await getFixedT(context.languageTag);
  const { account, providerDown } = await currentAccount(await checkoutContext(request, context), user.sub);
  return json({ title: t('payments.accountLink.returnTitle'), status: account.status, providerDown }, { headers: NO_STORE });
}

/** /accountLinkRefresh: the link expired or was used; make a fresh one and go on, or say why not. */
export async function accountLinkRefreshData(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const user = await requireUser(args);
  const t = await getFixedT(context.languageTag);
  const title = t('payments.accountLink.refreshTitle');
  const account = await context.data.payouts.account(user.sub);
  if (!isOrganizer(user.groups) || !account.accountId) return json({ title, problem: 'noAccount' as const }, { headers: NO_STORE });
  const ctx = await checkoutContext(request, context);
  try {
    const { url } = await onboardingLink(ctx, { userId: user.sub, email: user.email ?? '' });
    return redirect(url, { status: 303, headers: NO_STORE });
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
    return json({ title, problem: 'unavailable' as const }, { headers: NO_STORE });
  }
}
