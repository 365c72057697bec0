/**
 * Server-side identity: which Cognito user pool serves a tenant, verification of its ID and
 * access tokens, and the global sign-out cut-off.
 *
 * - Pools: a tenant's pool comes from the local stack's pools file (IDENTITY_POOLS_FILE, written
 *   by local/stack/cognito.ts) when that names the tenant, otherwise from tenant.json
 *   (identity.userPoolId, identity.appClientId, identity.region).
 * - Verification (aws-jwt-verify): signature against the pool's JWKS, issuer, client id
 *   (aud / client_id), expiry, token_use, and the ID token's `custom:tenantId` must equal the
 *   request's tenant. One verifier per tenant pool, memoised; the JWKS is fetched once and then
 *   served from the cache (a network call happens only for an unknown `kid`, rate-limited by
 *   aws-jwt-verify's penalty box), never per request.
 *   AWS pools use CognitoJwtVerifier (https only). cognito-local's issuer is
 *   http://localhost:<port>/<poolId> and its pool ids ("local_…") are not AWS ids, so local pools
 *   use aws-jwt-verify's JwtVerifier with the same Cognito field checks
 *   (validateCognitoJwtFields) and a fetcher that allows http for loopback hosts only.
 * - Revocation: a per-tenant, per-user "signedOutAt" (epoch ms) in DynamoDB
 *   (server/identity/data/signOuts.server.ts), cached in memory for a few seconds. A token
 *   whose auth_time (or iat) is before it is refused. Tokens carry whole seconds, so a session
 *   started in the same second as, but after, a global sign-out is refused too (fails closed);
 *   the identity gateway answers the sign-out only once that second is over, so a sign-in made
 *   after the answer is never caught by it.
 * - Refresh-token revocation list (local pools; Amazon Cognito keeps its own): a per-tenant,
 *   per-username "revokedBefore" (epoch ms), same module. The identity gateway refuses a refresh token issued before it
 *   (docs/decisions/0008-identity-gateway.md).
 */
import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { SimpleFetcher, type Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { z } from 'zod';
import type { Tenant, TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { readRevokedBefore, readSignedOutAt, writeRevokedBefore, writeSignedOutAt } from './data/signOuts.server';

export const localPoolSchema = z.object({
  userPoolId: z.string().min(1),
  appClientId: z.string().min(1),
  region: z.string().min(1),
  endpoint: z.url(),
  issuer: z.url(),
});
export const poolsFileSchema = z.record(z.string(), localPoolSchema);
export type PoolsFile = z.infer<typeof poolsFileSchema>;

/** Reads and validates the local pools file; throws a message naming the file and field. */
export function readPoolsFile(path: string): PoolsFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`IDENTITY_POOLS_FILE ${path} cannot be read: ${(e as Error).message}`);
  }
  const parsed = poolsFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`IDENTITY_POOLS_FILE ${path} is invalid:\n${lines}`);
  }
  return parsed.data;
}

/** Where a tenant's tokens come from. */
export interface TenantPool {
  userPoolId: string;
  appClientId: string;
  region: string;
  issuer: string;
  jwksUri: string;
  /** The Cognito service endpoint the identity gateway forwards to. */
  serviceEndpoint: string;
  /** true: cognito-local (http on loopback); false: Amazon Cognito (https). */
  local: boolean;
}

/** What one verified token (ID or access) proves. */
export interface TokenIdentity {
  sub: string;
  username: string;
  tokenUse: 'id' | 'access';
  groups: string[];
  tenantId: string;
}

export interface Session {
  sub: string;
  username: string;
  email: string | null;
  /** The ID token's email_verified: only a verified address may accept a host invitation. */
  emailVerified: boolean;
  groups: string[];
  tenantId: string;
  /** The names given at sign-up (ID token given_name / family_name), and the token's `name`, or null. */
  givenName?: string | null;
  familyName?: string | null;
  fullName?: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * aws-jwt-verify's default fetcher speaks https only. This one also fetches http URLs, but only
 * on loopback hosts (cognito-local); anything else goes to the https fetcher.
 */
export class LoopbackHttpFetcher implements Fetcher {
  private readonly https = new SimpleFetcher();

  async fetch(uri: string, requestOptions?: Record<string, unknown>, data?: ArrayBuffer): Promise<ArrayBuffer> {
    const url = new URL(uri);
    if (url.protocol !== 'http:') return this.https.fetch(uri, requestOptions, data);
    if (!LOOPBACK.has(url.hostname)) throw new Error(`refusing to fetch keys over http from ${url.host}`);
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`${uri} answered ${res.status}`);
    return res.arrayBuffer();
  }
}

interface TokenVerifier {
  verify(token: string, tokenUse: 'id' | 'access'): Promise<JwtPayload>;
  /** Local pools only: signature, issuer and expiry of cognito-local's (JWT) refresh tokens. */
  verifyLocalRefresh?(token: string): Promise<JwtPayload>;
}

function createVerifier(pool: TenantPool, jwksCache: SimpleJwksCache): TokenVerifier {
  if (!pool.local) {
    const verifier = CognitoJwtVerifier.create({ userPoolId: pool.userPoolId, clientId: pool.appClientId, tokenUse: null }, { jwksCache });
    return {
      verify: async (token, tokenUse) => {
        const payload = await verifier.verify(token, { clientId: pool.appClientId, tokenUse: null });
        validateCognitoJwtFields(payload, { tokenUse, clientId: pool.appClientId });
        return payload;
      },
    };
  }
  const verifier = JwtVerifier.create({ issuer: pool.issuer, jwksUri: pool.jwksUri, audience: null }, { jwksCache });
  return {
    verify: async (token, tokenUse) => {
      const payload = await verifier.verify(token, { audience: null });
      validateCognitoJwtFields(payload, { tokenUse, clientId: pool.appClientId });
      return payload;
    },
    // cognito-local signs refresh tokens without a `kid`: check them against the pool's key by hand.
    verifyLocalRefresh: async (token) => {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || !signature) throw new Error('not a JWT');
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
      if (head.alg !== 'RS256') throw new Error('unexpected alg');
      const jwks = await jwksCache.getJwks(pool.jwksUri);
      const keys = jwks.keys.filter((k) => k.kty === 'RSA' && (!head.kid || k.kid === head.kid));
      const ok = keys.some((jwk) =>
        cryptoVerify('RSA-SHA256', Buffer.from(`${header}.${payload}`), createPublicKey({ key: jwk as unknown as import('node:crypto').JsonWebKey, format: 'jwk' }), Buffer.from(signature, 'base64url')),
      );
      if (!ok) throw new Error('bad signature');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtPayload;
      if (claims.iss !== pool.issuer) throw new Error('other issuer');
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new Error('expired');
      return claims;
    },
  };
}

export interface IdentityOptions {
  db: Database;
  /** The local stack's pools (IDENTITY_POOLS_FILE), if any. */
  localPools?: PoolsFile;
  /** How long a user's signedOutAt is reused from memory (default 5 s). */
  revocationCacheMs?: number;
}

/** How long a checked token pair is reused at most, and how many are kept per instance. */
const CHECKED_PAIR_MS = 10 * 60_000;
const CHECKED_PAIRS_MAX = 20_000;

export class Identity {
  private readonly db: Database;
  private readonly localPools: PoolsFile;
  private readonly revocationCacheMs: number;
  private readonly jwksCache = new SimpleJwksCache({ fetcher: new LoopbackHttpFetcher() });
  private readonly verifiers = new Map<string, TokenVerifier>();
  private readonly signedOut = new Map<string, { value: number; until: number }>();
  /** Token pairs whose signatures and claims were checked: the same cookies arrive on every request. */
  private readonly checkedPairs = new Map<string, { id: JwtPayload; access: JwtPayload; until: number }>();

  constructor(options: IdentityOptions) {
    this.db = options.db;
    this.localPools = options.localPools ?? {};
    this.revocationCacheMs = options.revocationCacheMs ?? 5000;
  }

  /** The tenant's pool, or null when the tenant has none configured (configuration only: any id names it). */
  poolFor(tenant: { id: string; identity: Tenant['identity'] }): TenantPool | null {
    const local = this.localPools[tenant.id];
    if (local) {
      return {
        userPoolId: local.userPoolId,
        appClientId: local.appClientId,
        region: local.region,
        issuer: local.issuer,
        jwksUri: `${local.endpoint.replace(/\/$/, '')}/${local.userPoolId}/.well-known/jwks.json`,
        serviceEndpoint: local.endpoint.replace(/\/$/, ''),
        local: true,
      };
    }
    const { userPoolId, appClientId, region } = tenant.identity;
    if (!userPoolId || !appClientId) return null;
    const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
    return {
      userPoolId,
      appClientId,
      region,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      serviceEndpoint: `https://cognito-idp.${region}.amazonaws.com`,
      local: false,
    };
  }

  private verifierFor(tenant: Pick<Tenant, 'id' | 'identity'>): TokenVerifier | null {
    const pool = this.poolFor(tenant);
    if (!pool) return null;
    const key = `${tenant.id}|${pool.issuer}|${pool.appClientId}`;
    let verifier = this.verifiers.get(key);
    if (!verifier) {
      verifier = createVerifier(pool, this.jwksCache);
      this.verifiers.set(key, verifier);
    }
    return verifier;
  }

  /**
   * The session the two tokens prove on this tenant, or null: bad signature, other issuer or
   * client, expired, wrong token_use, another tenant's token, tokens of two different users, or
   * issued before the user's last global sign-out. DynamoDB failures reading the sign-out
   * cut-off are thrown, not mistaken for "signed out".
   */
  async verifySession(tenant: Pick<Tenant, 'id' | 'identity'>, idToken: string, accessToken: string): Promise<Session | null> {
    const verifier = this.verifierFor(tenant);
    if (!verifier || !idToken || !accessToken) return null;
    const pair = await this.checkedPair(tenant.id, verifier, idToken, accessToken);
    if (!pair) return null;
    const { id, access } = pair;
    if (id['custom:tenantId'] !== tenant.id) return null;
    if (typeof id.sub !== 'string' || id.sub !== access.sub) return null;
    const cutoff = await this.signedOutAt(tenant.id, id.sub);
    if (cutoff !== null) {
      for (const payload of [id, access]) {
        const started = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
        if (typeof started !== 'number' || started * 1000 < cutoff) return null;
        if (typeof payload.iat !== 'number' || payload.iat * 1000 < cutoff) return null;
      }
    }
    const groups = Array.isArray(id['cognito:groups']) ? id['cognito:groups'].filter((g): g is string => typeof g === 'string') : [];
    return {
      sub: id.sub,
      username: typeof id['cognito:username'] === 'string' ? id['cognito:username'] : id.sub,
      email: typeof id.email === 'string' ? id.email : null,
      emailVerified: id.email_verified === true || id.email_verified === 'true',
      groups,
      tenantId: tenant.id,
      givenName: typeof id.given_name === 'string' ? id.given_name : null,
      familyName: typeof id.family_name === 'string' ? id.family_name : null,
      // Social providers and accounts made by an administrator may carry only `name`.
      fullName: typeof id.name === 'string' ? id.name : null,
    };
  }

  /**
   * The claims of an ID and access token pair whose signatures, issuer, client, token use and
   * expiry hold, or null. A pair that passed is remembered until the first of the two expires (at
   * most CHECKED_PAIR_MS, so a key withdrawn from the pool's key set stops counting): a signed-in
   * page view and the requests it makes then cost no signature checks. Per tenant, bounded.
   */
  private async checkedPair(tenantId: string, verifier: TokenVerifier, idToken: string, accessToken: string): Promise<{ id: JwtPayload; access: JwtPayload } | null> {
    const key = `${tenantId}\u0000${idToken}\u0000${accessToken}`;
    const now = Date.now();
    const known = this.checkedPairs.get(key);
    if (known && known.until > now) return known;
    if (known) this.checkedPairs.delete(key);
    let id: JwtPayload;
    let access: JwtPayload;
    try {
      [id, access] = await Promise.all([verifier.verify(idToken, 'id'), verifier.verify(accessToken, 'access')]);
    } catch {
      return null;
    }
    const expires = Math.min(Number(id.exp) * 1000, Number(access.exp) * 1000, now + CHECKED_PAIR_MS);
    this.checkedPairs.set(key, { id, access, until: expires });
    while (this.checkedPairs.size > CHECKED_PAIRS_MAX) this.checkedPairs.delete(this.checkedPairs.keys().next().value as string);
    return { id, access };
  }

  /**
   * One ID or access token (e.g. an Authorization header), verified like verifySession: this
   * tenant's pool and client, signature, expiry, token_use (`use`, or either), the ID token's
   * tenant, and the user's global sign-out. null when any check fails.
   */
  async verifyToken(tenant: Pick<Tenant, 'id' | 'identity'>, token: string, use?: 'id' | 'access'): Promise<TokenIdentity | null> {
    const verifier = this.verifierFor(tenant);
    if (!verifier || !token) return null;
    let payload: JwtPayload | null = null;
    let tokenUse: 'id' | 'access' = 'id';
    for (const candidate of use ? [use] : (['id', 'access'] as const)) {
      try {
        payload = await verifier.verify(token, candidate);
        tokenUse = candidate;
        break;
      } catch {
        // try the other kind
      }
    }
    if (!payload || typeof payload.sub !== 'string') return null;
    if (tokenUse === 'id' && payload['custom:tenantId'] !== tenant.id) return null;
    const cutoff = await this.signedOutAt(tenant.id, payload.sub);
    if (cutoff !== null) {
      const started = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
      if (typeof started !== 'number' || started * 1000 < cutoff) return null;
      if (typeof payload.iat !== 'number' || payload.iat * 1000 < cutoff) return null;
    }
    const username = tokenUse === 'id' ? payload['cognito:username'] : payload.username;
    const groups = Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'].filter((g): g is string => typeof g === 'string') : [];
    return { sub: payload.sub, username: typeof username === 'string' ? username : payload.sub, tokenUse, groups, tenantId: tenant.id };
  }

  /**
   * Local pools: the username and issue time (epoch ms) of a cognito-local refresh token whose
   * signature, issuer and expiry check out, or null. (Amazon Cognito's refresh tokens are opaque
   * and Cognito enforces their revocation itself.)
   */
  async localRefreshTokenClaims(tenant: Pick<Tenant, 'id' | 'identity'>, token: string): Promise<{ username: string; issuedAt: number } | null> {
    const verifier = this.verifierFor(tenant);
    if (!verifier?.verifyLocalRefresh || !token) return null;
    try {
      const payload = await verifier.verifyLocalRefresh(token);
      const username = payload['cognito:username'];
      if (typeof username !== 'string' || typeof payload.iat !== 'number' || payload.token_use !== undefined) return null;
      return { username, issuedAt: payload.iat * 1000 };
    } catch {
      return null;
    }
  }

  /** Revokes every refresh token of the user issued before `at` (the revocation list). */
  async revokeRefreshTokens(tenantId: TenantId, username: string, at: number = Date.now()): Promise<void> {
    await writeRevokedBefore(this.db, tenantId, username, at);
  }

  /** Whether a refresh token of this user issued at `issuedAt` (epoch ms) has been revoked. */
  async isRefreshTokenRevoked(tenantId: TenantId, username: string, issuedAt: number): Promise<boolean> {
    const revokedBefore = await readRevokedBefore(this.db, tenantId, username);
    // Refresh tokens carry whole seconds: one issued in the sign-out's second counts as revoked.
    return revokedBefore > 0 && issuedAt < Math.ceil(revokedBefore / 1000) * 1000;
  }

  /** The user's last global sign-out (epoch ms), or null. Cached for revocationCacheMs. */
  async signedOutAt(tenantId: TenantId, sub: string): Promise<number | null> {
    const key = `${tenantId}|${sub}`;
    const cached = this.signedOut.get(key);
    const now = Date.now();
    if (cached && cached.until > now) return cached.value || null;
    const value = await readSignedOutAt(this.db, tenantId, sub);
    this.signedOut.set(key, { value, until: now + this.revocationCacheMs });
    return value || null;
  }

  /**
   * Records a global sign-out: every token of this user on this tenant issued before `at` is
   * refused from now on (by this instance at once, by others within revocationCacheMs). Never
   * moves the cut-off backwards.
   */
  async recordGlobalSignOut(tenantId: TenantId, sub: string, at: number = Date.now()): Promise<void> {
    await writeSignedOutAt(this.db, tenantId, sub, at);
    this.signedOut.delete(`${tenantId}|${sub}`);
  }
}

export function createIdentity(env: { IDENTITY_POOLS_FILE?: string }, db: Database): Identity {
  return new Identity({ db, localPools: env.IDENTITY_POOLS_FILE ? readPoolsFile(env.IDENTITY_POOLS_FILE) : undefined });
}
