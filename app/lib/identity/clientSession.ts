import { SESSION_STORAGE_PREFIX } from './signOut.client';

/**
 * Client session data (docs/PRODUCT.md, Data: client session data): what the browser keeps about
 * the signed-in user for this session, plus the window size, in sessionStorage under the platform
 * prefix so clearClientSession() (signOut.client.ts) removes all of it at sign-out.
 */
export interface ClientSessionData {
  signedIn: boolean;
  userName: string | null;
  /** The user's ID token (what the resource API's Authorization header carries). */
  jwtToken: string | null;
  cognitoGroups: string[];
  /** Where this user's images live in the tenant's storage: tenants/<tenantId>/users/<sub>/ */
  imageKeyPrefix: string | null;
  windowInnerWidth: number;
  windowInnerHeight: number;
}

export const CLIENT_SESSION_KEYS = {
  signedIn: `${SESSION_STORAGE_PREFIX}signedIn`,
  userName: `${SESSION_STORAGE_PREFIX}userName`,
  jwtToken: `${SESSION_STORAGE_PREFIX}jwtToken`,
  cognitoGroups: `${SESSION_STORAGE_PREFIX}cognitoGroups`,
  imageKeyPrefix: `${SESSION_STORAGE_PREFIX}imageKeyPrefix`,
  windowInnerWidth: `${SESSION_STORAGE_PREFIX}windowInnerWidth`,
  windowInnerHeight: `${SESSION_STORAGE_PREFIX}windowInnerHeight`,
} as const satisfies Record<keyof ClientSessionData, string>;

export const SIGNED_OUT: Omit<ClientSessionData, 'windowInnerWidth' | 'windowInnerHeight'> = {
  signedIn: false,
  userName: null,
  jwtToken: null,
  cognitoGroups: [],
  imageKeyPrefix: null,
};

export const imageKeyPrefixFor = (tenantId: string, sub: string) => `tenants/${tenantId}/users/${sub}/`;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, sandbox): the session data just is not kept
  }
}

/** Writes the given fields (JSON-encoded); null removes a field. */
export function writeClientSession(update: Partial<ClientSessionData>, store: KeyValueStorage | null = storage()) {
  if (!store) return;
  for (const [field, value] of Object.entries(update) as Array<[keyof ClientSessionData, unknown]>) {
    const key = CLIENT_SESSION_KEYS[field];
    if (!key) continue;
    try {
      if (value === null || value === undefined) store.removeItem(key);
      else store.setItem(key, JSON.stringify(value));
    } catch {
      // Quota exceeded or storage refused: keep going with the other fields.
    }
  }
}

/** The stored session data, with the defaults (signedIn false) for anything missing. */
export function readClientSession(store: KeyValueStorage | null = storage()): ClientSessionData {
  const read = <T>(key: string, fallback: T, valid: (v: unknown) => boolean): T => {
    try {
      const raw = store?.getItem(key);
      if (raw === null || raw === undefined) return fallback;
      const value: unknown = JSON.parse(raw);
      return valid(value) ? (value as T) : fallback;
    } catch {
      return fallback;
    }
  };
  const isString = (v: unknown) => typeof v === 'string';
  const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  return {
    signedIn: read(CLIENT_SESSION_KEYS.signedIn, false, (v) => typeof v === 'boolean'),
    userName: read<string | null>(CLIENT_SESSION_KEYS.userName, null, isString),
    jwtToken: read<string | null>(CLIENT_SESSION_KEYS.jwtToken, null, isString),
    cognitoGroups: read<string[]>(CLIENT_SESSION_KEYS.cognitoGroups, [], (v) => Array.isArray(v) && v.every(isString)),
    imageKeyPrefix: read<string | null>(CLIENT_SESSION_KEYS.imageKeyPrefix, null, isString),
    windowInnerWidth: read(CLIENT_SESSION_KEYS.windowInnerWidth, 0, isNumber),
    windowInnerHeight: read(CLIENT_SESSION_KEYS.windowInnerHeight, 0, isNumber),
  };
}

/** Records the window's inner size (call on load and on resize). */
export function recordWindowSize(win: Pick<Window, 'innerWidth' | 'innerHeight'> = window, store: KeyValueStorage | null = storage()) {
  writeClientSession({ windowInnerWidth: win.innerWidth, windowInnerHeight: win.innerHeight }, store);
}
