import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier } from '#server/identity/social/pkce';
import { allowedRedirectUri, startHostedSignIn, type FederatedDirectory, type HostedSignIn } from './hostedSignIn';
import { getFreePort } from './ports';

/**
 * The stand-in's OAuth checks (client, redirect_uri, provider, PKCE, one-time codes). The user
 * directory is an in-memory one here: these tests are about the protocol checks, which run
 * before any user is touched; the browser tests (tests/e2e/social.spec.ts) run the whole flow
 * against cognito-local.
 */
const created: string[] = [];
const directory: FederatedDirectory = {
  findOrCreate: async (_tenant, _pool, profile) => {
    created.push(`${profile.provider}_${profile.providerUserId}`);
    return `user-${profile.providerUserId}`;
  },
  tokensFor: async (_pool, username) => ({ id_token: `id-${username}`, access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer' }),
};

let dir: string;
let hosted: HostedSignIn;
const clientId = 'aurora-client';
const redirectUri = 'http://aurora.localhost:3000/socialSignIn';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hosted-signin-'));
  const poolsFile = join(dir, 'pools.json');
  const pool = { userPoolId: 'local_1', appClientId: clientId, region: 'us-east-1', endpoint: 'http://127.0.0.1:1', issuer: 'http://localhost:1/local_1' };
  writeFileSync(poolsFile, JSON.stringify({ aurora: pool }));
  hosted = await startHostedSignIn({ port: await getFreePort(), poolsFile, directory });
});

afterAll(async () => {
  await hosted.close();
  rmSync(dir, { recursive: true, force: true });
});

function authorizeUrl(overrides: Record<string, string> = {}, verifier = createCodeVerifier()) {
  const url = new URL(`${hosted.endpoint.replace('localhost', '127.0.0.1')}/oauth2/authorize`);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    identity_provider: 'Google',
    scope: 'openid email profile',
    state: 'state-0123456789abcdef',
    code_challenge: codeChallengeS256(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const base = () => hosted.endpoint.replace('localhost', '127.0.0.1');

async function codeFor(verifier: string, decision = 'allow'): Promise<URL> {
  const consent = await fetch(authorizeUrl({}, verifier));
  expect(consent.status).toBe(200);
  const html = await consent.text();
  expect(html).toContain('Continue to Aurora Live with Google');
  const txn = /name="txn" value="([^"]+)"/.exec(html)![1];
  const res = await fetch(`${base()}/oauth2/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ txn, decision, email: 'pat@example.com', name: 'Pat' }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

const token = (params: Record<string, string>) =>
  fetch(`${base()}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, redirect_uri: redirectUri, ...params }),
  });

describe('hosted sign-in stand-in', () => {
  it('refuses a code_verifier that does not match the challenge, and the code is then spent', async () => {
    const verifier = createCodeVerifier();
    const back = await codeFor(verifier);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-0123456789abcdef');
    const code = back.searchParams.get('code')!;
    const wrong = await token({ code, code_verifier: createCodeVerifier() });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const again = await token({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
  });

  it('answers tokens for the right verifier, client and redirect_uri, once', async () => {
    const verifier = createCodeVerifier();
    const code = (await codeFor(verifier)).searchParams.get('code')!;
    expect((await token({ code, code_verifier: verifier, client_id: 'other' })).status).toBe(400);
    const code2 = (await codeFor(verifier)).searchParams.get('code')!;
    expect((await token({ code: code2, code_verifier: verifier, redirect_uri: 'http://aurora.localhost:3000/other' })).status).toBe(400);
    const code3 = (await codeFor(verifier)).searchParams.get('code')!;
    const ok = await token({ code: code3, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id_token: expect.stringMatching(/^id-user-\d+$/), token_type: 'Bearer' });
    expect((await token({ code: code3, code_verifier: verifier })).status).toBe(400);
    expect(new Set(created).size).toBe(1); // the same test identity is the same federated user
  });

  it('redirects with error=access_denied on Deny', async () => {
    const back = await codeFor(createCodeVerifier(), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses unknown clients, foreign redirect URIs, providers the tenant has not enabled and plain PKCE', async () => {
    expect((await fetch(authorizeUrl({ client_id: 'nope' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/socialSignIn' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ identity_provider: 'Facebook' }))).status).toBe(400);
    // Cognito's names only: Apple is SignInWithApple at a hosted domain.
    expect((await fetch(authorizeUrl({ identity_provider: 'Apple' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ code_challenge_method: 'plain' }))).status).toBe(400);
  });

  it("takes Cognito's name for a provider, as the server sends it: SignInWithApple for Apple", async () => {
    const res = await fetch(authorizeUrl({ identity_provider: 'SignInWithApple' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('sam.rivera@apple.example');
  });

  it('accepts only a tenant site /socialSignIn as redirect URI', () => {
    const tenant = { id: 'aurora', domains: ['live.aurora.example'] };
    expect(allowedRedirectUri(tenant, 'http://aurora.localhost:3310/socialSignIn')).toBe(true);
    expect(allowedRedirectUri(tenant, 'https://live.aurora.example/socialSignIn')).toBe(true);
    expect(allowedRedirectUri(tenant, 'http://solana.localhost:3310/socialSignIn')).toBe(false);
    expect(allowedRedirectUri(tenant, 'http://aurora.localhost:3310/signIn')).toBe(false);
  });
});
