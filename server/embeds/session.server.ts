/**
 * The embed session (docs/decisions/0089): how a person is signed in inside an embed frame that
 * another site shows. The site's own session cookies are SameSite=Lax and, with third-party
 * cookies blocked, no cookie of the site's would reach the frame anyway; so the frame gets a
 * cookie of its own, `embed_session`, Partitioned (CHIPS: kept per top-level site, allowed when
 * third-party cookies are blocked), SameSite=None, Secure, HttpOnly, for one hour. Its value is
 * the person (as their session showed them when they granted it) signed with a key derived from
 * the tenant's cookie secret; it names the tenant, so it is void on another. Only the embed pages
 * read it: it signs nobody in anywhere else on the site.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import { sessionUserSchema } from './data/pairs.server';

export const EMBED_SESSION_COOKIE = 'embed_session';
export const EMBED_SESSION_TTL_S = 60 * 60;

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const keyOf = (secret: Buffer) => createHmac('sha256', secret).update('embed-session/v1').digest();
const payloadSchema = z.object({ t: z.string(), u: sessionUserSchema, exp: z.number() });

/** `<payload>.<hmac>` for `user` on tenant `t`, good for EMBED_SESSION_TTL_S. */
export function signEmbedSession(secret: Buffer, t: TenantId, user: SessionUser, now = Date.now()): string {
  const payload = b64url(JSON.stringify({ t, u: sessionUserSchema.parse(user), exp: Math.floor(now / 1000) + EMBED_SESSION_TTL_S }));
  return `${payload}.${b64url(createHmac('sha256', keyOf(secret)).update(payload).digest())}`;
}

/** The person a cookie value proves on tenant `t`, or null (forged, another tenant's, expired, malformed). */
export function readEmbedSession(secret: Buffer, t: TenantId, value: string | null | undefined, now = Date.now()): SessionUser | null {
  if (!value || value.length > 4096) return null;
  const [payload, mac, extra] = value.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (parsed.t !== t || parsed.exp * 1000 <= now) return null;
  return parsed.u;
}

/**
 * The Set-Cookie header of the embed session (an empty value clears it). Secure and Partitioned
 * always: browsers accept Secure cookies from localhost over http, the local stack.
 */
export function embedSessionCookie(value: string): string {
  const maxAge = value ? EMBED_SESSION_TTL_S : 0;
  return `${EMBED_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=None; Partitioned`;
}
