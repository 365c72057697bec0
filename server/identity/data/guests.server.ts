/**
 * Guest verification (/guestVerification): a visitor joins without an account by proving they
 * read one email address. A 6-digit code is issued per tenant and email, stored only as a salted
 * hash with an expiry and an attempt limit (DynamoDB), and a verified guest gets a signed,
 * HttpOnly cookie.
 *
 * Delivery: this module does NOT send email. When IDENTITY_OUTBOX_FILE is set (the local stack
 * and the test stack set it), the code is appended to that file in the same JSON-line format the
 * local identity service uses, with purpose 'GuestVerification'. In production an email sender
 * (for example Amazon SES) has to be plugged in at `deliverGuestCode`; until then production
 * delivers nothing and says so in the server log.
 */
import { appendFileSync } from 'node:fs';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { accountFieldError, NAME_MAX } from '#app/lib/account/fieldErrors';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { log as logger } from '#server/observability/log.server';

export const GUEST_CODE_TTL_MS = 10 * 60 * 1000;
export const GUEST_MAX_ATTEMPTS = 5;
export const GUEST_SESSION_TTL_S = 12 * 60 * 60;
export const GUEST_COOKIE = 'guest';

export const guestRequestSchema = z.object({
  name: z.string().trim().min(1, accountFieldError('required')).max(NAME_MAX, accountFieldError('tooLong')),
  email: z.string().trim().toLowerCase().pipe(z.email(accountFieldError('email'))),
});
export const guestVerifySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(accountFieldError('email'))),
  code: z.string().trim().regex(/^\d{6}$/, accountFieldError('code')),
});

export interface Guest {
  name: string;
  email: string;
  guestAuthenticated: true;
  /** Epoch seconds the guest session ends. */
  exp: number;
}

const codeKey = (tenantId: TenantId, email: string) => ({ pk: tenantKey(tenantId, 'GUEST', email), sk: 'CODE' });
const secretKey = (tenantId: TenantId) => ({ pk: tenantKey(tenantId, 'GUEST'), sk: 'COOKIE_SECRET' });

const hashCode = (code: string, salt: string) => createHmac('sha256', salt).update(code).digest('hex');

function sameHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Where the code goes. Locally: the outbox file. Production: plug an email sender in here. */
export function deliverGuestCode(tenantId: TenantId, email: string, code: string, outboxFile = process.env.IDENTITY_OUTBOX_FILE) {
  if (outboxFile) {
    const line = { tenant: tenantId, destination: email, medium: 'EMAIL', purpose: 'GuestVerification', code, username: email, at: new Date().toISOString() };
    appendFileSync(outboxFile, `${JSON.stringify(line)}\n`);
    return;
  }
  // No email sender is configured for guest codes yet: nothing is sent.
  logger.warn(`guest verification: no email sender configured, code for tenant ${tenantId} was not delivered`);
}

/** Issues a new code (replacing any earlier one) and delivers it. Returns nothing about the code. */
export async function requestGuestCode(db: Database, tenantId: TenantId, input: { name: string; email: string }, now = Date.now(), outboxFile?: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...codeKey(tenantId, input.email),
        name: input.name,
        hash: hashCode(code, salt),
        salt,
        attempts: 0,
        expiresAt: now + GUEST_CODE_TTL_MS,
        ttl: Math.ceil((now + GUEST_CODE_TTL_MS) / 1000),
      },
    }),
  );
  deliverGuestCode(tenantId, input.email, code, outboxFile);
}

export type VerifyResult = { ok: true; name: string } | { ok: false; reason: 'invalid' | 'expired' | 'tooManyAttempts' };

/**
 * Checks a code. Each wrong try counts; after GUEST_MAX_ATTEMPTS the code is void. A correct code
 * is used up. An unknown email answers exactly like a wrong code.
 */
export async function verifyGuestCode(db: Database, tenantId: TenantId, email: string, code: string, now = Date.now()): Promise<VerifyResult> {
  const key = codeKey(tenantId, email);
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  const item = out.Item as { name: string; hash: string; salt: string; attempts: number; expiresAt: number } | undefined;
  if (!item) return { ok: false, reason: 'invalid' };
  if (item.expiresAt <= now) {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key }));
    return { ok: false, reason: 'expired' };
  }
  if (item.attempts >= GUEST_MAX_ATTEMPTS) return { ok: false, reason: 'tooManyAttempts' };
  if (!sameHex(hashCode(code, item.salt), item.hash)) {
    const updated = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET attempts = attempts + :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ok: false, reason: Number(updated.Attributes?.attempts ?? 0) >= GUEST_MAX_ATTEMPTS ? 'tooManyAttempts' : 'invalid' };
  }
  // Used up: delete only if nobody replaced the code meanwhile.
  await db.doc
    .send(new DeleteCommand({ TableName: db.table, Key: key, ConditionExpression: '#h = :h', ExpressionAttributeNames: { '#h': 'hash' }, ExpressionAttributeValues: { ':h': item.hash } }))
    .catch(() => undefined);
  return { ok: true, name: item.name };
}

const secrets = new Map<string, Buffer>();

/**
 * The tenant's cookie-signing key: 32 random bytes created once and kept in DynamoDB, so every
 * app instance signs and checks with the same key and no secret is shared across tenants.
 */
export async function guestCookieSecret(db: Database, tenantId: TenantId): Promise<Buffer> {
  const cached = secrets.get(tenantId);
  if (cached) return cached;
  const key = secretKey(tenantId);
  await db.doc
    .send(
      new PutCommand({
        TableName: db.table,
        Item: { ...key, secret: randomBytes(32).toString('base64') },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((e: Error) => {
      if (!isConditionFailure(e)) throw e;
    });
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  const secret = Buffer.from(String(out.Item?.secret ?? ''), 'base64');
  if (secret.length < 32) throw new Error('guest cookie secret missing');
  secrets.set(tenantId, secret);
  return secret;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const guestPayloadSchema = z.object({ name: z.string(), email: z.string(), tenantId: z.string(), exp: z.number() });

/** `<payload>.<hmac>`: the payload names the tenant, so a cookie of tenant A is void on tenant B. */
export function signGuest(secret: Buffer, tenantId: TenantId, guest: { name: string; email: string }, now = Date.now()): string {
  const payload = b64url(JSON.stringify({ name: guest.name, email: guest.email, tenantId, exp: Math.floor(now / 1000) + GUEST_SESSION_TTL_S }));
  return `${payload}.${b64url(createHmac('sha256', secret).update(payload).digest())}`;
}

export function readGuest(secret: Buffer, tenantId: TenantId, value: string | undefined, now = Date.now()): Guest | null {
  if (!value) return null;
  const [payload, mac] = value.split('.');
  if (!payload || !mac) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof guestPayloadSchema>;
  try {
    parsed = guestPayloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (parsed.tenantId !== tenantId || parsed.exp * 1000 <= now) return null;
  return { name: parsed.name, email: parsed.email, guestAuthenticated: true, exp: parsed.exp };
}

export function guestCookieHeader(value: string, secure: boolean): string {
  return `${GUEST_COOKIE}=${value}; Path=/; Max-Age=${GUEST_SESSION_TTL_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
