/** The payment endpoints' request and answer shapes, shared by the server and the pages that call them. */
import { z } from 'zod';
import { safeRedirect } from '../safeRedirect';
import { lineRequestSchema, type OrderStatus } from './model';
import type { Money } from '../money/money';

/** POST /api/checkout */
export const checkoutBodySchema = z.object({
  lines: z.array(lineRequestSchema).min(1).max(50),
  /** A path on this same site, where the buyer goes back to after paying: kept as safeRedirect normalizes it. */
  returnPath: z
    .string()
    .max(500)
    .refine((path) => safeRedirect(path, '') !== '', 'must be a path on this site, starting with one "/"')
    .transform((path) => safeRedirect(path)),
  /** Made once per click-session by the page: the same key never makes a second order. */
  idempotencyKey: z
    .string()
    .min(8)
    .max(80)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "-" and "_" only'),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export type CheckoutAnswer =
  | { orderId: string; redirectUrl: string }
  | { refusals: { index: number; refused: string }[] }
  | { signIn: string }
  | { error: string; message: string; fields?: Record<string, string> };

/** GET /api/checkout/status?order= */
export interface OrderStatusAnswer {
  status: OrderStatus;
}

/**
 * POST /api/orders/refund: without an amount, everything not refunded yet; `sellerId` names whose
 * lines are refunded (a seller: only their own, the default; an admin: any seller's, or without
 * it the whole order).
 */
export const refundBodySchema = z.object({
  orderId: z.string().min(1).max(80),
  amount: z.number().int().min(1).max(100_000_000).optional(),
  sellerId: z.string().min(1).max(128).optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export interface RefundAnswer {
  status: OrderStatus;
  refunded: Money;
  /** This refund, minor units. */
  amount: number;
}
