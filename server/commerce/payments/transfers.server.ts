/**
 * Every seller is paid (docs/decisions/0058): an order is charged to the platform with the order
 * as its transfer group, and on capture each seller's share (their lines, less their part of the
 * tenant's application fee) is transferred to their payout account. A seller whose account is not
 * active yet is held, with a visible balance, and paid when it becomes active (the onboarding's
 * return, the provider's account.updated webhook, the payouts screen, the sweeper). A refund of a
 * seller's lines lowers what they are owed; what was transferred beyond that is reversed.
 *
 * Every step is idempotent: the payout is recorded once per order and seller, the transfer's key
 * is per order and seller, a reversal's key names the step (reversed so far and amount), and the
 * ledger entries' ids say what caused them. A provider that refuses or cannot be reached leaves
 * the payout listed as unsettled, with the reason, for the next attempt.
 */
import type { Order } from '#app/lib/payments/model';
import type { PayoutAccount } from '#app/lib/payments/ledger';
import type { SellerPayout } from '#app/lib/payments/payouts';
import { sellerFees, sellerNetDue, sellerTotals } from '#app/lib/payments/shares';
import { log } from '#server/observability/log.server';
import { isPaymentRefused, type PaymentProvider } from '#server/platform/payments/provider.server';
import type { Services } from '#server/services';
import type { SellContext } from './sellables.server';

export interface PayoutContext extends SellContext {
  services: Pick<Services, 'payments'>;
}

/** Orders whose money was captured (refunds included): their sellers are owed. */
const PAID: readonly Order['status'][] = ['captured', 'partially_refunded', 'refunded'];

function providerFor(ctx: PayoutContext, order: Order): PaymentProvider | null {
  try {
    return ctx.services.payments.byId(order.provider);
  } catch {
    return null;
  }
}

/** Orders paid as a destination charge before separate transfers paid their one seller already. */
const paidByDestinationCharge = (order: Order) => order.destinationAccountId !== undefined;

const money = (order: Order, amount: number) => ({ amount, currency: order.currency });

/**
 * Brings one seller's payout of the order to what they are owed now: transferred when their
 * account is active, reversed as far as refunds took back, held otherwise. Answers the payout.
 */
export async function settleSellerPayout(
  ctx: PayoutContext,
  order: Order,
  sellerId: string,
  known: { payout?: SellerPayout; created?: boolean; account?: Promise<PayoutAccount> } = {},
): Promise<SellerPayout | null> {
  const store = ctx.data.sellerPayouts;
  // `known`: the payout as this caller has just written or read it, and the seller's account read beside it, not read again.
  let payout = known.payout ?? (await store.get(sellerId, order.orderId));
  // What is stored of the attempt's outcome, when this call knows it: a payout it has just created has no problem and is listed as unsettled while anything is due.
  let stored: { unsettled: boolean; problem: string | null } | null = known.created && payout ? { unsettled: payout.due > 0, problem: null } : null;
  if (!payout || paidByDestinationCharge(order) || !PAID.includes(order.status)) return payout;
  const due = sellerNetDue(order, sellerId);
  if (payout.due !== due) {
    await store.setDue(sellerId, order.orderId, due);
    payout = { ...payout, due };
    stored = null;
  }
  const metadata = { tenantId: ctx.tenant.id, orderId: order.orderId, sellerId };
  const provider = providerFor(ctx, order);
  let problem: string | null = null;
  try {
    if (!payout.transferId && due > 0) {
      const account = await (known.account ?? ctx.data.payouts.account(sellerId));
      if (provider && order.providerPaymentId && account.status === 'active' && account.provider === order.provider && account.accountId) {
        const made = await provider.transfer({
          paymentId: order.providerPaymentId,
          amount: due,
          currency: order.currency,
          destinationAccountId: account.accountId,
          transferGroup: order.orderId,
          idempotencyKey: `transfer-${ctx.tenant.id}-${order.orderId}-${sellerId}`,
          metadata,
        });
        const at = new Date().toISOString();
        await store.recordTransfer(sellerId, order.orderId, { transferId: made.transferId, amount: made.amount, accountId: account.accountId, at });
        await ctx.data.payouts.addEntry({ entryId: `${order.orderId}#transfer#${sellerId}`, sellerId, kind: 'transfer', orderId: order.orderId, title: order.orderId, amount: money(order, -made.amount), at, buyerName: order.buyerName });
        payout = (await store.get(sellerId, order.orderId)) ?? payout;
      }
    }
    const outstanding = payout.transferred - payout.reversed;
    if (payout.transferId && provider && outstanding > payout.due) {
      const amount = outstanding - payout.due;
      const reversal = await provider.reverseTransfer({
        transferId: payout.transferId,
        amount,
        idempotencyKey: `reversal-${ctx.tenant.id}-${order.orderId}-${sellerId}-${payout.reversed}-${amount}`,
        metadata,
      });
      const reversed = payout.reversed + reversal.amount;
      await store.recordReversal(sellerId, order.orderId, payout.reversed, reversed);
      await ctx.data.payouts.addEntry({ entryId: `${order.orderId}#reversal#${sellerId}#${reversed}`, sellerId, kind: 'transfer', orderId: order.orderId, title: order.orderId, amount: money(order, reversal.amount), at: new Date().toISOString(), buyerName: order.buyerName });
      payout = (await store.get(sellerId, order.orderId)) ?? payout;
    }
  } catch (e) {
    // The money stays where it is and the payout stays listed: the next attempt moves it.
    problem = isPaymentRefused(e) ? 'refused' : 'unavailable';
    log.warn(`payouts: ${order.orderId} for ${sellerId} not settled (${problem}): ${(e as Error).message}`);
  }
  const unsettled = payout.transferId ? payout.transferred - payout.reversed > payout.due : payout.due > 0;
  // Marked only when that changes what is stored (a new payout held for a seller without an active account changes nothing).
  if (stored?.unsettled !== unsettled || stored.problem !== problem) await store.mark(sellerId, order.orderId, { unsettled, problem });
  return { ...payout, problem };
}

/** After capture: each seller's payout is recorded once (held until it can be paid), then paid where it can be. */
export async function payOutOrder(ctx: PayoutContext, order: Order): Promise<void> {
  if (paidByDestinationCharge(order) || !PAID.includes(order.status)) return;
  const fees = sellerFees(order);
  for (const [sellerId, gross] of sellerTotals(order)) {
    const net = gross - (fees.get(sellerId) ?? 0);
    if (net <= 0) continue;
    // The seller's account is read while the payout is recorded (settling it needs both).
    const account = ctx.data.payouts.account(sellerId);
    account.catch(() => {});
    const { payout, created } = await ctx.data.sellerPayouts.ensure({ orderId: order.orderId, sellerId, currency: order.currency, net });
    await settleSellerPayout(ctx, order, sellerId, { payout, created, account });
  }
}

/** A refund of these sellers' lines: what they are owed is lower now, and what was transferred beyond it goes back. */
export async function settleAfterRefund(ctx: PayoutContext, order: Order, sellerIds: Iterable<string>): Promise<void> {
  for (const sellerId of sellerIds) await settleSellerPayout(ctx, order, sellerId);
}

/** The seller's payout account became active (or may have): pay what is held for them, once. */
export async function payHeldTransfers(ctx: PayoutContext, sellerId: string): Promise<number> {
  let settled = 0;
  for (const { orderId } of await ctx.data.sellerPayouts.unsettled(sellerId)) {
    const order = await ctx.data.orders.get(orderId);
    if (!order) continue;
    const payout = await settleSellerPayout(ctx, order, sellerId);
    if (payout && !payout.problem) settled += 1;
  }
  return settled;
}

/** The sweeper's pass: every unsettled payout of a seller whose account is active is tried again. */
export async function settleUnsettledPayouts(ctx: PayoutContext): Promise<number> {
  const bySeller = new Map<string, string[]>();
  for (const { sellerId, orderId } of await ctx.data.sellerPayouts.unsettled()) bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), orderId]);
  let tried = 0;
  for (const [sellerId, orderIds] of bySeller) {
    if ((await ctx.data.payouts.account(sellerId)).status !== 'active') continue;
    for (const orderId of orderIds) {
      const order = await ctx.data.orders.get(orderId);
      if (order) await settleSellerPayout(ctx, order, sellerId);
      tried += 1;
    }
  }
  return tried;
}
