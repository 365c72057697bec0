/**
 * Ingest keys (docs/decisions/0029): a key's secret is derived from the deployment's
 * INGEST_KEY_SECRET and a random nonce stored with the event, so the database alone never holds a
 * usable key. RTMP keys are checked against their stored SHA-256; the SRT listener needs the
 * passphrase itself (the SRT handshake encrypts with it), which the worker derives again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BroadcastProtocol } from '#app/lib/broadcast/model';
import { keyHint } from '#app/lib/broadcast/model';

export const newNonce = () => randomBytes(16).toString('hex');

export function deriveKeySecret(masterSecret: string, tenantId: string, eventId: string, protocol: BroadcastProtocol, nonce: string): string {
  return createHmac('sha256', masterSecret).update(`${tenantId}\n${eventId}\n${protocol}\n${nonce}`).digest('hex').slice(0, 32);
}

export const hashKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashKeySecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fresh key: what is stored (nonce, hash, hint) and the secret shown once. */
export function mintKey(masterSecret: string, tenantId: string, eventId: string, protocol: BroadcastProtocol) {
  const nonce = newNonce();
  const secret = deriveKeySecret(masterSecret, tenantId, eventId, protocol, nonce);
  return { secret, stored: { nonce, hash: hashKeySecret(secret), hint: keyHint(secret) } };
}
