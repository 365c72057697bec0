/**
 * The registry of what can be sold (app/lib/payments/model.ts, LineKind). Checkout asks the
 * owner of each line's kind to price it, holds stock or seats while the buyer pays, fulfils the
 * line once the payment is captured and undoes it after a refund. Each owner registers its kind
 * once at import; server/commerce/payments/kinds.server.ts imports every owner so the registry is complete
 * wherever checkout or webhooks run.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { LineKind, LineRequest, Order, OrderLine } from '#app/lib/payments/model';
import type { TenantData } from '#server/data/tenantData.server';
import type { Env } from '#server/env.server';
import { isErrorNamed } from '#server/errors';
import { noteOrderCaptured } from '#server/analytics/index.server';
import type { EmitWebhook } from '#server/webhooks/index.server';

export interface SellContext {
  tenant: Tenant;
  data: TenantData;
  /** The deployment's settings: among them how the tenant's links are written (mails, calendar files). */
  env: Env;
  /** The buyer, when pricing for a checkout. */
  buyer?: { userId: string; email: string; name: string };
  /** Outbound webhooks of the work under way (an order's fulfilment), sharing one read of the tenant's endpoints; else each emit reads them. */
  emit?: EmitWebhook;
}

/** Why a line cannot be sold; the code is a translation key under payments:refusal.<code>. */
export interface Refusal {
  refused: 'not_found' | 'not_for_sale' | 'sold_out' | 'already_owned' | 'own_item' | 'invalid_amount' | 'slot_taken' | 'too_late';
}

export interface Sellable {
  kind: LineKind;
  /** Prices a requested line from the server's own data, in the tenant's currency. */
  price(ctx: SellContext, request: LineRequest): Promise<OrderLine | Refusal>;
  /** Holds stock or seats for a pending order; false when none are left. Must be idempotent per order. */
  reserve?(ctx: SellContext, order: Order, line: OrderLine): Promise<boolean>;
  /** Gives back what reserve held (payment failed, canceled or abandoned). Idempotent. */
  release?(ctx: SellContext, order: Order, line: OrderLine): Promise<void>;
  /** Grants what was bought. Called once per captured order (the order's fulfilment is a conditional write). */
  fulfil(ctx: SellContext, order: Order, line: OrderLine): Promise<void>;
  /** Takes the grant back after a full refund of the order. */
  revoke?(ctx: SellContext, order: Order, line: OrderLine): Promise<void>;
}

const registry = new Map<LineKind, Sellable>();

export function registerSellable(sellable: Sellable) {
  registry.set(sellable.kind, sellable);
}

/** No module sells this kind of line (its owner is not imported by server/commerce/payments/kinds.server.ts). */
export class NothingSellsError extends Error {
  constructor(kind: string) {
    super(`nothing sells ${kind}: is its module imported by server/commerce/payments/kinds.server.ts?`);
    this.name = 'NothingSellsError';
  }
}

/** Recognised by name: route bundles hold their own copy of this class (server/errors.ts). */
export const isNothingSellsError = (e: unknown): e is NothingSellsError => isErrorNamed(e, 'NothingSellsError');

export function sellableFor(kind: LineKind): Sellable {
  const sellable = registry.get(kind);
  if (!sellable) throw new NothingSellsError(kind);
  return sellable;
}

export const isRefusal = (value: OrderLine | Refusal): value is Refusal => 'refused' in value;

type CapturedListener = (ctx: SellContext, order: Order) => Promise<void>;
const capturedListeners: CapturedListener[] = [];

/** Runs after an order's lines are fulfilled (the cart drops what was bought, the room shows a donation alert). */
export function onOrderCaptured(listener: CapturedListener) {
  capturedListeners.push(listener);
}

export const orderCapturedListeners = (): readonly CapturedListener[] => capturedListeners;

// Each event's tickets, donations, products and revenue (docs/decisions/0090).
onOrderCaptured((ctx, order) => noteOrderCaptured(ctx.data, order));
