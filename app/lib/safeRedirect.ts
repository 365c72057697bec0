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
/** Whitespace, control characters and backslashes: browsers strip or rewrite them before parsing. */
const RAW_FORBIDDEN = /[\u0000-\u0020\u007f\\]/;
const DECODED_FORBIDDEN = /[\u0000-\u001f\u007f\\]/;
/** Printable ASCII only: the URL serializer percent-encodes everything else. */
const SERIALIZED = /^[\x21-\x7e]+$/;

/**
 * Rejects a value that turns into "//host", "/\host" or a control character when something
 * downstream percent-decodes it (once or twice).
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
    if (!ONE_LEADING_SLASH.test(decoded) || DECODED_FORBIDDEN.test(decoded)) return false;
    current = decoded;
  }
  return false;
}

function isSafePath(path: string): boolean {
  return ONE_LEADING_SLASH.test(path) && !RAW_FORBIDDEN.test(path) && survivesDecoding(path);
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
