/**
 * The refresh token never reaches page scripts (docs/decisions/0014-refresh-token-cookie.md).
 *
 * Whenever the identity gateway (or the social sign-in callback) receives tokens with a refresh
 * token, the real token goes into an HttpOnly, SameSite=Strict cookie sent only to the gateway's
 * path and named for the tenant's app client, and Amplify gets a placeholder instead:
 * "gateway-held." + the token's SHA-256 (base64url), which names the token without revealing it.
 * A request that carries the placeholder (GetTokensFromRefreshToken, InitiateAuth
 * REFRESH_TOKEN_AUTH, RevokeToken) has it replaced by the cookie's token, but only when the
 * cookie holds the very token the placeholder stands for; otherwise it fails like a bad refresh
 * token. Sign-out (GlobalSignOut, RevokeToken, DeleteUser) and a refused refresh clear the cookie.
 */
import { createHash } from 'node:crypto';
import { safeEqual } from './social/pkce';
import { readCookie, serializeCookie } from './cookies';

/** Where the identity gateway is mounted: the only path the browser sends the cookie to. */
export const REFRESH_COOKIE_PATH = '/api/identity';
/** As long as Amplify's token cookies live (app/lib/identity/amplify.client.ts): 30 days. */
export const REFRESH_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
const PLACEHOLDER_PREFIX = 'gateway-held.';

type Body = Record<string, unknown>;

/** The gateway's answer shape (server/identity/gateway.ts). */
export interface GatewayAnswer {
  status: number;
  body: Body;
  headers?: Record<string, string>;
}

const record = (v: unknown): Body | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : null);

export const refreshCookieName = (clientId: string) => `identity_refresh.${clientId}`;

/** What Amplify stores in place of the refresh token. */
export const placeholderFor = (token: string) => `${PLACEHOLDER_PREFIX}${createHash('sha256').update(token).digest('base64url')}`;

export const isPlaceholder = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PLACEHOLDER_PREFIX);

export function refreshCookie(clientId: string, token: string, secure: boolean): string {
  return serializeCookie(refreshCookieName(clientId), token, { maxAge: REFRESH_COOKIE_MAX_AGE, path: REFRESH_COOKIE_PATH, sameSite: 'Strict', httpOnly: true, secure });
}

export function clearRefreshCookie(clientId: string, secure: boolean): string {
  return serializeCookie(refreshCookieName(clientId), '', { maxAge: 0, path: REFRESH_COOKIE_PATH, sameSite: 'Strict', httpOnly: true, secure });
}

const isRefresh = (operation: string, body: Body) =>
  operation === 'GetTokensFromRefreshToken' || (operation === 'InitiateAuth' && /^REFRESH_TOKEN/.test(String(body.AuthFlow ?? '')));

/** The field of the request that carries a refresh token, if the operation has one. */
function refreshTokenField(operation: string, body: Body): { holder: Body; key: string } | null {
  if (operation === 'GetTokensFromRefreshToken') return { holder: body, key: 'RefreshToken' };
  if (operation === 'RevokeToken') return { holder: body, key: 'Token' };
  const parameters = record(body.AuthParameters);
  if (operation === 'InitiateAuth' && isRefresh(operation, body) && parameters) return { holder: parameters, key: 'REFRESH_TOKEN' };
  return null;
}

export interface RefreshTokenUse {
  /** The request names a placeholder this browser's cookie does not back: send this answer instead. */
  refused?: GatewayAnswer;
  /** Where the refresh token the request now carries came from (a body token: a session from before the cookie). */
  source: 'cookie' | 'body' | null;
  token: string | null;
  /** The refresh token this browser's cookie holds, used by the request or not. */
  held: string | null;
}

/** Before forwarding: puts the cookie's refresh token where the request names the placeholder (mutates `body`). */
export function takeRefreshToken(operation: string, body: Body, cookieHeader: string | undefined, clientId: string): RefreshTokenUse {
  const held = readCookie(cookieHeader, refreshCookieName(clientId)) || null;
  const field = refreshTokenField(operation, body);
  const given = field?.holder[field.key];
  if (!field || typeof given !== 'string' || !given) return { source: null, token: null, held };
  if (!isPlaceholder(given)) return { source: 'body', token: given, held };
  if (!held || !safeEqual(placeholderFor(held), given)) {
    return { refused: { status: 400, body: { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' } }, source: null, token: null, held };
  }
  field.holder[field.key] = held;
  return { source: 'cookie', token: held, held };
}

/**
 * After forwarding: a refresh token in the answer (sign-in, challenge, rotation), or one a session
 * from before the cookie sent in the body, moves into the cookie and the answer carries its
 * placeholder; sign-out, a deleted user or a refused refresh clear the cookie.
 */
export function keepRefreshToken(operation: string, body: Body, answer: GatewayAnswer, use: RefreshTokenUse, clientId: string, secure: boolean): GatewayAnswer {
  const withCookie = (cookie: string, answerBody = answer.body): GatewayAnswer => ({ ...answer, body: answerBody, headers: { ...answer.headers, 'Set-Cookie': cookie } });
  const result = answer.status === 200 ? record(answer.body.AuthenticationResult) : null;
  const issued = typeof result?.RefreshToken === 'string' && result.RefreshToken ? result.RefreshToken : null;
  const token = issued ?? (result && use.source === 'body' && isRefresh(operation, body) ? use.token : null);
  if (result && token) {
    return withCookie(refreshCookie(clientId, token, secure), { ...answer.body, AuthenticationResult: { ...result, RefreshToken: placeholderFor(token) } });
  }
  const errorType = answer.status >= 400 ? String(answer.body.__type ?? '').split('#').pop() : undefined;
  const signedOut = operation === 'GlobalSignOut' || operation === 'RevokeToken' || (operation === 'DeleteUser' && answer.status === 200);
  const refusedRefresh = use.source === 'cookie' && isRefresh(operation, body) && errorType === 'NotAuthorizedException';
  return signedOut || refusedRefresh ? withCookie(clearRefreshCookie(clientId, secure)) : answer;
}
