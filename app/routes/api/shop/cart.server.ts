import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { CartApiError, CartApiResponse, CartView } from '#app/lib/shop/api';
import { cartCheckoutKey, cartRequestSchema, type Cart, type CartLine } from '#app/lib/shop/cart';
import { addLine, cartIdOf, removeLine, setQuantity, type CartOwner } from '#server/commerce/data/carts.server';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';
import { cartOwnerOf } from '#server/commerce/shop/cart.server';
import { requireShop } from '#server/commerce/shop/feature.server';
import { newGuestCartCookie } from '#server/commerce/shop/cartCookie.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

async function refuseCart(language: string, status: number, error: CartApiError) {
  const t = await getFixedT(language);
  // The cart's answers carry `ok` (CartApiResponse): its refusals say ok: false.
  return refuse(status, error, t(`cart.api.${error}`), { extra: { ok: false }, headers: status === 405 ? { Allow: 'GET, POST' } : {} });
}

async function view(args: Args, owner: CartOwner | null, cart: Cart, headers: Record<string, string> = {}) {
  const signedIn = !!(await getSessionUser(args));
  const body: CartView = { ...cart, checkoutKey: owner ? cartCheckoutKey(cartIdOf(owner), cart.version) : '', signedIn };
  return json<CartApiResponse>({ ok: true, cart: body }, { headers: { ...NO_STORE, ...headers } });
}

/** GET /api/cart: the request's cart (the signed-in user's, else the guest cookie's, else empty). */
export async function loader(args: LoaderFunctionArgs) {
  await requireShop(args.context, () => refuseCart(args.context.language, 404, 'notFound'));
  const owner = await cartOwnerOf(args);
  const cart = owner ? await args.context.data.carts.get(owner) : { cartItems: [], cartItemsCnt: 0, version: 0 };
  return view(args, owner, cart);
}

/**
 * POST /api/cart JSON `{ intent: 'add' | 'update' | 'remove', productId, quantity? }`: changes the
 * request's cart; a guest's first add makes a guest cart and its signed cookie. A line's title
 * and unit price are a snapshot of the stored product (checkout prices every line again).
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  await requireShop(context, () => refuseCart(language, 404, 'notFound'));
  if (request.method !== 'POST') return methodNotAllowed(language, 'GET, POST');
  const raw = await jsonBody(request);
  if (raw === NOT_JSON) return refuseCart(language, 400, 'badRequest');
  let owner = await cartOwnerOf(args);
  const { carts, products } = context.data;
  // The named product is looked up before the rest of the body is judged: another tenant's (or a
  // removed) product answers 404 whatever else was sent; only its line may still be removed.
  const named = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).productId : undefined;
  if (typeof named === 'string' && /^[a-z0-9]{21}$/.test(named) && !(await products.get(named))) {
    const inCart = owner ? (await carts.get(owner)).cartItems.some((l) => l.refId === named) : false;
    if (!((raw as Record<string, unknown>).intent === 'remove' && inCart)) return refuseCart(language, 404, 'notFound');
  }
  const parsed = cartRequestSchema.safeParse(raw);
  if (!parsed.success) return refuseCart(language, 400, 'badRequest');
  const body = parsed.data;

  if (body.intent === 'remove') {
    if (!owner) return view(args, null, { cartItems: [], cartItemsCnt: 0, version: 0 });
    return view(args, owner, await carts.change(owner, removeLine(body.productId)));
  }

  const product = await products.get(body.productId);
  if (!product) return refuseCart(language, 404, 'notFound');
  if (!product.published || product.currency !== context.tenant.currency) return refuseCart(language, 409, 'notForSale');
  const snapshot: Omit<CartLine, 'quantity'> = { kind: 'product', refId: product.productId, title: product.title, unitAmount: product.price, currency: product.currency };
  const inCart = owner ? ((await carts.get(owner)).cartItems.find((l) => l.refId === product.productId)?.quantity ?? 0) : 0;
  const wanted = body.intent === 'add' ? inCart + body.quantity : body.quantity;
  if (product.stock !== null && product.stock < wanted) return refuseCart(language, 409, 'soldOut');

  const headers: Record<string, string> = {};
  if (!owner) {
    const cookie = await newGuestCartCookie(context.data, new URL(request.url).protocol === 'https:');
    owner = { guestCartId: cookie.cartId };
    headers['Set-Cookie'] = cookie.header;
  }
  const change = body.intent === 'add' ? addLine({ ...snapshot, quantity: body.quantity }) : setQuantity(product.productId, body.quantity, snapshot);
  return view(args, owner, await carts.change(owner, change), headers);
}
