import { SIGNED_IN_LANDING } from '#app/lib/nav';

/** Appends `redirectTo` to a path when it is not the home page or the default landing after sign-in. */
export function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo || redirectTo === '/' || redirectTo === SIGNED_IN_LANDING) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`;
}
