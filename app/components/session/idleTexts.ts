import { DEFAULT_RESOURCES, IDLE_RESOURCE_CODES, type IdleResourceCode } from '#app/lib/identity/idleResources';
import { SESSION_STORAGE_PREFIX } from '#app/lib/identity/signOut.client';

/** Resource codes of the inactivity dialog (seeded per tenant and language by local/stack/seed.ts). */
export const IDLE_CODES = IDLE_RESOURCE_CODES;
export type IdleCode = IdleResourceCode;
export type IdleTexts = Record<IdleCode, string>;

/** Built-in English defaults, used whenever the resource API cannot answer (docs/PRODUCT.md, Error catalogue). */
export const DEFAULT_IDLE_TEXTS: IdleTexts = DEFAULT_RESOURCES.en;

export const RESOURCE_API = '/api/dynamodb/resources/batchGet';
export const idleTextsCacheKey = (language: string) => `${SESSION_STORAGE_PREFIX}resources.idle.${language}`;

/** "You will be Logged out in 60 seconds"; "second" only when the count is not above 1 (docs/PRODUCT.md, Rules: dialog texts). */
export function countdownText(texts: IdleTexts, seconds: number): string {
  return `${texts.IDLE_COUNTDOWN_PREFIX} ${seconds} ${seconds > 1 ? texts.IDLE_SECONDS : texts.IDLE_SECOND}`;
}

/** The resource API's request body (docs/PRODUCT.md, Resource API): one key per code, partition = language. */
export function batchGetBody(language: string) {
  return {
    keys: IDLE_CODES.map((code) => ({ ResourcePK: language, ResourceSK: code })),
    projectionExpression: 'ResourceCode, ResourceDesc',
  };
}

/** Reads Responses.resource; codes missing from the answer keep their English default. */
export function textsFromResponse(body: unknown): IdleTexts | null {
  const list = (body as { Responses?: { resource?: unknown } } | null)?.Responses?.resource;
  if (!Array.isArray(list)) return null;
  const texts: IdleTexts = { ...DEFAULT_IDLE_TEXTS };
  let found = 0;
  for (const item of list) {
    const code = (item as { ResourceCode?: unknown })?.ResourceCode;
    const desc = (item as { ResourceDesc?: unknown })?.ResourceDesc;
    if (typeof code === 'string' && typeof desc === 'string' && desc && (IDLE_CODES as readonly string[]).includes(code)) {
      texts[code as IdleCode] = desc;
      found++;
    }
  }
  return found > 0 ? texts : null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface LoadOptions {
  language: string;
  /** The user's token for the Authorization header, or null when it cannot be had. */
  token: () => Promise<string | null>;
  fetcher?: typeof fetch;
  store?: KeyValueStorage | null;
}

/**
 * The dialog texts in the user's language: from this session's cache, else from the resource
 * API (then cached), else the English defaults (not cached, so a later page tries again).
 */
export async function loadIdleTexts({ language, token, fetcher = fetch, store }: LoadOptions): Promise<{ texts: IdleTexts; source: 'cache' | 'api' | 'default' }> {
  const key = idleTextsCacheKey(language);
  try {
    const cached = store?.getItem(key);
    if (cached) {
      const parsed = JSON.parse(cached) as Partial<IdleTexts>;
      if (IDLE_CODES.every((code) => typeof parsed[code] === 'string')) return { texts: parsed as IdleTexts, source: 'cache' };
    }
  } catch {
    // A damaged cache entry is simply fetched again.
  }
  try {
    const jwt = await token();
    const res = await fetcher(RESOURCE_API, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
      body: JSON.stringify(batchGetBody(language)),
    });
    if (!res.ok) return { texts: DEFAULT_IDLE_TEXTS, source: 'default' };
    const texts = textsFromResponse(await res.json());
    if (!texts) return { texts: DEFAULT_IDLE_TEXTS, source: 'default' };
    try {
      store?.setItem(key, JSON.stringify(texts));
    } catch {
      // Not cached: the next page load asks again.
    }
    return { texts, source: 'api' };
  } catch {
    return { texts: DEFAULT_IDLE_TEXTS, source: 'default' };
  }
}
