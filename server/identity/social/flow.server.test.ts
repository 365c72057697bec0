import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testTenantId } from '#tests/support/tenants';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData } from '#server/data/tenantData.server';
import { placeholderFor, refreshCookie } from '../refreshCookie';
import { amplifyCookies, completeSocialSignIn, hostedSignInBase, SocialSignInError, startSocialSignIn, stateCookie } from './flow.server';
import { identitySchema } from '#app/lib/config/tenant';

describe('social sign-in flow helpers', () => {
  it('writes the cookies Amplify CookieStorage reads', () => {
    const cookies = amplifyCookies('client1', 'user-1', { idToken: 'id.t', accessToken: 'ac.t', refreshToken: 'rf' }, false);
    expect(cookies.map((c) => c.split('=')[0])).toEqual([
      'CognitoIdentityServiceProvider.client1.LastAuthUser',
      'CognitoIdentityServiceProvider.client1.user-1.idToken',
      'CognitoIdentityServiceProvider.client1.user-1.accessToken',
      'CognitoIdentityServiceProvider.client1.user-1.refreshToken',
      'CognitoIdentityServiceProvider.client1.user-1.clockDrift',
    ]);
    for (const c of cookies) {
      expect(c).toContain('Path=/;');
      expect(c).toContain('SameSite=Lax');
      expect(c).not.toContain('HttpOnly');
      expect(c).not.toContain('Secure');
    }
    expect(amplifyCookies('c', 'u', { idToken: 'a', accessToken: 'b', refreshToken: 'c' }, true)[0]).toContain('Secure');
    // Page scripts read these cookies: the refresh token is only named by its placeholder.
    const refresh = cookies.find((c) => c.startsWith('CognitoIdentityServiceProvider.client1.user-1.refreshToken='))!;
    expect(refresh.split(';')[0]).toBe(`CognitoIdentityServiceProvider.client1.user-1.refreshToken=${encodeURIComponent(placeholderFor('rf'))}`);
  });

  it('a completed sign-in keeps the refresh token in the gateway’s HttpOnly cookie', async () => {
    const state = 's'.repeat(43);
    const db = {
      table: 'test',
      doc: {
        send: async (command: unknown) =>
          command instanceof DeleteCommand
            ? { Attributes: { verifier: 'v'.repeat(43), provider: 'Google', mode: 'signIn', redirectTo: '/aboutUs', expiresAt: Date.now() + 60_000 } }
            : { Item: { acceptedTerms: true } },
      },
    } as unknown as Database;
    const tokenEndpoint = async () => Response.json({ id_token: 'id.jwt.sig', access_token: 'ac.jwt.sig', refresh_token: 'real-refresh-token' });
    const aurora = testTenantId('aurora');
    const result = await completeSocialSignIn({
      data: tenantData({ db }, aurora),
      identity: { verifySession: async () => ({ sub: 'sub-1', username: 'user-1', email: 'a@example.com', emailVerified: true, groups: [], tenantId: 'aurora' }) },
      tenant: { id: aurora, identity: identitySchema.parse({ region: 'us-east-1' }) },
      pool: { appClientId: 'client1' },
      hostedBase: 'http://localhost:1',
      origin: 'https://aurora.example.com',
      query: new URLSearchParams({ code: 'c', state }),
      cookieHeader: `social_state=${state}`,
      fetchImpl: tokenEndpoint as typeof fetch,
    });
    expect(result.setCookies).toContain(refreshCookie('client1', 'real-refresh-token', true));
    const readable = result.setCookies.filter((c) => !c.includes('HttpOnly'));
    expect(readable.some((c) => c.includes('real-refresh-token'))).toBe(false);
    expect(readable).toContainEqual(expect.stringContaining(`.user-1.refreshToken=${encodeURIComponent(placeholderFor('real-refresh-token'))};`));
  });

  it('keeps the state in a short-lived HttpOnly cookie scoped to the callback', () => {
    const c = stateCookie('abc', true);
    expect(c).toBe('social_state=abc; Max-Age=600; Path=/socialSignIn; SameSite=Lax; HttpOnly; Secure');
  });

  it('uses the configured endpoint locally and https://<hostedSignInDomain> otherwise', () => {
    expect(hostedSignInBase({ identity: identitySchema.parse({ region: 'x' }) }, { HOSTED_SIGNIN_ENDPOINT: 'http://localhost:9230/' })).toBe('http://localhost:9230');
    expect(hostedSignInBase({ identity: identitySchema.parse({ region: 'x', hostedSignInDomain: 'auth.example.com' }) }, {})).toBe('https://auth.example.com');
    expect(hostedSignInBase({ identity: identitySchema.parse({ region: 'x' }) }, {})).toBeNull();
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const attempt = (cookieHeader: string | null, state: string) =>
      completeSocialSignIn({
        data: {} as never,
        identity: { verifySession: async () => null },
        tenant: { id: testTenantId('aurora'), identity: identitySchema.parse({ region: 'us-east-1' }) },
        pool: { appClientId: 'c' },
        hostedBase: 'http://localhost:1',
        origin: 'http://aurora.localhost:3000',
        query: new URLSearchParams({ code: 'x', state }),
        cookieHeader,
      });
    await expect(attempt(null, 'a'.repeat(43))).rejects.toMatchObject({ code: 'bad_state' });
    await expect(attempt(`social_state=${'b'.repeat(43)}`, 'a'.repeat(43))).rejects.toBeInstanceOf(SocialSignInError);
  });

  it("names each provider in the authorize redirect as a Cognito hosted domain knows it (Apple: SignInWithApple, Amazon: LoginWithAmazon)", async () => {
    const sent = async (provider: 'Google' | 'Apple' | 'Amazon' | 'LinkedIn') => {
      const { authorizeUrl } = await startSocialSignIn({
        data: { oauthStates: { save: async () => undefined } } as never,
        pool: { appClientId: 'c' },
        hostedBase: 'https://auth.example.com',
        origin: 'https://aurora.example.com',
        provider,
        mode: 'signIn',
        redirectTo: '/',
      });
      return new URL(authorizeUrl).searchParams.get('identity_provider');
    };
    expect(await sent('Google')).toBe('Google');
    expect(await sent('Apple')).toBe('SignInWithApple');
    expect(await sent('Amazon')).toBe('LoginWithAmazon');
    expect(await sent('LinkedIn')).toBe('LinkedIn');
  });
});
