/**
 * API key secrets (docs/decisions/0087-public-api.md): `lkp_<keyId>_<random>`, shown once when made;
 * only its SHA-256 hash is stored. A presented key is looked up by its id under the request's own
 * tenant, so a key of another tenant is simply not found (401).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiScope } from '#app/lib/publicApi/scopes';
import type { TenantData } from '#server/data/tenantData.server';
import type { ApiKeyRecord } from './data/apiKeys.server';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SECRET = /^lkp_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function newKeyId(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** A fresh secret for `keyId`, its stored hash and the prefix the dashboard shows. */
export function mintSecret(keyId: string): { secret: string; hash: string; prefix: string } {
  const secret = `lkp_${keyId}_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256(secret), prefix: secret.slice(0, 4 + 12 + 1 + 4) };
}

/** The key id a well-formed secret names, else null. */
export function keyIdOf(secret: string): string | null {
  return SECRET.exec(secret)?.[1] ?? null;
}

/** Whether `secret` hashes to the stored hash (in constant time). */
export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The bearer token of an Authorization header, else null. */
export function bearerOf(header: string | null): string | null {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export type KeyCheck = { ok: true; key: ApiKeyRecord } | { ok: false; reason: 'missing' | 'invalid' | 'revoked' };

/** The tenant's live key this Authorization header presents. */
export async function authenticate(data: TenantData, header: string | null, now = Date.now()): Promise<KeyCheck> {
  const secret = bearerOf(header);
  if (!secret) return { ok: false, reason: 'missing' };
  const keyId = keyIdOf(secret);
  const key = keyId ? await data.apiKeys.get(keyId) : null;
  if (!key || key.tenantId !== data.tenantId || !secretMatches(secret, key.hash)) return { ok: false, reason: 'invalid' };
  if (key.revokedAt) return { ok: false, reason: 'revoked' };
  // Last use, at most once a minute per key: a busy integration does not write on every call.
  if (!key.lastUsedAt || now - Date.parse(key.lastUsedAt) > 60_000) await data.apiKeys.touch(key.keyId, new Date(now));
  return { ok: true, key };
}

export const hasScope = (key: Pick<ApiKeyRecord, 'scopes'>, scope: ApiScope) => key.scopes.includes(scope);
