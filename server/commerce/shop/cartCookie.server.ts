/**
 * The guest cart's cookie: `cart=<guestCartId>.<signature>`, HttpOnly, signed with the tenant's
 * own cookie key (the guest cookie's, server/identity/data/guests.server.ts) over the tenant id and the cart
 * id, so a cookie made on one tenant names no cart on another and an edited id is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TenantData } from '#server/data/tenantData.server';
import { newShopId, SHOP_ID } from '#app/lib/shop/ids';

export const CART_COOKIE = 'cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const signature = (secret: Buffer, tenantId: string, cartId: string) => createHmac('sha256', secret).update(`cart:${tenantId}:${cartId}`).digest('base64url');

/** The guest cart id a request's cookie proves on this tenant, or null. */
export async function readGuestCartId(data: TenantData, cookieHeader: string | null | undefined): Promise<string | null> {
  const value = cookieValue(cookieHeader, CART_COOKIE);
  if (!value) return null;
  const dot = value.indexOf('.');
  const cartId = value.slice(0, dot);
  if (dot < 0 || !SHOP_ID.test(cartId)) return null;
  const expected = Buffer.from(signature(await data.guests.cookieSecret(), data.tenantId, cartId));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? cartId : null;
}

/** A new guest cart id and the Set-Cookie header that carries it. */
export async function newGuestCartCookie(data: TenantData, secure: boolean): Promise<{ cartId: string; header: string }> {
  const cartId = newShopId();
  const value = `${cartId}.${signature(await data.guests.cookieSecret(), data.tenantId, cartId)}`;
  return { cartId, header: `${CART_COOKIE}=${value}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}` };
}

export const clearCartCookie = (secure: boolean) => `${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Whether a Cookie header carries a cart cookie at all (cheap: no signature check). */
export const hasCartCookie = (cookieHeader: string | null | undefined) => cookieValue(cookieHeader, CART_COOKIE) !== undefined;
