import { describe, expect, it } from 'vitest';
import { clearRefreshCookie, isPlaceholder, keepRefreshToken, placeholderFor, refreshCookie, takeRefreshToken } from './refreshCookie';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJjb2duaXRvOnVzZXJuYW1lIjoidSJ9.c2ln';

describe('refresh cookie', () => {
  it('is HttpOnly, SameSite=Strict, on the gateway path, named for the app client; Secure on https', () => {
    expect(refreshCookie('client1', TOKEN, false)).toBe(`identity_refresh.client1=${TOKEN}; Max-Age=2592000; Path=/api/identity; SameSite=Strict; HttpOnly`);
    expect(refreshCookie('client1', TOKEN, true)).toMatch(/; HttpOnly; Secure$/);
    expect(clearRefreshCookie('client1', true)).toBe('identity_refresh.client1=; Max-Age=0; Path=/api/identity; SameSite=Strict; HttpOnly; Secure');
  });

  it('hands out a placeholder that names the token without containing it', () => {
    const placeholder = placeholderFor(TOKEN);
    expect(isPlaceholder(placeholder)).toBe(true);
    expect(isPlaceholder(TOKEN)).toBe(false);
    expect(placeholder).not.toContain(TOKEN.split('.')[1]);
    expect(placeholderFor(`${TOKEN}x`)).not.toBe(placeholder);
  });

  it('swaps a backed placeholder for the cookie’s token, refuses an unbacked one, leaves other requests alone', () => {
    const cookie = `lng=en; identity_refresh.client1=${encodeURIComponent(TOKEN)}`;
    const body = { ClientId: 'client1', RefreshToken: placeholderFor(TOKEN) };
    expect(takeRefreshToken('GetTokensFromRefreshToken', body, cookie, 'client1')).toEqual({ source: 'cookie', token: TOKEN, held: TOKEN });
    expect(body.RefreshToken).toBe(TOKEN);

    const initiate = { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: placeholderFor(TOKEN) } };
    takeRefreshToken('InitiateAuth', initiate, cookie, 'client1');
    expect(initiate.AuthParameters.REFRESH_TOKEN).toBe(TOKEN);
    const revoke = { Token: placeholderFor(TOKEN) };
    takeRefreshToken('RevokeToken', revoke, cookie, 'client1');
    expect(revoke.Token).toBe(TOKEN);

    for (const [header, client] of [
      [undefined, 'client1'],
      [cookie, 'client2'],
      [`identity_refresh.client1=other`, 'client1'],
    ] as const) {
      const use = takeRefreshToken('GetTokensFromRefreshToken', { RefreshToken: placeholderFor(TOKEN) }, header, client);
      expect(use.refused?.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    }
    const password = { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'u', PASSWORD: placeholderFor(TOKEN) } };
    expect(takeRefreshToken('InitiateAuth', password, cookie, 'client1')).toEqual({ source: null, token: null, held: TOKEN });
    expect(password.AuthParameters.PASSWORD).toBe(placeholderFor(TOKEN));
  });

  it('moves an issued refresh token into the cookie and clears it at sign-out', () => {
    const none = { source: null, token: null, held: null };
    const signedIn = keepRefreshToken('InitiateAuth', {}, { status: 200, body: { AuthenticationResult: { AccessToken: 'a', RefreshToken: TOKEN } } }, none, 'client1', true);
    expect(signedIn.body).toEqual({ AuthenticationResult: { AccessToken: 'a', RefreshToken: placeholderFor(TOKEN) } });
    expect(signedIn.headers?.['Set-Cookie']).toBe(refreshCookie('client1', TOKEN, true));

    const refreshed = { status: 200, body: { AuthenticationResult: { AccessToken: 'b' } } };
    const fromCookie = { source: 'cookie' as const, token: TOKEN, held: TOKEN };
    expect(keepRefreshToken('GetTokensFromRefreshToken', {}, refreshed, fromCookie, 'client1', false)).toEqual(refreshed);

    for (const [operation, status] of [
      ['GlobalSignOut', 200],
      ['GlobalSignOut', 400],
      ['RevokeToken', 200],
      ['DeleteUser', 200],
    ] as const) {
      const answer = keepRefreshToken(operation, {}, { status, body: {} }, fromCookie, 'client1', false);
      expect(answer.headers?.['Set-Cookie'], `${operation} ${status}`).toBe(clearRefreshCookie('client1', false));
    }
    const failedDelete = keepRefreshToken('DeleteUser', {}, { status: 400, body: { __type: 'NotAuthorizedException' } }, fromCookie, 'client1', false);
    expect(failedDelete.headers).toBeUndefined();
    const revoked = keepRefreshToken('GetTokensFromRefreshToken', {}, { status: 400, body: { __type: 'NotAuthorizedException' } }, fromCookie, 'client1', false);
    expect(revoked.headers?.['Set-Cookie']).toBe(clearRefreshCookie('client1', false));
  });
});
