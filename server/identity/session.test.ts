import { readFileSync } from 'node:fs';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { identityFiles, testDatabase } from '#tests/support/local-stack';
import { loadRegistry } from '../config/registry.server';
import type { Tenant } from '#app/lib/config/tenant';
import { crossSiteRefusal } from '../app';
import { localCognitoClient, type DemoAccount } from '#local/stack/cognito';
import { Identity, readPoolsFile } from './identity.server';

const files = identityFiles();
const pools = readPoolsFile(files.pools);
const accounts = JSON.parse(readFileSync(files.demoAccounts, 'utf8')) as DemoAccount[];
const registry = loadRegistry(process.cwd()).registry;
const [tenantA, tenantB] = [...registry.tenants.values()] as [Tenant, Tenant];
const client = localCognitoClient(files.endpoint, 'us-east-1');
afterAll(() => client.destroy());

describe('CSRF: crossSiteRefusal', () => {
  const host = 'aurora.localhost:3000';
  it('lets reads through, and writes from this host or from non-browsers', () => {
    expect(crossSiteRefusal('GET', { origin: 'http://evil.example', host })).toBeNull();
    expect(crossSiteRefusal('POST', { origin: 'http://aurora.localhost:3000', host })).toBeNull();
    expect(crossSiteRefusal('POST', { origin: 'http://AURORA.localhost:3000', host })).toBeNull();
    expect(crossSiteRefusal('DELETE', { referer: 'http://aurora.localhost:3000/changeLanguage?x=1', host })).toBeNull();
    expect(crossSiteRefusal('POST', { host })).toBeNull();
  });
  it('refuses writes from another host, another port, "null" or a foreign Referer', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(crossSiteRefusal(method, { origin: 'http://evil.example', host })).toMatch(/another site/);
    }
    expect(crossSiteRefusal('POST', { origin: 'http://solana.localhost:3000', host })).toMatch(/another site/);
    expect(crossSiteRefusal('POST', { origin: 'http://aurora.localhost:4000', host })).toMatch(/another site/);
    expect(crossSiteRefusal('POST', { origin: 'null', host })).toMatch(/unknown page/);
    expect(crossSiteRefusal('POST', { referer: 'http://evil.example/x', host })).toMatch(/another site/);
    // Origin wins over Referer.
    expect(crossSiteRefusal('POST', { origin: 'http://evil.example', referer: 'http://aurora.localhost:3000/', host })).toMatch(/another site/);
  });
  it('behind a trusted proxy, compares with the forwarded host', () => {
    expect(crossSiteRefusal('POST', { origin: 'https://aurora.example.com', host: '10.0.0.5:3000', forwardedHost: 'aurora.example.com' })).toBeNull();
  });
});

describe('Identity.verifyToken (one Authorization token)', () => {
  const identity = new Identity({ db: testDatabase(), localPools: pools });
  async function tokens(tenant: Tenant) {
    const a = accounts.find((x) => x.tenant === tenant.id && x.role === 'member')!;
    const out = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pools[tenant.id].appClientId, AuthParameters: { USERNAME: a.username, PASSWORD: a.password } }),
    );
    return out.AuthenticationResult!;
  }

  it('accepts an ID or an access token of this tenant, and says which', async () => {
    const t = await tokens(tenantA);
    expect(await identity.verifyToken(tenantA, t.IdToken!)).toMatchObject({ tokenUse: 'id', groups: ['member'], tenantId: tenantA.id });
    expect(await identity.verifyToken(tenantA, t.AccessToken!)).toMatchObject({ tokenUse: 'access', groups: ['member'], tenantId: tenantA.id });
    expect(await identity.verifyToken(tenantA, t.IdToken!, 'access')).toBeNull();
  });

  it("refuses another tenant's token, a refresh token and garbage", async () => {
    const t = await tokens(tenantA);
    expect(await identity.verifyToken(tenantB, t.IdToken!)).toBeNull();
    expect(await identity.verifyToken(tenantB, t.AccessToken!)).toBeNull();
    expect(await identity.verifyToken(tenantA, t.RefreshToken!)).toBeNull();
    expect(await identity.verifyToken(tenantA, 'abc.def.ghi')).toBeNull();
    expect(await identity.verifyToken(tenantA, '')).toBeNull();
  });

  it('reads only cognito-local refresh tokens of this pool as refresh tokens', async () => {
    const t = await tokens(tenantA);
    expect(await identity.localRefreshTokenClaims(tenantA, t.RefreshToken!)).toMatchObject({ issuedAt: expect.any(Number) });
    expect(await identity.localRefreshTokenClaims(tenantA, t.AccessToken!)).toBeNull();
    const [h, p] = t.RefreshToken!.split('.');
    const forged = `${h}.${p}.${Buffer.from('forged').toString('base64url')}`;
    expect(await identity.localRefreshTokenClaims(tenantA, forged)).toBeNull();
  });
});
