/** The browser's calls of /api/cart. */
import type { CartApiResponse, CartView } from './api';
import type { CartRequest } from './cart';

export async function fetchCart(): Promise<CartView | null> {
  const response = await fetch('/api/cart', { headers: { Accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json()) as CartApiResponse;
  return body.ok ? body.cart : null;
}

/** Changes the cart; the new cart, or the refusal's message. */
export async function changeCart(request: CartRequest): Promise<{ cart: CartView } | { message: string }> {
  const response = await fetch('/api/cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request),
  }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as CartApiResponse | null;
  if (!body) return { message: '' };
  return body.ok ? { cart: body.cart } : { message: body.message };
}
