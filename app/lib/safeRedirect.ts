/**
 * The one check for every return address the site follows or renders (redirectTo after sign-in,
 * guest verification, social sign-in, two-factor, language change, ...): only a path of this very
 * origin survives, and it comes back normalized, so what is checked is exactly what the browser
 * will follow. Anything else gives `fallback`.
 */
const BASE = 'http://same-origin.invalid';
const MAX_LENGTH = 2048;
/** A path that starts with exactly one slash (not "//" or "/\", which browsers read as a host). */
const ONE_LEADING_SLASH = /^\/(?![/\\])/;
/**
 * Control characters and backslashes (and, before decoding, spaces): browsers strip or rewrite
 * them before parsing, so what is checked would not be what is followed.
 */
function hasForbidden(text: string, spaceAllowed: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c || (code === 0x20 && !spaceAllowed)) return true;
  }
  return false;
}
/** Printable ASCII only: the URL serializer percent-encodes everything else. */
const SERIALIZED = /^[\x21-\x7e]+$/;

/** The path part after dot segments are resolved ("/.//x" is "//x"), or null when it cannot be parsed. */
function resolvedPath(path: string): string | null {
  try {
    return new URL(path, BASE).pathname;
  } catch {
    return null;
  }
}

/**
 * Rejects a value that turns into "//host", "/\host" or a control character when something
 * downstream percent-decodes it (once or twice), also once its dot segments are resolved
 * ("/.%2F/host" decodes to "/.//host", which is "//host").
 */
function survivesDecoding(path: string): boolean {
  let current = path;
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (!ONE_LEADING_SLASH.test(decoded) || hasForbidden(decoded, true)) return false;
    const resolved = resolvedPath(decoded.replace(/[?#].*$/s, ''));
    if (resolved === null || !ONE_LEADING_SLASH.test(resolved)) return false;
    current = decoded;
  }
  return false;
}

function isSafePath(path: string): boolean {
  return ONE_LEADING_SLASH.test(path) && !hasForbidden(path, false) && survivesDecoding(path);
}

export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value || value.length > MAX_LENGTH || !isSafePath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Dot segments are resolved here ("/..//x" is "//x"), so the result is checked again.
  const normalized = url.pathname + url.search + url.hash;
  return isSafePath(normalized) && SERIALIZED.test(normalized) ? normalized : fallback;
}
