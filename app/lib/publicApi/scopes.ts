/**
 * The public REST API's key scopes (docs/decisions/0087-public-api.md): what a tenant admin grants
 * a key when creating it in the dashboard, and what each operation asks for.
 */
import { z } from 'zod';

export const API_SCOPES = ['events:read', 'events:write', 'registrations:read', 'orders:read', 'media:read', 'analytics:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const apiScopeSchema = z.enum(API_SCOPES);
/** Each scope's label key under apiKeys.scopeNames (i18next reads ':' as a namespace separator). */
export const SCOPE_LABEL = {
  'events:read': 'eventsRead',
  'events:write': 'eventsWrite',
  'registrations:read': 'registrationsRead',
  'orders:read': 'ordersRead',
  'media:read': 'mediaRead',
  'analytics:read': 'analyticsRead',
} as const satisfies Record<ApiScope, string>;

/** A key's name as typed in the dashboard. */
export const KEY_NAME_MAX = 60;

/** What the dashboard sends to create a key: a name and at least one scope. */
export const createKeySchema = z.object({
  name: z.string().trim().min(1).max(KEY_NAME_MAX),
  scopes: z.array(apiScopeSchema).min(1).max(API_SCOPES.length),
});

/** A key as the dashboard lists it: never its secret, only the prefix shown once with it. */
export interface ApiKeyRow {
  keyId: string;
  name: string;
  /** The secret's first characters (`lkp_<keyId>_ab12`), enough to tell keys apart. */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  createdByName: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The dashboard's API (/api/apiKeys) answers. */
export type ApiKeysAnswer = { keys: ApiKeyRow[] } | { created: ApiKeyRow; secret: string } | { revoked: ApiKeyRow } | { error: 'forbidden' | 'badRequest' | 'notFound' | 'tooMany' };

/** Keys a tenant may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_KEYS = 25;
