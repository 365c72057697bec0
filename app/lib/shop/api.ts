/** What the shop's JSON APIs answer (/api/cart, /api/channels, /api/products). */
import type { Cart } from './cart';

export type CartApiError = 'badRequest' | 'notFound' | 'notForSale' | 'soldOut';

export interface CartView extends Cart {
  /** The checkout idempotency key of this version of the cart (app/lib/shop/model.ts, cartCheckoutKey). */
  checkoutKey: string;
  signedIn: boolean;
}

export type CartApiResponse = { ok: true; cart: CartView } | { ok: false; error: CartApiError; message: string };
