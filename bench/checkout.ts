// bench/checkout: orders per second through the whole payment flow with the local test provider
// (its own process, as in `npm start`): startCheckout prices, creates the pending order, holds
// stock and opens the hosted checkout session over the provider's REST API; the buyer posts the
// card on the hosted page; the provider sends its Stripe-style signed webhook; the platform
// verifies it on the raw body and captures, fulfils and books the order; a purchase counts once
// its order is fulfilled. Then a contention run:
// N buyers race for M units; oversold units must be 0.
//
// The kind sold is the real 'ticket' of the tickets module: a seeded paid event with a capacity,
// its seat held by one conditional update per order and granted on capture. The oversold count is
// read from the store (seats sold against the capacity), not only from the buyers' outcomes.
// Targets: ≥ 20 orders/s on a 2-core machine, oversold 0.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tenant } from '#app/lib/config/tenant';
import { loadRegistry } from '#server/config/registry.server';
import { createLocalDatabase } from '#local/stack/stack';
import { getFreePort } from '#local/stack/ports';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { startCheckout, type CheckoutContext } from '#server/commerce/payments/checkout.server';
import type { LineRequest } from '#app/lib/payments/model';
import { CARDS, payWith, startPaymentsHarness } from '#tests/support/payments';
import { withBenchStack } from './app-stack';
import { reportHeadline, table } from './lib';
import { checkoutSpans, cpuTally } from './checkout-spans';

const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 8);
const BUYERS = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 100);
const SEATS = Number(process.env.BENCH_CHECKOUT_SEATS ?? 10);
const TARGET_PER_SECOND = 20;

export async function benchCheckout(): Promise<boolean> {
  const registry = loadRegistry(process.cwd()).registry;
  const tenant: Tenant = registry.tenants.get('aurora')!;
  return withBenchStack('checkout', { dynamoPort: await getFreePort(), s3Port: await getFreePort(), appPort: await getFreePort() }, async ({ stack }) => {
    const db = createLocalDatabase(stack.env);
    // The platform's calls are counted on `db`; the bench's own reads (is it fulfilled yet?) go through a client of their own.
    const spans = checkoutSpans(db.raw);
    const benchDb = createLocalDatabase(stack.env);
    // Receipts are written to an outbox of the bench's own, as the local stack does.
    const outboxDir = mkdtempSync(join(tmpdir(), 'bench-checkout-outbox-'));
    process.env.IDENTITY_OUTBOX_FILE = join(outboxDir, 'outbox.jsonl');
    const harness = await startPaymentsHarness({ db, tenants: [tenant] });
    const cpu = cpuTally({ 'DynamoDB Local': stack.pids[0], 'test provider': harness.testpay.child.pid });
    const data = tenantData({ db }, tenant.id);
    const benchData = tenantData({ db: benchDb }, tenant.id);

    /** A new paid event with `seats` tickets for sale, as a line request for one ticket. */
    async function newEvent(seats: number): Promise<LineRequest> {
      const organizer = { sub: `bench-org-${Math.random().toString(36).slice(2, 8)}`, name: 'Bench organizer', email: 'bench-org@example.com', language: 'en' };
      const input = { ...newEventInput({ title: 'Bench event', eventDateTime: new Date(Date.now() + 86_400_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), ticketPrice: 1500, capacity: seats };
      const event = await data.events.create(input, organizer);
      return { kind: 'ticket', refId: event.eventId, quantity: 1 };
    }

    let n = 0;
    const buyerCtx = (): CheckoutContext => {
      n += 1;
      const userId = `bench-buyer-${n}-${Math.random().toString(36).slice(2, 8)}`;
      return { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en', buyer: { userId, email: `${userId}@example.com`, name: `Buyer ${n}` } };
    };
    /**
     * Captured and fulfilled: the provider's webhook for the order has been answered (the platform
     * answers once capture, fulfilment, ledger, receipt and payouts are done), and the stored order
     * then says captured and fulfilled. Waiting looks at the webhook answers in memory, so it adds
     * no load to the store; the one read at the end checks the outcome.
     */
    const captured = async (orderId: string) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        if (harness.received.some((r) => r.status === 200 && r.body.includes(orderId))) {
          const order = await benchData.orders.get(orderId);
          return order?.status === 'captured' && Boolean(order.fulfilledAt);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      return false;
    };
    /** One buyer's whole purchase; the order id, or null when refused. */
    async function purchase(line: LineRequest): Promise<string | null> {
      const result = await spans.phase('checkout', () => startCheckout(buyerCtx(), { lines: [line], returnPath: '/', idempotencyKey: `bench-${Math.random().toString(36).slice(2, 14)}` }));
      if ('refusals' in result) return null;
      const paid = await spans.phase('pay on the hosted page', () => payWith(result.redirectUrl, CARDS.success));
      if (paid.status !== 303) throw new Error(`paying failed: HTTP ${paid.status}`);
      if (!(await spans.phase('until fulfilled', () => captured(result.orderId)))) throw new Error(`order ${result.orderId} was not captured`);
      return result.orderId;
    }

    try {
      // Throughput: ORDERS purchases, CONCURRENCY at a time, of tickets of an event with enough seats.
      const plenty = await newEvent(ORDERS + 100);
      for (let i = 0; i < 10; i++) await purchase(plenty); // warm-up
      let done = 0;
      spans.counting(true);
      cpu.start();
      const began = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (done < ORDERS) {
            done += 1;
            await purchase(plenty);
          }
        }),
      );
      const seconds = (performance.now() - began) / 1000;
      const perSecond = done / seconds;
      spans.counting(false);
      cpu.stop();

      // Contention: BUYERS race for SEATS seats, all at once.
      const scarce = await newEvent(SEATS);
      const outcomes = await Promise.all(Array.from({ length: BUYERS }, () => purchase(scarce).catch(() => null)));
      const paidOrders = outcomes.filter((o) => o !== null).length;
      // What the store says: seats taken on the event and tickets granted, each against the capacity.
      const seatsTaken = await data.tickets.sold(scarce.refId);
      const granted = (await data.tickets.list(scarce.refId)).filter((row) => row.kind === 'ticket').length;
      const sold = Math.max(paidOrders, seatsTaken, granted);
      const oversold = Math.max(0, sold - SEATS);

      const ok = perSecond >= TARGET_PER_SECOND && oversold === 0 && sold === SEATS;
      console.log(`\nbench/checkout: checkout → hosted page → signed webhook → captured, with the test provider's process; kind: ticket (paid events of the tickets module)`);
      console.log(
        table([
          { run: 'throughput', orders: done, concurrency: CONCURRENCY, seconds: seconds.toFixed(1), 'orders/s': perSecond.toFixed(1), 'ms per order': ((seconds * 1000 * CONCURRENCY) / done).toFixed(0) },
        ]),
      );
      console.log(`where the throughput run's time went (summed over its ${done} orders, ${CONCURRENCY} at a time):\n${spans.report(done)}`);
      console.log(`CPU per order in the throughput run, by process:\n${cpu.report(done)}`);
      console.log(table([{ run: 'contention', buyers: BUYERS, seats: SEATS, 'orders captured': paidOrders, 'seats taken': seatsTaken, 'tickets granted': granted, oversold, refused: BUYERS - paidOrders }]));
      console.log(`orders per second: ${perSecond.toFixed(1)} (target ≥ ${TARGET_PER_SECOND}) ${perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED'}`);
      console.log(`oversold: ${oversold} (target 0), sold ${sold} of ${SEATS} ${oversold === 0 && sold === SEATS ? 'met' : 'MISSED'}`);
      reportHeadline({ target: `≥ ${TARGET_PER_SECOND} orders/s`, figure: `${perSecond.toFixed(1)} orders/s (${done} orders, ${CONCURRENCY} at a time)`, met: perSecond >= TARGET_PER_SECOND });
      reportHeadline({ target: `oversold 0, ${SEATS} of ${SEATS} sold`, figure: `oversold ${oversold}, ${sold} of ${SEATS} sold to ${BUYERS} buyers`, met: oversold === 0 && sold === SEATS });
      return ok;
    } finally {
      await harness.stop();
      db.raw.destroy();
      benchDb.raw.destroy();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
}
