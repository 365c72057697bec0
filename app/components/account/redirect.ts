/** A same-site path to go to after signing in, else `fallback`. Refuses //host, /\host and URLs. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!/^\/(?![/\\])[^\s]*$/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Appends `redirectTo` to a path when it is not the home page. */
export function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo || redirectTo === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`;
}
