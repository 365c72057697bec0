/** Appends `redirectTo` to a path when it is not the home page. */
export function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo || redirectTo === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`;
}
