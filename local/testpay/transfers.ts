/**
 * The test provider's money movements after a payment (docs/decisions/0058): what a payment was
 * charged, refunded and transferred, transfers of a seller's share to a connected account funded
 * by a captured payment, their reversals, and balances. The rules are the ones the platform
 * relies on at a real provider: a transfer needs an account that can be paid and a captured
 * payment with enough left that was not transferred already; a reversal takes back at most what
 * the transfer still holds and what the account still has; the same Idempotency-Key answers the
 * first answer again.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { newId, type TestPayStore, type Transfer } from './store';

export interface TransferApiDeps {
  store: TestPayStore;
  once: (req: IncomingMessage, endpoint: string, create: () => unknown) => unknown;
  parse: <T>(schema: z.ZodType<T>, text: string) => T;
  fail: (status: number, message: string) => Error;
}

const metadataSchema = z.record(z.string(), z.string()).default({});
const transferSchema = z.object({
  amount: z.number().int().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  destination: z.string().min(1).max(80),
  transferGroup: z.string().max(80).nullable().optional(),
  sourceTransaction: z.string().min(1).max(80),
  metadata: metadataSchema,
});
const reversalSchema = z.object({ amount: z.number().int().min(1), metadata: metadataSchema });

export function transferObject(store: TestPayStore, t: Transfer) {
  const source = store.sessionByPaymentIntent(t.sourcePaymentIntent);
  return {
    id: t.id,
    object: 'transfer',
    amount: t.amount,
    amount_reversed: t.amountReversed,
    reversed: t.amountReversed === t.amount,
    currency: t.currency.toLowerCase(),
    destination: t.destination,
    transfer_group: t.transferGroup,
    source_transaction: source?.chargeId ?? null,
    metadata: t.metadata,
    created: t.created,
  };
}

/** What is still transferred out of a payment (transfers less their reversals). */
const transferredFrom = (store: TestPayStore, paymentIntent: string) =>
  [...store.transfers.values()].filter((t) => t.sourcePaymentIntent === paymentIntent).reduce((sum, t) => sum + t.amount - t.amountReversed, 0);

/** Answers the transfer endpoints, or undefined when the path is not one of them. */
export function transferApi(deps: TransferApiDeps, req: IncomingMessage, method: string, path: string, body: string): unknown {
  const { store, once, parse, fail } = deps;
  let m: RegExpMatchArray | null;
  if ((m = path.match(/^\/v1\/payment_intents\/([\w-]+)$/)) && method === 'GET') {
    const s = store.sessionByPaymentIntent(m[1]);
    if (!s || s.paymentStatus !== 'paid') throw fail(404, 'no such payment');
    return {
      id: s.paymentIntent,
      object: 'payment_intent',
      amount: s.amountTotal,
      amount_refunded: s.amountRefunded,
      amount_transferred: transferredFrom(store, s.paymentIntent),
      currency: s.currency.toLowerCase(),
      latest_charge: s.chargeId,
      transfer_group: s.transferGroup,
      metadata: { orderId: s.orderId, tenantId: s.tenantId },
    };
  }
  if (path === '/v1/balance' && method === 'GET') return { object: 'balance', available: store.platformBalance() };
  if (path === '/v1/transfers' && method === 'GET') {
    const group = new URL(req.url ?? '/', 'http://testpay').searchParams.get('transfer_group');
    return { object: 'list', data: [...store.transfers.values()].filter((t) => !group || t.transferGroup === group).map((t) => transferObject(store, t)) };
  }
  if (path === '/v1/transfers' && method === 'POST') {
    const input = parse(transferSchema, body);
    const id = once(req, path, () => {
      const account = store.accounts.get(input.destination);
      if (!account) throw fail(404, 'no such destination account');
      if (!account.chargesEnabled || !account.detailsSubmitted) throw fail(400, 'the destination account cannot receive transfers yet');
      const source = store.sessionByPaymentIntent(input.sourceTransaction);
      if (!source || source.paymentStatus !== 'paid') throw fail(400, 'the source transaction is not a captured payment');
      if (source.currency !== input.currency) throw fail(400, `the source transaction is in ${source.currency}`);
      const left = source.amountTotal - transferredFrom(store, source.paymentIntent);
      if (input.amount > left) throw fail(400, `amount exceeds the ${left} of the source transaction not transferred yet`);
      const transfer: Transfer = {
        id: newId('tr'),
        amount: input.amount,
        amountReversed: 0,
        currency: input.currency,
        destination: input.destination,
        transferGroup: input.transferGroup ?? null,
        sourcePaymentIntent: source.paymentIntent,
        metadata: input.metadata,
        created: Math.floor(Date.now() / 1000),
      };
      store.transfers.set(transfer.id, transfer);
      return transfer.id;
    });
    const transfer = store.transfers.get(id as string)!;
    // The first answer: the amount then transferred.
    return { ...transferObject(store, transfer), amount_reversed: 0, reversed: false };
  }
  if ((m = path.match(/^\/v1\/transfers\/([\w-]+)\/reversals$/)) && method === 'POST') {
    const transferId = m[1];
    const input = parse(reversalSchema, body);
    return once(req, path, () => {
      const transfer = store.transfers.get(transferId);
      if (!transfer) throw fail(404, 'no such transfer');
      const left = transfer.amount - transfer.amountReversed;
      if (input.amount > left) throw fail(400, `amount exceeds the ${left} of the transfer not reversed yet`);
      if (store.accountBalance(transfer.destination) < input.amount) throw fail(400, 'the destination account has too little balance to cover the reversal');
      transfer.amountReversed += input.amount;
      const reversal = { id: newId('trr'), transferId, amount: input.amount, metadata: input.metadata, created: Math.floor(Date.now() / 1000) };
      store.reversals.set(reversal.id, reversal);
      return { id: reversal.id, object: 'transfer_reversal', amount: reversal.amount, transfer: transferId, metadata: reversal.metadata, created: reversal.created };
    });
  }
  return undefined;
}
