import { readFileSync } from 'node:fs';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { JwtVerifier } from 'aws-jwt-verify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { identityFiles, testDatabase } from '#tests/support/local-stack';
import { loadRegistry } from '#server/config/registry.server';
import { identitySchema, type Tenant } from '#app/lib/config/tenant';
import { localCognitoClient, type DemoAccount } from '#local/stack/cognito';
import { Identity, LoopbackHttpFetcher, readPoolsFile } from './identity.server';

const files = identityFiles();
const pools = readPoolsFile(files.pools);
const accounts = JSON.parse(readFileSync(files.demoAccounts, 'utf8')) as DemoAccount[];
const registry = loadRegistry(process.cwd()).registry;
const [tenantA, tenantB] = [...registry.tenants.values()] as [Tenant, Tenant];
const db = testDatabase();
const client = localCognitoClient(files.endpoint, 'us-east-1');
afterAll(() => client.destroy());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const account = (tenant: Tenant, role: DemoAccount['role']) => accounts.find((a) => a.tenant === tenant.id && a.role === role)!;

async function signIn(tenantId: string, username: string, password: string) {
  const out = await client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pools[tenantId].appClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
  );
  return { idToken: out.AuthenticationResult!.IdToken!, accessToken: out.AuthenticationResult!.AccessToken! };
}

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const newIdentity = (revocationCacheMs?: number) => new Identity({ db, localPools: pools, revocationCacheMs });

describe('Identity.verifySession (cognito-local pools)', () => {
  it("accepts a demo user's tokens on their own tenant, with groups and tenant", async () => {
    const identity = newIdentity();
    const a = account(tenantA, 'organizer');
    const { idToken, accessToken } = await signIn(tenantA.id, a.username, a.password);
    const session = await identity.verifySession(tenantA, idToken, accessToken);
    expect(session).toEqual({
      sub: claims(idToken).sub,
      username: claims(idToken)['cognito:username'],
      email: a.username,
      emailVerified: true,
      groups: ['organizer'],
      tenantId: tenantA.id,
      // The names the ID token carries (the demo users have a full name only).
      givenName: null,
      familyName: null,
      fullName: 'Demo organizer',
    });
  });

  it("refuses tenant A's session on tenant B (and B's on A)", async () => {
    const identity = newIdentity();
    const a = account(tenantA, 'admin');
    const b = account(tenantB, 'admin');
    const fromA = await signIn(tenantA.id, a.username, a.password);
    const fromB = await signIn(tenantB.id, b.username, b.password);
    expect(await identity.verifySession(tenantB, fromA.idToken, fromA.accessToken)).toBeNull();
    expect(await identity.verifySession(tenantA, fromB.idToken, fromB.accessToken)).toBeNull();
    expect(await identity.verifySession(tenantA, fromA.idToken, fromA.accessToken)).not.toBeNull();
  });

  it("refuses a token from the tenant's own pool whose custom:tenantId names another tenant", async () => {
    const identity = newIdentity();
    const email = `stray-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const poolId = pools[tenantA.id].userPoolId;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'custom:tenantId', Value: tenantB.id },
        ],
      }),
    );
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: 'Stray-user-1', Permanent: true }));
    const tokens = await signIn(tenantA.id, email, 'Stray-user-1');
    expect(claims(tokens.idToken)['custom:tenantId']).toBe(tenantB.id);
    expect(await identity.verifySession(tenantA, tokens.idToken, tokens.accessToken)).toBeNull();
  });

  it('refuses tampered tokens, swapped tokens and tokens of two different users', async () => {
    const identity = newIdentity();
    const m = account(tenantA, 'member');
    const o = account(tenantA, 'organizer');
    const member = await signIn(tenantA.id, m.username, m.password);
    const organizer = await signIn(tenantA.id, o.username, o.password);
    const [header, payload, signature] = member.idToken.split('.');
    const forged = JSON.stringify({ ...claims(member.idToken), 'cognito:groups': ['admin'] });
    const tampered = [header, Buffer.from(forged).toString('base64url'), signature].join('.');
    expect(await identity.verifySession(tenantA, tampered, member.accessToken)).toBeNull();
    expect(await identity.verifySession(tenantA, `${header}.${payload}.${signature.slice(0, -4)}AAAA`, member.accessToken)).toBeNull();
    // token_use: an access token is not an ID token, and vice versa.
    expect(await identity.verifySession(tenantA, member.accessToken, member.idToken)).toBeNull();
    expect(await identity.verifySession(tenantA, member.idToken, organizer.accessToken)).toBeNull();
    expect(await identity.verifySession(tenantA, '', member.accessToken)).toBeNull();
    expect(await identity.verifySession(tenantA, 'not-a-jwt', 'not-a-jwt')).toBeNull();
    expect(await identity.verifySession(tenantA, member.idToken, member.accessToken)).not.toBeNull();
  });

  it('refuses an expired token', async () => {
    const identity = newIdentity();
    const a = account(tenantB, 'member');
    const { idToken, accessToken } = await signIn(tenantB.id, a.username, a.password);
    expect(await identity.verifySession(tenantB, idToken, accessToken)).not.toBeNull();
    const exp = claims(idToken).exp as number;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 5) * 1000);
    expect(await identity.verifySession(tenantB, idToken, accessToken)).toBeNull();
  });

  it('refuses tokens issued before the user’s global sign-out, on every instance', async () => {
    const identity = newIdentity();
    const otherInstance = newIdentity(0);
    const a = account(tenantB, 'organizer');
    const tokens = await signIn(tenantB.id, a.username, a.password);
    const sub = claims(tokens.idToken).sub as string;
    const iat = claims(tokens.idToken).iat as number;
    expect(await identity.verifySession(tenantB, tokens.idToken, tokens.accessToken)).not.toBeNull();
    expect(await otherInstance.verifySession(tenantB, tokens.idToken, tokens.accessToken)).not.toBeNull();

    await identity.recordGlobalSignOut(tenantB.id, sub, (iat + 1) * 1000);
    expect(await identity.verifySession(tenantB, tokens.idToken, tokens.accessToken)).toBeNull();
    expect(await otherInstance.verifySession(tenantB, tokens.idToken, tokens.accessToken)).toBeNull();
    expect(await identity.signedOutAt(tenantB.id, sub)).toBe((iat + 1) * 1000);
    // The cut-off never moves backwards, and is per tenant.
    await identity.recordGlobalSignOut(tenantB.id, sub, 1000);
    expect(await identity.signedOutAt(tenantB.id, sub)).toBe((iat + 1) * 1000);
    expect(await identity.signedOutAt(tenantA.id, sub)).toBeNull();
  });

  it('accepts tokens issued after the sign-out', async () => {
    const identity = newIdentity();
    const a = account(tenantA, 'member');
    const tokens = await signIn(tenantA.id, a.username, a.password);
    const { sub, iat } = claims(tokens.idToken) as { sub: string; iat: number };
    await identity.recordGlobalSignOut(tenantA.id, sub, (iat - 60) * 1000);
    expect(await identity.verifySession(tenantA, tokens.idToken, tokens.accessToken)).not.toBeNull();
  });

  it('verifies against cached keys: no key fetch per request', async () => {
    const identity = newIdentity();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const a = account(tenantA, 'admin');
    const tokens = await signIn(tenantA.id, a.username, a.password);
    for (let i = 0; i < 5; i++) expect(await identity.verifySession(tenantA, tokens.idToken, tokens.accessToken)).not.toBeNull();
    const keyFetches = fetchSpy.mock.calls.filter(([url]) => String(url).includes('/.well-known/jwks.json'));
    expect(keyFetches.length).toBeLessThanOrEqual(1);
  });

  it('checks a session’s signatures once and reuses them until the tokens expire', async () => {
    const identity = newIdentity();
    const a = account(tenantA, 'member');
    const tokens = await signIn(tenantA.id, a.username, a.password);
    const verify = vi.spyOn(JwtVerifier.prototype, 'verify');
    for (let i = 0; i < 5; i++) expect(await identity.verifySession(tenantA, tokens.idToken, tokens.accessToken)).not.toBeNull();
    // One check per token, not per request; another tenant still refuses them; expiry still ends them.
    expect(verify).toHaveBeenCalledTimes(2);
    expect(await identity.verifySession(tenantB, tokens.idToken, tokens.accessToken)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(((claims(tokens.idToken).exp as number) + 5) * 1000);
    expect(await identity.verifySession(tenantA, tokens.idToken, tokens.accessToken)).toBeNull();
  });

  it('finds production pools in tenant.json (https issuer) and no pool when none is configured', () => {
    const identity = new Identity({ db });
    expect(identity.poolFor({ id: 'x', identity: identitySchema.parse({ region: 'eu-west-1', userPoolId: 'eu-west-1_AbC123', appClientId: 'client' }) })).toEqual({
      userPoolId: 'eu-west-1_AbC123',
      appClientId: 'client',
      region: 'eu-west-1',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123',
      jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123/.well-known/jwks.json',
      serviceEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com',
      local: false,
    });
    expect(identity.poolFor({ id: 'x', identity: identitySchema.parse({ region: 'us-east-1' }) })).toBeNull();
  });

  it('fetches keys over http only from loopback hosts', async () => {
    await expect(new LoopbackHttpFetcher().fetch('http://example.com/pool/.well-known/jwks.json')).rejects.toThrow('refusing to fetch keys over http');
  });
});
