/**
 * Social sign-in on the server (docs/decisions/0009-social-sign-in.md): the OAuth 2.0
 * authorization-code flow with PKCE against the tenant pool's hosted sign-in domain.
 *
 *  1. start(): a random state and an S256 PKCE verifier. The verifier, provider, mode and return
 *     address are stored per tenant (server/identity/data/oauthStates.server.ts) for 10 minutes; the
 *     browser gets the state in a short-lived HttpOnly SameSite=Lax cookie scoped to
 *     /socialSignIn (binds the flow to this browser: login CSRF). The verifier never leaves the
 *     server. The browser is sent to <hosted>/oauth2/authorize.
 *  2. complete(): on /socialSignIn?code&state the state must equal the cookie and name a live
 *     record of this tenant, which is deleted (single use). The code is exchanged at
 *     <hosted>/oauth2/token with the verifier; the tokens are verified like any session
 *     (signature, issuer, client, expiry, tenant) and set as Amplify CookieStorage cookies, so the
 *     server (getSessionUser) and Amplify in the browser both see the user. The refresh token goes
 *     into the identity gateway's HttpOnly cookie; Amplify's cookie holds its placeholder
 *     (server/identity/refreshCookie.ts).
 *
 * The hosted domain's scheme is configuration: HOSTED_SIGNIN_ENDPOINT (the local stand-in,
 * http://localhost:<port>) or https://<tenant.identity.hostedSignInDomain> in production.
 */
import { z } from 'zod';
import type { Tenant } from '#app/lib/config/tenant';
import { COGNITO_PROVIDER_NAMES, type SocialErrorCode, type SocialMode, type SocialProvider } from '#app/lib/social/providers';
import { AMPLIFY_COOKIE_PREFIX } from '#app/lib/identity/types';
import { readCookie, serializeCookie } from '../cookies';
import { placeholderFor, refreshCookie } from '../refreshCookie';
import { safeRedirect } from '#app/lib/safeRedirect';
import type { TenantData } from '#server/data/tenantData.server';
import { isErrorNamed } from '#server/errors';
import type { Identity, TenantPool } from '../identity.server';
import { codeChallengeS256, createCodeVerifier, randomToken, safeEqual } from './pkce';
import { SIGNED_IN_LANDING } from '#app/lib/nav';

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** The state cookie: HttpOnly, only sent back to the redirect_uri path. */
export const STATE_COOKIE = 'social_state';
export const CALLBACK_PATH = '/socialSignIn';
/** Amplify's CookieStorage keeps tokens 30 days (app/lib/identity/amplify.client.ts). */
const AMPLIFY_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

export type { SocialErrorCode };

export class SocialSignInError extends Error {
  constructor(public code: SocialErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'SocialSignInError';
  }
}
/** By name, not instanceof: see server/errors.ts. */
export const isSocialSignInError = (e: unknown): e is SocialSignInError => isErrorNamed(e, 'SocialSignInError');

/** The hosted sign-in base URL for the tenant, or null when none is configured. */
export function hostedSignInBase(tenant: Pick<Tenant, 'identity'>, env: { HOSTED_SIGNIN_ENDPOINT?: string }): string | null {
  if (env.HOSTED_SIGNIN_ENDPOINT) return env.HOSTED_SIGNIN_ENDPOINT.replace(/\/+$/, '');
  const domain = tenant.identity.hostedSignInDomain;
  return domain ? `https://${domain}` : null;
}

function cookie(name: string, value: string, options: { maxAge: number; path: string; secure: boolean; httpOnly: boolean }): string {
  return serializeCookie(name, value, { ...options, sameSite: 'Lax' });
}

export function stateCookie(state: string, secure: boolean): string {
  return cookie(STATE_COOKIE, state, { maxAge: STATE_TTL_MS / 1000, path: CALLBACK_PATH, secure, httpOnly: true });
}

export function clearStateCookie(secure: boolean): string {
  return cookie(STATE_COOKIE, '', { maxAge: 0, path: CALLBACK_PATH, secure, httpOnly: true });
}

export interface CognitoTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * The cookies Amplify's CookieStorage reads (same names, path /, SameSite Lax, Secure on https;
 * readable by the browser library, so not HttpOnly): LastAuthUser, idToken, accessToken,
 * refreshToken and clockDrift under CognitoIdentityServiceProvider.<clientId>. The refreshToken
 * cookie holds the placeholder; the token itself goes into refreshCookie() (HttpOnly).
 */
export function amplifyCookies(clientId: string, username: string, tokens: CognitoTokens, secure: boolean): string[] {
  const base = `${AMPLIFY_COOKIE_PREFIX}.${clientId}`;
  const options = { maxAge: AMPLIFY_COOKIE_MAX_AGE, path: '/', secure, httpOnly: false };
  return [
    cookie(`${base}.LastAuthUser`, username, options),
    cookie(`${base}.${username}.idToken`, tokens.idToken, options),
    cookie(`${base}.${username}.accessToken`, tokens.accessToken, options),
    cookie(`${base}.${username}.refreshToken`, placeholderFor(tokens.refreshToken), options),
    cookie(`${base}.${username}.clockDrift`, '0', options),
  ];
}

const stateRecordSchema = z.object({
  verifier: z.string().min(43),
  provider: z.string(),
  mode: z.enum(['signIn', 'signUp']),
  redirectTo: z.string(),
  expiresAt: z.number(),
});

export interface StartInput {
  /** The tenant's data (context.data): the state is stored there. */
  data: Pick<TenantData, 'oauthStates'>;
  pool: Pick<TenantPool, 'appClientId'>;
  hostedBase: string;
  /** The tenant's site (tenantOrigin), e.g. http://aurora.localhost:3000: the callback address is made from it. */
  origin: string;
  provider: SocialProvider;
  mode: SocialMode;
  redirectTo: string;
  now?: number;
}

/** Starts the flow: stores state + verifier, answers the authorize URL and the state cookie. */
export async function startSocialSignIn(input: StartInput): Promise<{ authorizeUrl: string; setCookie: string; state: string }> {
  const now = input.now ?? Date.now();
  const state = randomToken();
  const verifier = createCodeVerifier();
  await input.data.oauthStates.save(state, {
    verifier,
    provider: input.provider,
    mode: input.mode,
    redirectTo: input.redirectTo,
    expiresAt: now + STATE_TTL_MS,
  });
  const url = new URL(`${input.hostedBase}/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.pool.appClientId);
  url.searchParams.set('redirect_uri', `${input.origin}${CALLBACK_PATH}`);
  url.searchParams.set('identity_provider', COGNITO_PROVIDER_NAMES[input.provider]);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallengeS256(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { authorizeUrl: url.toString(), setCookie: stateCookie(state, input.origin.startsWith('https:')), state };
}

/** Takes (and deletes) the tenant's state record: a state is good for one callback only. */
async function consumeState(data: Pick<TenantData, 'oauthStates'>, state: string, now: number) {
  const item = await data.oauthStates.take(state);
  if (!item) throw new SocialSignInError('bad_state', 'unknown or used state');
  const record = stateRecordSchema.safeParse(item);
  if (!record.success) throw new SocialSignInError('bad_state', 'malformed state record');
  if (record.data.expiresAt < now) throw new SocialSignInError('expired');
  return record.data;
}

const tokenResponseSchema = z.object({
  id_token: z.string().min(1),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

/** POST <hosted>/oauth2/token: authorization code + PKCE verifier → Cognito tokens. */
export async function exchangeCode(
  hostedBase: string,
  params: { clientId: string; code: string; redirectUri: string; verifier: string },
  fetchImpl: typeof fetch = fetch,
): Promise<CognitoTokens> {
  let res: Response;
  try {
    res = await fetchImpl(`${hostedBase}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: params.clientId,
        code: params.code,
        redirect_uri: params.redirectUri,
        code_verifier: params.verifier,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new SocialSignInError('unavailable', (e as Error).message);
  }
  if (!res.ok) throw new SocialSignInError(res.status >= 500 ? 'unavailable' : 'exchange_failed', `token endpoint answered ${res.status}`);
  const body = tokenResponseSchema.safeParse(await res.json().catch(() => null));
  if (!body.success) throw new SocialSignInError('exchange_failed', 'token endpoint answered without tokens');
  return { idToken: body.data.id_token, accessToken: body.data.access_token, refreshToken: body.data.refresh_token };
}

export interface CompleteInput {
  /** The tenant's data (context.data): the flow's state, the user's profile. */
  data: Pick<TenantData, 'oauthStates' | 'profiles'>;
  identity: Pick<Identity, 'verifySession'>;
  tenant: Pick<Tenant, 'id' | 'identity'>;
  pool: Pick<TenantPool, 'appClientId'>;
  hostedBase: string;
  origin: string;
  query: URLSearchParams;
  cookieHeader: string | null;
  now?: number;
  fetchImpl?: typeof fetch;
}

export interface CompleteResult {
  /** Where the browser goes next. */
  location: string;
  setCookies: string[];
  email: string | null;
  provider: string;
}

/** Handles the redirect back from the hosted sign-in; throws SocialSignInError with a code. */
export async function completeSocialSignIn(input: CompleteInput): Promise<CompleteResult> {
  const now = input.now ?? Date.now();
  const state = input.query.get('state') ?? '';
  const expected = readCookie(input.cookieHeader, STATE_COOKIE);
  // The state must come back to the browser that started the flow.
  if (!state || !expected || !safeEqual(state, expected)) throw new SocialSignInError('bad_state', 'state does not match this browser');
  const record = await consumeState(input.data, state, now);
  const error = input.query.get('error');
  if (error) throw new SocialSignInError(error === 'access_denied' ? 'access_denied' : 'provider_error', error);
  const code = input.query.get('code');
  if (!code) throw new SocialSignInError('provider_error', 'no code');
  const tokens = await exchangeCode(
    input.hostedBase,
    { clientId: input.pool.appClientId, code, redirectUri: `${input.origin}${CALLBACK_PATH}`, verifier: record.verifier },
    input.fetchImpl,
  );
  const session = await input.identity.verifySession(input.tenant, tokens.idToken, tokens.accessToken);
  if (!session) throw new SocialSignInError('exchange_failed', 'the tokens are not valid on this site');
  const secure = input.origin.startsWith('https:');
  // Checked when the flow started and again here: a stored value is never followed unchecked.
  const returnTo = safeRedirect(record.redirectTo, SIGNED_IN_LANDING);
  let location = returnTo;
  try {
    const profile = await input.data.profiles.get(session.sub);
    if (!profile || !profile.acceptedTerms) location = `/registerMe?redirectTo=${encodeURIComponent(returnTo)}`;
  } catch {
    // The profile cannot be read now: go where the user was going; /registerMe can come later.
  }
  return {
    location,
    setCookies: [
      ...amplifyCookies(input.pool.appClientId, session.username, tokens, secure),
      refreshCookie(input.pool.appClientId, tokens.refreshToken, secure),
      clearStateCookie(secure),
    ],
    email: session.email,
    provider: record.provider,
  };
}
