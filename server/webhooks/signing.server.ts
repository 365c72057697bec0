/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/decisions/0088): the secret
 * is `whsec_<base64 of 24 random bytes>`; a delivery carries webhook-id, webhook-timestamp (Unix
 * seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed
 * with the secret's decoded bytes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export const isWebhookSecret = (value: string) => /^whsec_[A-Za-z0-9+/]{32}$/.test(value);

/** The base64 HMAC of one message (no "v1," prefix). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The three headers of one delivery attempt (each attempt signs with its own timestamp). */
export function signedHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature(secret, id, timestamp, body)}`,
    'content-type': 'application/json',
  };
}

/** Checks a signature header the way a receiver would (space-separated "v1,<sig>" entries). Tests use it. */
export function verifySignature(secret: string, headers: Record<string, string | undefined>, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const header = headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !header) return false;
  const expected = Buffer.from(signature(secret, id, timestamp, body));
  return header.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
