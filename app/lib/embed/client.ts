/**
 * The embed frame's side of the conversation with its host page and with the site
 * (docs/decisions/0089): its height for the sizing script, the host page's address for the
 * top-level hop, and collecting a sign-in granted in a first-party window.
 */
import { ASK_MESSAGE, EMBED_MESSAGE, EMBED_SESSION_API, HOST_MESSAGE } from './paths';

/** Where a frame keeps the sign-in request it is waiting for across a top-level hop (per tab, per host site). */
export const PENDING_PAIR_KEY = 'platform-embed:pair';

/** A new sign-in request: 32 random bytes, base64url (43 characters). */
export function newPair(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Tells the host page this document's height and whether someone is signed in, nothing else.
 * Only the tenant's allowed origins can frame the page (CSP frame-ancestors), so the parent is one
 * of them; the message goes to the framer's own origin when the browser names it.
 */
export function postHeight(height: number, signedIn: boolean) {
  if (typeof window === 'undefined' || window.parent === window) return;
  const target = window.location.ancestorOrigins?.[0] ?? '*';
  window.parent.postMessage({ type: EMBED_MESSAGE, height: Math.ceil(height), signedIn }, target);
}

/** The host page's sizing script asking for this frame's height (from the parent window only). */
export function isHeightAsk(event: MessageEvent): boolean {
  if (typeof window === 'undefined' || event.source !== window.parent || window.parent === window) return false;
  const data = event.data as { type?: unknown } | null;
  return data?.type === ASK_MESSAGE;
}

/** The host page's address when its sizing script tells it (same origin as the message), else null. */
export function hostHref(event: MessageEvent): string | null {
  if (event.source !== window.parent) return null;
  const data = event.data as { type?: unknown; href?: unknown } | null;
  if (!data || data.type !== HOST_MESSAGE || typeof data.href !== 'string') return null;
  try {
    return new URL(data.href).origin === event.origin ? data.href : null;
  } catch {
    return null;
  }
}

/** Asks the site whether the sign-in `pair` names was granted; true once it set the frame's embed session. */
export async function collectSignIn(pair: string): Promise<boolean> {
  const res = await fetch(EMBED_SESSION_API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pair }), credentials: 'same-origin' });
  if (!res.ok) return false;
  const body = (await res.json().catch(() => null)) as { signedIn?: unknown } | null;
  return body?.signedIn === true;
}

/** Ends the frame's embed session. */
export async function signOutHere(): Promise<void> {
  await fetch(EMBED_SESSION_API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ signOut: true }), credentials: 'same-origin' });
}

export function rememberPair(pair: string | null) {
  try {
    if (pair) sessionStorage.setItem(PENDING_PAIR_KEY, pair);
    else sessionStorage.removeItem(PENDING_PAIR_KEY);
  } catch {
    // Storage refused: the popup path still works.
  }
}

export function pendingPair(): string | null {
  try {
    return sessionStorage.getItem(PENDING_PAIR_KEY);
  } catch {
    return null;
  }
}
