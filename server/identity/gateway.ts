/**
 * The identity gateway: the browser's Amplify talks to the tenant's user pool only through
 * POST /api/identity on the tenant's own host (Amplify's `userPoolEndpoint`). See
 * docs/decisions/0008-identity-gateway.md.
 *
 * Every request:
 *  - speaks Cognito's JSON protocol only (Content-Type application/x-amz-json-1.1 and an
 *    X-Amz-Target header: a cross-site form cannot send either), from this site (an Origin header,
 *    when present, must be this host), with a body of at most 64 KB nested at most 10 levels;
 *  - names one of the operations the product uses (ALLOWED_OPERATIONS), and this tenant's app
 *    client / pool; a SignUp always carries custom:tenantId = this tenant, and no one may write
 *    custom:tenantId afterwards;
 *  - is rate limited for sign-in, code entry and code sending per source address, per account and
 *    address, and per account (the account the name resolves to, whatever form it was typed in),
 *    with back-off per address rather than a lock the right password cannot pass
 *    (attemptLimits.ts, docs/decisions/0059; LimitExceededException with a clear message);
 *  - never tells whether an account exists: an unknown user and a wrong password give the same
 *    NotAuthorizedException, a reset or resend for an unknown user answers like a sent code, and a
 *    sign-up with a taken address answers like a new one while its owner gets a mail
 *    (signUpSteps.ts);
 *  - is logged as one line without bodies, tokens, codes or passwords;
 *  - never hands a refresh token to the page: it stays in an HttpOnly cookie of the gateway's path
 *    and Amplify holds a placeholder (refreshCookie.ts, docs/decisions/0014-refresh-token-cookie.md).
 *
 * With a local pool (cognito-local), the gateway also closes cognito-local's gaps: it checks
 * access tokens (cognito-local only decodes them) against the pool's keys and the user's global
 * sign-out, implements GlobalSignOut (server cut-off + refresh-token revocation list in DynamoDB),
 * refuses revoked refresh tokens, and answers GetTokensFromRefreshToken (what Amplify ≥ 6.14
 * refreshes with) through InitiateAuth REFRESH_TOKEN_AUTH. SMS MFA and challenge sessions are
 * handled in cognito-local's own process (local/stack/cognito-process.mjs).
 * With Amazon Cognito, requests are forwarded as they are (after the checks above).
 */
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Tenant } from '#app/lib/config/tenant';
import type { Services } from '#server/services';
import type { TenantPool } from './identity.server';
import { codeDelivery, codeMismatch, cognitoError, errorType, record, str, withCodeDelivery, type Answer, type Body } from './answers';
import { AttemptLimits, DEFAULT_LIMITS, type GatewayLimits, type LimitKind } from './attemptLimits';
import { refuseContactClaim } from './contactClaims';
import { AccountResolver, cognitoPoolAccounts, type PoolAccounts } from './poolAccounts';
import { completeSignUpProfile } from './signUpProfile';
import type { OriginEnv } from '../config/tenantOrigin.server';
import { shapeProblem } from './requestShape';
import { confirmSignUp, resendConfirmationCode, signUp, type SignUpContext } from './signUpSteps';
import { nestedDeeperThan } from './nesting';
import { keepRefreshToken, takeRefreshToken } from './refreshCookie';
import { log as logger } from '../observability/log.server';
import { IDENTITY_TIMEOUT_MS, isOutage, reaching, RETRY_AFTER_SECONDS } from '#server/platform/unavailable.server';

export { DEFAULT_LIMITS, type GatewayLimits, type Limit } from './attemptLimits';
export { maskDestination } from './answers';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const MAX_BODY = '64kb';
/** Cognito's requests nest at most 4 levels; deeper bodies are refused (server/identity/nesting.ts). */
const MAX_NESTING = 10;
const JSON_TYPE = 'application/x-amz-json-1.1';

/** The Cognito operations the product's Amplify calls send (see the ADR for which API sends which). */
export const ALLOWED_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
]);

/** Operations authorised by the caller's access token. */
const ACCESS_TOKEN_OPERATIONS = new Set([
  'GlobalSignOut',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
]);

/** Which limiter an operation falls under: failures count for sign-in and codes, every request for sending. */
const LIMITED: Record<string, LimitKind> = {
  InitiateAuth: 'signIn',
  RespondToAuthChallenge: 'signIn',
  ConfirmSignUp: 'code',
  ConfirmForgotPassword: 'code',
  VerifySoftwareToken: 'code',
  VerifyUserAttribute: 'code',
  ForgotPassword: 'send',
  ResendConfirmationCode: 'send',
};

export interface GatewayOptions {
  limits?: GatewayLimits;
  /** Which account a name means (default: AdminGetUser on the tenant's pool). */
  accounts?: PoolAccounts;
  /** Receives one entry per request (no secrets). Default: a JSON line on stdout. */
  log?: (entry: GatewayLogEntry) => void;
}

export interface GatewayLogEntry {
  at: string;
  tenant: string;
  operation: string;
  status: number;
  error?: string;
  ms: number;
  ip: string;
}

/** Errors that count as a failed sign-in or code entry. */
const FAILURES = new Set(['NotAuthorizedException', 'CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException', 'InvalidPasswordException']);

const SIGN_IN_FAILED = 'Incorrect username or password.';

/** Amplify shows a ServiceUnavailableException as "sign-in is unavailable" in the page's language (app/components/account/errors.ts). */
const UNAVAILABLE = cognitoError(503, 'ServiceUnavailableException', 'Sign-in is unavailable right now. Please try again in a moment.', { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/** Claims of a JWT without verifying it (only to key rate limits; never to authorise). */
function unverifiedClaims(token: string): Body {
  try {
    return record(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')));
  } catch {
    return {};
  }
}

/** The account a request is about, for per-account limits: a name to resolve, or a key it already is. */
function accountOf(operation: string, body: Body): { name: string } | { key: string } {
  const name =
    str(record(body.AuthParameters).USERNAME) ||
    str(record(body.ChallengeResponses).USERNAME) ||
    str(body.Username);
  if (name.trim()) return { name };
  const sub = str(unverifiedClaims(str(body.AccessToken)).sub);
  if (sub) return { key: `sub:${sub}` };
  return { key: operation === 'VerifySoftwareToken' && str(body.Session) ? `session:${str(body.Session).slice(0, 64)}` : '' };
}

function limitMessage(kind: LimitKind, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const wait = `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  if (kind === 'send') return `Too many codes have been requested. ${wait}`;
  if (kind === 'code') return `Too many incorrect codes. ${wait}`;
  return `Too many sign-in attempts. ${wait}`;
}

const limitExceeded = (kind: LimitKind, seconds: number): Answer =>
  cognitoError(400, 'LimitExceededException', limitMessage(kind, seconds), { 'Retry-After': String(seconds) });

/** The identity service answered that it cannot serve now (a gateway or availability 5xx). */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

async function upstream(pool: TenantPool, operation: string, body: Body): Promise<Answer> {
  const res = await reaching('identity', () =>
    fetch(`${pool.serviceEndpoint}/`, {
      method: 'POST',
      headers: { 'Content-Type': JSON_TYPE, 'X-Amz-Target': `${TARGET_PREFIX}${operation}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
    }),
  );
  const text = await reaching('identity', () => res.text());
  if (UNAVAILABLE_STATUSES.has(res.status)) return UNAVAILABLE;
  let json: Body = {};
  try {
    json = record(text ? JSON.parse(text) : {});
  } catch {
    json = { __type: 'InternalErrorException', message: 'The sign-in service answered unexpectedly.' };
  }
  // cognito-local answers 500 for what it does not support; to the browser that is a service error.
  if (res.status >= 500) return cognitoError(500, 'InternalErrorException', 'The sign-in service failed. Please try again.');
  return { status: res.status, body: json };
}

/** Resolves once the wall clock has passed the whole second after `at` (epoch ms). */
function untilNextSecond(at: number): Promise<void> {
  const wait = Math.ceil(at / 1000) * 1000 - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

function hostOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

export function identityGateway(services: Services, env: OriginEnv, options: GatewayOptions = {}): Router {
  const router = express.Router();
  const limits = new AttemptLimits(options.limits ?? DEFAULT_LIMITS);
  const accounts = new AccountResolver(options.accounts ?? cognitoPoolAccounts());
  const log = options.log ?? ((entry: GatewayLogEntry) => logger.info('[identity]', entry));
  const identity = services.identity;

  async function handle(req: Request, tenant: Tenant, operation: string, rawBody: unknown): Promise<Answer> {
    const pool = identity.poolFor(tenant);
    if (!pool) return cognitoError(404, 'ResourceNotFoundException', 'This site has no sign-in.');
    if (!String(req.headers['content-type'] ?? '').startsWith(JSON_TYPE)) {
      return cognitoError(415, 'InvalidParameterException', `The identity gateway accepts ${JSON_TYPE} only.`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && hostOf(origin) !== req.headers.host) {
      return cognitoError(403, 'NotAuthorizedException', 'This request comes from another site.');
    }
    if (!ALLOWED_OPERATIONS.has(operation)) return cognitoError(400, 'InvalidParameterException', 'Unknown operation.');
    let body: Body;
    try {
      const parsed: unknown = JSON.parse(typeof rawBody === 'string' && rawBody ? rawBody : '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Body;
    } catch {
      return cognitoError(400, 'InvalidParameterException', 'The body is not valid JSON.');
    }
    if (nestedDeeperThan(body, MAX_NESTING)) return cognitoError(400, 'InvalidParameterException', `The request is nested too deeply (at most ${MAX_NESTING} levels).`);
    const shape = shapeProblem(operation, body);
    if (shape) return cognitoError(400, 'InvalidParameterException', shape);
    if ((body.ClientId !== undefined && body.ClientId !== pool.appClientId) || (body.UserPoolId !== undefined && body.UserPoolId !== pool.userPoolId)) {
      return cognitoError(400, 'InvalidParameterException', 'This request belongs to another site.');
    }

    // The tenant attribute is the platform's, never the caller's.
    if (operation === 'SignUp') {
      const attributes = Array.isArray(body.UserAttributes) ? body.UserAttributes.map(record) : [];
      body.UserAttributes = [...attributes.filter((a) => a.Name !== 'custom:tenantId'), { Name: 'custom:tenantId', Value: tenant.id }];
    }
    if (operation === 'UpdateUserAttributes' && Array.isArray(body.UserAttributes) && body.UserAttributes.some((a) => record(a).Name === 'custom:tenantId')) {
      return cognitoError(400, 'NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }

    // Rate limits: the address first (no lookup needed), then the account the name resolves to.
    const kind = LIMITED[operation];
    const refreshing = operation === 'InitiateAuth' && /^REFRESH_TOKEN/.test(str(body.AuthFlow));
    const limited = kind && !refreshing ? kind : undefined;
    const ip = req.ip ?? '';
    let attempt = { tenantId: tenant.id, ip, account: '' };
    if (limited) {
      const sourceWait = await limits.sourceWait(limited, attempt);
      if (sourceWait) return limitExceeded(limited, sourceWait);
      const named = accountOf(operation, body);
      attempt = { ...attempt, account: 'key' in named ? named.key : await accounts.attemptKey(tenant.id, pool, named.name) };
      const accountWait = await limits.accountWait(limited, attempt);
      if (accountWait) return limitExceeded(limited, accountWait);
      if (limited === 'send') await limits.count('send', attempt);
    }

    // The refresh token lives in an HttpOnly cookie; Amplify holds a placeholder (refreshCookie.ts).
    const refresh = takeRefreshToken(operation, body, req.headers.cookie, pool.appClientId);
    if (refresh.refused) return refresh.refused;
    const answer = await dispatch(tenant, pool, operation, body, ip);
    // A sign-out whose access token no longer works (expired while idle) still ends this browser's refresh token.
    if (operation === 'GlobalSignOut' && answer.status !== 200 && refresh.held) await upstream(pool, 'RevokeToken', { ClientId: pool.appClientId, Token: refresh.held }).catch(() => undefined);
    // A sign-in completes a profile its sign-up could not write (from the names the new ID token carries).
    const idToken = str(record(answer.body.AuthenticationResult).IdToken);
    if (limited === 'signIn' && idToken) {
      const claims = unverifiedClaims(idToken);
      await completeSignUpProfile(services.db, tenant, str(claims.sub), claims, 'sign-in');
    }

    if ((limited === 'signIn' || limited === 'code') && answer.status >= 400 && FAILURES.has(errorType(answer) ?? '')) await limits.count(limited, attempt);
    return keepRefreshToken(operation, body, answer, refresh, pool.appClientId, req.secure);
  }

  /** The operation itself: local compatibility, forwarding, and hiding whether an account exists. */
  async function dispatch(tenant: Tenant, pool: TenantPool, operation: string, body: Body, ip: string): Promise<Answer> {
    let signedIn: { sub: string; username: string } | null = null;
    if (ACCESS_TOKEN_OPERATIONS.has(operation) && (operation !== 'AssociateSoftwareToken' || body.AccessToken !== undefined)) {
      signedIn = await identity.verifyToken(tenant, str(body.AccessToken), 'access');
      // cognito-local only decodes access tokens; Amazon Cognito checks them itself.
      if (pool.local && !signedIn) return cognitoError(400, 'NotAuthorizedException', 'Access Token has been revoked');
    }
    const claim = await refuseContactClaim(pool, operation, body, signedIn?.sub ?? null);
    const steps: SignUpContext = { tenant, env, pool, db: services.db, accounts, limits, ip, forward: (op, b) => upstream(pool, op, b) };
    if (operation === 'SignUp') return signUp(steps, body, claim);
    if (claim) return cognitoError(400, claim.type, claim.message);
    if (operation === 'ConfirmSignUp') return confirmSignUp(steps, body);
    if (operation === 'ResendConfirmationCode') return resendConfirmationCode(steps, body);

    if (pool.local && (operation === 'GetTokensFromRefreshToken' || (operation === 'InitiateAuth' && /^REFRESH_TOKEN/.test(str(body.AuthFlow))))) {
      const token = operation === 'InitiateAuth' ? str(record(body.AuthParameters).REFRESH_TOKEN) : str(body.RefreshToken);
      const claims = await identity.localRefreshTokenClaims(tenant, token);
      if (!claims) return cognitoError(400, 'NotAuthorizedException', 'Invalid Refresh Token');
      if (await identity.isRefreshTokenRevoked(tenant.id, claims.username, claims.issuedAt)) {
        return cognitoError(400, 'NotAuthorizedException', 'Refresh Token has been revoked');
      }
      if (operation === 'GetTokensFromRefreshToken') {
        const out = await upstream(pool, 'InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: pool.appClientId,
          AuthParameters: { REFRESH_TOKEN: token, ...(body.DeviceKey ? { DEVICE_KEY: body.DeviceKey } : {}) },
          ...(body.ClientMetadata ? { ClientMetadata: body.ClientMetadata } : {}),
        });
        if (out.status >= 400) return out;
        const result = record(out.body.AuthenticationResult);
        const access = unverifiedClaims(str(result.AccessToken));
        const expiresIn = typeof access.exp === 'number' && typeof access.iat === 'number' ? access.exp - access.iat : 3600;
        return { status: 200, body: { AuthenticationResult: { AccessToken: result.AccessToken, IdToken: result.IdToken, ExpiresIn: expiresIn, TokenType: 'Bearer' } } };
      }
    }

    let signedOutAt: number | null = null;
    if (operation === 'GlobalSignOut' && signedIn) {
      // The server refuses the user's older ID/access tokens; the gateway refuses older refresh tokens.
      signedOutAt = Date.now();
      await identity.recordGlobalSignOut(tenant.id, signedIn.sub, signedOutAt);
      if (pool.local) await identity.revokeRefreshTokens(tenant.id, signedIn.username, signedOutAt);
    }

    const answer = await upstream(pool, operation, body);
    const type = errorType(answer);

    if (operation === 'DeleteUser' && answer.status === 200 && signedIn) await identity.recordGlobalSignOut(tenant.id, signedIn.sub);
    // Tokens carry whole seconds and a session begun in the sign-out's second is refused (fails
    // closed), so the answer waits for the next second: a sign-in made after it is never refused.
    if (signedOutAt !== null) await untilNextSecond(signedOutAt);

    if (operation === 'InitiateAuth' && (type === 'UserNotFoundException' || type === 'InvalidPasswordException' || type === 'NotAuthorizedException')) {
      if (!/^REFRESH_TOKEN/.test(str(body.AuthFlow))) return cognitoError(400, 'NotAuthorizedException', SIGN_IN_FAILED);
    }
    if (operation === 'ConfirmForgotPassword' && (type === 'UserNotFoundException' || type === 'CodeMismatchException')) return codeMismatch();
    if (operation === 'ForgotPassword') {
      if (type === 'UserNotFoundException') return { status: 200, body: { CodeDeliveryDetails: codeDelivery(str(body.Username)) } };
      return withCodeDelivery(answer);
    }
    return answer;
  }

  router.post('/', express.text({ type: () => true, limit: MAX_BODY }), async (req, res) => {
    const started = performance.now();
    const tenant = res.locals.tenant as Tenant;
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    let answer: Answer;
    try {
      answer = operation
        ? await handle(req, tenant, operation, req.body)
        : cognitoError(400, 'InvalidParameterException', 'Unknown operation.');
    } catch (e) {
      // The identity service, or DynamoDB for the sign-out records, could not be reached: 503.
      answer = UNAVAILABLE;
      if (!isOutage(e) && (e as Error).name !== 'AbortError') logger.error('identity gateway failed', { operation, error: e });
    }
    res.status(answer.status);
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Cache-Control', 'no-store');
    if (answer.status >= 400) res.setHeader('x-amzn-ErrorType', str(answer.body.__type));
    for (const [k, v] of Object.entries(answer.headers ?? {})) res.setHeader(k, v);
    res.setHeader('x-amzn-RequestId', randomUUID());
    res.send(JSON.stringify(answer.body));
    log({
      at: new Date().toISOString(),
      tenant: tenant.id,
      operation: operation || target.slice(0, 80),
      status: answer.status,
      ...(errorType(answer) ? { error: errorType(answer) } : {}),
      ms: Math.round(performance.now() - started),
      ip: req.ip ?? '',
    });
  });

  router.all('/', (_req, res) => {
    res.status(405).setHeader('Allow', 'POST').type(JSON_TYPE).send(JSON.stringify({ __type: 'InvalidParameterException', message: 'Use POST.' }));
  });

  // Body too large or unreadable: a Cognito-shaped answer, not the site's error page.
  router.use((err: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (!err || typeof err !== 'object') return next(err);
    const tooLarge = err.type === 'entity.too.large';
    res
      .status(tooLarge ? 413 : 400)
      .type(JSON_TYPE)
      .setHeader('Cache-Control', 'no-store')
      .send(JSON.stringify({ __type: 'InvalidParameterException', message: tooLarge ? 'The request is too large.' : 'The request could not be read.' }));
  });
  return router;
}
