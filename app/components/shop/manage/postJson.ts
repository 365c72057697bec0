/** POSTs JSON to one of the shop's organizer APIs; the answer's body, or a failure without one. */
import type { KeyIn } from '#app/lib/i18n/keys';

export type ShopAnswer = { ok: true; [key: string]: unknown } | { ok: false; message: string; fieldErrors?: Record<string, KeyIn<'shop.errors'>> };

export async function postJson(url: string, body: unknown): Promise<ShopAnswer> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
    return ((await response.json().catch(() => null)) as ShopAnswer | null) ?? { ok: false, message: '' };
  } catch {
    return { ok: false, message: '' };
  }
}
