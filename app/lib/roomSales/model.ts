/**
 * Selling in the live room (issue 15, part 7): the organizer or a host pins one thing for sale
 * (one of their channel's products, the event's replay or its ticket); everyone in the room sees
 * the card and buys from it without leaving. The server prices the card from stored data.
 */
import { z } from 'zod';
import type { Money } from '../money/money';

export const PIN_KINDS = ['product', 'replay', 'ticket'] as const;
export type PinKind = (typeof PIN_KINDS)[number];

export interface PinnedSale {
  kind: PinKind;
  /** product: productId; replay and ticket: the eventId. */
  refId: string;
  title: string;
  price: Money;
  /** An image for the card (app URL), or null. */
  imageUrl: string | null;
  pinnedBy: string;
  pinnedAt: string;
}

/** The room's pin with the time it last changed (ms): a browser keeps the newest it has heard. */
export interface PinState {
  pin: PinnedSale | null;
  version: number;
}

export const ROOM_SALES_PATH = '/api/roomSales';

/** GET /api/roomSales?event=<id>&list=products (the organizer and hosts): what the pin picker offers. */
export interface PinProductOption {
  productId: string;
  title: string;
  price: Money;
}
export interface PinProductList {
  products: PinProductOption[];
}

/** POST /api/roomSales */
export const pinRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('pin'), eventId: z.string().regex(/^[a-z0-9]{12}$/), kind: z.enum(PIN_KINDS), refId: z.string().min(1).max(80) }).strict(),
  z.object({ intent: z.literal('unpin'), eventId: z.string().regex(/^[a-z0-9]{12}$/) }).strict(),
]);
export type PinRequest = z.infer<typeof pinRequestSchema>;
