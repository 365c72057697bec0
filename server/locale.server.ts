import type { Language, Tenant } from '#app/lib/config/tenant';

export const LANGUAGE_COOKIE = 'lng';

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Accept-Language entries, best first: "fr-CA,fr;q=0.9,en;q=0.5" → ["fr-ca", "fr", "en"]. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The language of a request, always one of the tenant's: the /changeLanguage cookie, else the
 * tenant's default, else the browser's Accept-Language, else the tenant's first language.
 */
export function negotiateLanguage(
  tenant: Pick<Tenant, 'languages'>,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const supported = tenant.languages.supported;
  const chosen = readCookie(cookieHeader, LANGUAGE_COOKIE);
  if (chosen && (supported as string[]).includes(chosen)) return chosen as Language;
  if (tenant.languages.default) return tenant.languages.default;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const base = tag.split('-')[0];
    const match = supported.find((l) => l === tag || l === base);
    if (match) return match;
  }
  return supported[0];
}

