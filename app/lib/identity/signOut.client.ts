import { signOut } from 'aws-amplify/auth';
import { AMPLIFY_COOKIE_PREFIX } from './types';

/** Session-scoped browser data the platform keeps (client session data, cached texts: docs/PRODUCT.md, Data). */
export const SESSION_STORAGE_PREFIX = 'platform.';

/** Removes every Amplify token cookie and the platform's session storage, whatever happened before. */
export function clearClientSession() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && decodeURIComponent(name).startsWith(`${AMPLIFY_COOKIE_PREFIX}.`)) {
      document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
    }
  }
  try {
    for (const key of Object.keys(window.sessionStorage)) if (key.startsWith(SESSION_STORAGE_PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

/**
 * A global sign-out (every session of the user ends), the client data is cleared even when the
 * identity service fails, and the user lands on the home page (docs/PRODUCT.md, Rules: inactivity
 * guard; Error catalogue). The gateway's answer to GlobalSignOut clears the HttpOnly refresh
 * cookie, which no script can (ADR 0014).
 */
export async function signOutEverywhere(destination = '/') {
  try {
    await signOut({ global: true });
  } catch {
    // The identity service failed or the session was already gone: still end it here.
  }
  clearClientSession();
  window.location.assign(destination);
}
