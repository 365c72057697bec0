/** Carts (cartItems, cartItemsCnt): lines of products with a display snapshot; checkout prices them again. */
import { z } from 'zod';

/** One cart line: a snapshot of title and unit price for display; checkout prices it again. */
export interface CartLine {
  kind: 'product';
  refId: string;
  quantity: number;
  title: string;
  unitAmount: number;
  currency: string;
}

export interface Cart {
  /** The lines (cartItems). */
  cartItems: CartLine[];
  /** Units in the cart (cartItemsCnt). */
  cartItemsCnt: number;
  /** Grows with every change: the checkout's idempotency key is derived from it. */
  version: number;
}

export const CART_MAX_LINES = 50;
export const CART_MAX_QUANTITY = 20;

export const cartRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), productId: z.string().regex(/^[a-z0-9]{21}$/), quantity: z.number().int().min(1).max(CART_MAX_QUANTITY).default(1) }).strict(),
  z.object({ intent: z.literal('update'), productId: z.string().regex(/^[a-z0-9]{21}$/), quantity: z.number().int().min(1).max(CART_MAX_QUANTITY) }).strict(),
  z.object({ intent: z.literal('remove'), productId: z.string().regex(/^[a-z0-9]{21}$/) }).strict(),
]);
export type CartRequest = z.infer<typeof cartRequestSchema>;

export const countOf = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** The checkout idempotency key of one version of a cart: the same cart version never opens two orders. */
export const cartCheckoutKey = (cartId: string, version: number) => `cart-${cartId}-v${version}`.slice(0, 80);
