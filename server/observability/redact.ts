/**
 * What never reaches a log line (docs/decisions/0049-logs-and-metrics.md): cookies, tokens,
 * passwords, secrets, email addresses and query strings. Field names that name such a thing lose
 * their value; every string is scrubbed of what looks like one.
 */

const SECRET_KEY = /cookie|authori[sz]ation|passw|secret|token|e-?mail|api_?key|credential|signature|session/i;

const SCRUBS: Array<[RegExp, string]> = [
  // Cookie and authorization header lines, whatever follows them.
  [/\b(set-cookie|cookie|authorization)(["']?\s*[:=]\s*)[^\n]*/gi, '$1$2[redacted]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // JSON Web Tokens (identity, access, refresh tokens).
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.?[A-Za-z0-9_-]*/g, '[token]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // A query string after a path or URL: its values may be codes, tokens or addresses.
  [/([/\w.-])\?[^\s"'<>`]+/g, '$1?[query]'],
  [/\b(password|passwd|token|secret|code|key)=[^&\s"']+/gi, '$1=[redacted]'],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUBS) out = out.replace(pattern, replacement);
  return out;
}

export function serializeError(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: scrubText(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (error.stack) out.stack = scrubText(error.stack);
  if (error.cause instanceof Error) out.cause = serializeError(error.cause);
  return out;
}

/** A copy of `value` safe to log: secret-named fields redacted, strings scrubbed, depth and size bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value.length > 4000 ? `${value.slice(0, 4000)}…` : value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function' ? String(value) : value;
  if (value instanceof Error) return serializeError(value);
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactValue(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redactValue(v, depth + 1);
  }
  return out;
}
