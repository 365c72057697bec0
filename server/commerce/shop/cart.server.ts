/**
 * The request's cart (docs/decisions/0034-shop.md): a signed-in user's own, else the guest cart of
 * the signed cookie, else none. A guest cart is merged into the user's cart on the first request
 * that carries both a session and the cart cookie (server/app.ts), and the cookie is cleared.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Cart } from '#app/lib/shop/cart';
import { getSessionUser } from '#server/identity/index.server';
import type { CartOwner } from '../data/carts.server';
import type { AppContext } from '#server/context';
import { clearCartCookie, hasCartCookie, readGuestCartId } from './cartCookie.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

export const EMPTY_CART: Cart = { cartItems: [], cartItemsCnt: 0, version: 0 };

/** Whose cart this request reads and changes; null when it has neither a session nor a valid cart cookie. */
export async function cartOwnerOf(args: Args): Promise<CartOwner | null> {
  const user = await getSessionUser(args);
  if (user) return { userId: user.sub };
  const guestCartId = await readGuestCartId(args.context.data, args.request.headers.get('Cookie'));
  return guestCartId ? { guestCartId } : null;
}

/** The request's cart (empty without an owner: no read at all for a plain anonymous visit). */
export async function requestCart(args: Args): Promise<Cart> {
  const owner = await cartOwnerOf(args);
  return owner ? args.context.data.carts.get(owner) : EMPTY_CART;
}

/**
 * At sign-in: when the request has a session and a guest cart cookie, moves the guest's lines
 * into the user's cart and answers the Set-Cookie header that clears the cookie; null otherwise.
 */
export async function mergeGuestCartAtSignIn(request: Request, context: AppContext): Promise<string | null> {
  const cookies = request.headers.get('Cookie');
  if (!hasCartCookie(cookies)) return null;
  // A copy: Remix's AppLoadContext type wants an index signature the AppContext interface has not.
  const user = await getSessionUser({ request, context: { ...context } });
  if (!user) return null;
  const guestCartId = await readGuestCartId(context.data, cookies);
  if (guestCartId) await context.data.carts.mergeGuest(guestCartId, user.sub);
  return clearCartCookie(new URL(request.url).protocol === 'https:');
}
