/**
 * The identity gateway keeps the refresh token in an HttpOnly cookie and hands Amplify a
 * placeholder (server/identity/refreshCookie.ts, docs/decisions/0014-refresh-token-cookie.md),
 * against the test stack's cognito-local.
 */
import { describe, expect, it } from 'vitest';
import { account, browserSession, call, clientId, heldToken, identity, phoneUser, refresh, signIn, tenantA, tenantB, serveGatewayDuringTests, type Tokens } from '#tests/support/gateway';

serveGatewayDuringTests();

describe('identity gateway: the refresh token stays in an HttpOnly cookie', () => {
  it('a password sign-in hands out a placeholder and keeps the token in an HttpOnly, SameSite=Strict cookie on the gateway path', async () => {
    const a = account(tenantA, 'member');
    const reply = await signIn(tenantA, a.username, a.password);
    const session = await browserSession(reply, tenantA);
    const header = reply.setCookies.find((c) => c.startsWith(`identity_refresh.${clientId(tenantA)}=`))!;
    const attributes = header.split(';').slice(1).map((x) => x.trim());
    expect(attributes).toEqual(expect.arrayContaining(['Path=/api/identity', 'HttpOnly', 'SameSite=Strict', 'Max-Age=2592000']));
    expect(attributes).not.toContain('Secure'); // plain http here; https adds Secure (refreshCookie.test.ts)
    // The answer carries no refresh token: the placeholder is no token of the pool, and names none.
    const held = heldToken(session.cookie);
    expect(await identity.localRefreshTokenClaims(tenantA, held)).toMatchObject({ issuedAt: expect.any(Number) });
    expect(await identity.localRefreshTokenClaims(tenantA, session.RefreshToken)).toBeNull();
    expect(session.RefreshToken).not.toContain(held);
    expect(JSON.stringify(reply.body)).not.toContain(held);

    // With the cookie, the placeholder refreshes (both ways Amplify has refreshed).
    const refreshed = await refresh(tenantA, session.RefreshToken, session.cookie);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const result = refreshed.body.AuthenticationResult as Tokens;
    expect(await identity.verifySession(tenantA, result.IdToken, result.AccessToken)).not.toBeNull();
    expect(JSON.stringify(refreshed.body)).not.toContain(held);
    const viaInitiateAuth = await call(
      tenantA,
      'InitiateAuth',
      { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId(tenantA), AuthParameters: { REFRESH_TOKEN: session.RefreshToken } },
      { headers: { Cookie: session.cookie } },
    );
    expect(viaInitiateAuth.status, JSON.stringify(viaInitiateAuth.body)).toBe(200);

    // Without the cookie, with another session's cookie, or on another tenant, it fails like a bad refresh token.
    const other = await browserSession(await signIn(tenantA, a.username, a.password), tenantA);
    const otherTenant = await browserSession(await signIn(tenantB, account(tenantB, 'member').username, account(tenantB, 'member').password), tenantB);
    for (const attempt of [
      await refresh(tenantA, session.RefreshToken),
      await refresh(tenantA, session.RefreshToken, other.cookie),
      await refresh(tenantA, other.RefreshToken, session.cookie),
      await refresh(tenantB, session.RefreshToken, session.cookie),
      await refresh(tenantB, session.RefreshToken, `${otherTenant.cookie.split('=')[0]}=${encodeURIComponent(held)}`),
    ]) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    }
  });

  it('GlobalSignOut clears the cookie, and the token it held is refused afterwards', async () => {
    const user = await phoneUser(tenantB);
    const session = await browserSession(await signIn(tenantB, user.email, user.password), tenantB);
    const out = await call(tenantB, 'GlobalSignOut', { AccessToken: session.AccessToken }, { headers: { Cookie: session.cookie } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.setCookies).toContainEqual(expect.stringMatching(new RegExp(`^identity_refresh\\.${clientId(tenantB)}=; Max-Age=0; Path=/api/identity;`)));
    const revoked = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };
    expect((await refresh(tenantB, session.RefreshToken, session.cookie)).body).toEqual(revoked);
    expect((await refresh(tenantB, heldToken(session.cookie))).body).toEqual(revoked);
  });

  it('a sign-out whose access token no longer works still revokes this browser’s refresh token and clears the cookie', async () => {
    const user = await phoneUser(tenantA);
    const session = await browserSession(await signIn(tenantA, user.email, user.password), tenantA);
    const out = await call(tenantA, 'GlobalSignOut', { AccessToken: 'expired-or-forged' }, { headers: { Cookie: session.cookie } });
    expect(out.body.__type).toBe('NotAuthorizedException');
    expect(out.setCookies).toContainEqual(expect.stringMatching(/; Max-Age=0; /));
    expect((await refresh(tenantA, session.RefreshToken, session.cookie)).body.__type).toBe('NotAuthorizedException');
    expect((await refresh(tenantA, heldToken(session.cookie))).body.__type).toBe('NotAuthorizedException');
  });

  it('RevokeToken (Amplify’s sign-out) swaps the placeholder for the cookie’s token, revokes it and clears the cookie', async () => {
    const user = await phoneUser(tenantA);
    const session = await browserSession(await signIn(tenantA, user.email, user.password), tenantA);
    const revoke = await call(tenantA, 'RevokeToken', { ClientId: clientId(tenantA), Token: session.RefreshToken }, { headers: { Cookie: session.cookie } });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    expect(revoke.setCookies).toContainEqual(expect.stringMatching(/; Max-Age=0; /));
    expect((await refresh(tenantA, session.RefreshToken, session.cookie)).body.__type).toBe('NotAuthorizedException');
    // A placeholder without its cookie revokes nothing.
    const second = await browserSession(await signIn(tenantA, user.email, user.password), tenantA);
    expect((await call(tenantA, 'RevokeToken', { ClientId: clientId(tenantA), Token: second.RefreshToken })).body.__type).toBe('NotAuthorizedException');
    expect((await refresh(tenantA, second.RefreshToken, second.cookie)).status).toBe(200);
  });

  it('DeleteUser clears the cookie', async () => {
    const user = await phoneUser(tenantB);
    const session = await browserSession(await signIn(tenantB, user.email, user.password), tenantB);
    const gone = await call(tenantB, 'DeleteUser', { AccessToken: session.AccessToken }, { headers: { Cookie: session.cookie } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.setCookies).toContainEqual(expect.stringMatching(/; Max-Age=0; /));
  });

  it('a refresh token sent as it is (a browser signed in before the cookie) still refreshes, and moves into the cookie', async () => {
    const user = await phoneUser(tenantA);
    const { cookie } = await browserSession(await signIn(tenantA, user.email, user.password), tenantA);
    const legacy = await refresh(tenantA, heldToken(cookie));
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    const moved = await browserSession(legacy, tenantA);
    expect(heldToken(moved.cookie)).toBe(heldToken(cookie));
    expect(moved.RefreshToken).not.toBe(heldToken(cookie));
    expect((await refresh(tenantA, moved.RefreshToken, moved.cookie)).status).toBe(200);
  });
});
