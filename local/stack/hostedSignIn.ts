/**
 * Local stand-in for a Cognito user pool's hosted sign-in domain with its social identity
 * providers (docs/decisions/0009-social-sign-in.md). cognito-local has no hosted UI or OAuth, so
 * this small HTTP server plays both: the pool's /oauth2/authorize and /oauth2/token endpoints, and
 * each provider's consent page. Everything it does to users goes through the real Cognito API of
 * cognito-local, so the tokens the app receives are real pool tokens.
 *
 *  GET  /oauth2/authorize  validates response_type=code, client_id (a tenant's app client),
 *                          redirect_uri (<tenant site>/socialSignIn), identity_provider (enabled
 *                          for that tenant), state, code_challenge + code_challenge_method=S256,
 *                          then shows a consent page "Continue to <Tenant> with <Provider>" with a
 *                          test identity (email, name) and Allow / Deny.
 *  POST /oauth2/consent    Allow: finds or creates the federated user (AdminCreateUser: email,
 *                          name, custom:tenantId, email_verified, an `identities` attribute naming
 *                          the provider and the stable id `<Provider>_<id>`; member group) and
 *                          redirects to redirect_uri with a one-time code (2 minutes). Deny:
 *                          redirect_uri?error=access_denied.
 *  POST /oauth2/token      grant_type=authorization_code: verifies code (once), client_id,
 *                          redirect_uri and code_verifier (S256) and answers real tokens of the
 *                          user: a fresh random password (AdminSetUserPassword, never exposed)
 *                          and USER_PASSWORD_AUTH inside the stand-in.
 *
 * cognito-local refuses usernames that are not e-mail addresses in pools whose username attribute
 * is email (it then names the user by its sub), so locally the Cognito username is the sub and the
 * `<Provider>_<id>` name lives in the `identities` attribute; on AWS the pool names federated
 * users `<Provider>_<id>` itself.
 *
 * It runs inside the process that starts the local stack (no extra child process) and listens on
 * loopback only (127.0.0.1 and ::1, so `localhost` works for Node and the browser).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { z } from 'zod';
import { loadRegistry } from '#server/config/registry.server';
import { SOCIAL_PROVIDERS, type Tenant } from '#app/lib/config/tenant';
import { providerOfCognitoName } from '#app/lib/social/providers';
import { readPoolsFile, type PoolsFile } from '#server/identity/identity.server';
import { isValidCodeChallenge, randomToken, safeEqual, verifyS256 } from '#server/identity/social/pkce';
import { localCognitoClient } from './cognito';

type Provider = (typeof SOCIAL_PROVIDERS)[number];

export interface FederatedProfile {
  provider: Provider;
  /** The provider's stable subject for this person. */
  providerUserId: string;
  email: string;
  name: string;
}

export interface TokenSet {
  id_token: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

/** Where federated users live: cognito-local in the stack, replaceable in unit tests. */
export interface FederatedDirectory {
  /** Finds or creates the federated user; answers its Cognito username. */
  findOrCreate(tenantId: string, pool: PoolsFile[string], profile: FederatedProfile): Promise<string>;
  /** Real pool tokens for that user. */
  tokensFor(pool: PoolsFile[string], username: string): Promise<TokenSet>;
}

export interface HostedSignInOptions {
  port: number;
  /** Reads the tenants' pools (IDENTITY_POOLS_FILE); read on each request, so it may be written after start. */
  poolsFile: string;
  /** Folder holding tenants/ (default: the project root). */
  configRoot?: string;
  directory?: FederatedDirectory;
  region?: string;
}

export interface HostedSignIn {
  /** e.g. http://localhost:9230, what the app gets as HOSTED_SIGNIN_ENDPOINT. */
  endpoint: string;
  close(): Promise<void>;
}

const CODE_TTL_MS = 2 * 60 * 1000;
const CONSENT_TTL_MS = 10 * 60 * 1000;
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The provider's stable id for an e-mail address (real providers answer their own subject). */
export function stableProviderUserId(provider: Provider, email: string): string {
  return BigInt(`0x${createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest('hex').slice(0, 15)}`).toString();
}

const attr = (attributes: Array<{ Name?: string; Value?: string }> | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

/** The directory backed by cognito-local's admin API. */
export function cognitoDirectory(region = 'us-east-1'): FederatedDirectory {
  const clients = new Map<string, CognitoIdentityProviderClient>();
  const client = (endpoint: string) => {
    let c = clients.get(endpoint);
    if (!c) clients.set(endpoint, (c = localCognitoClient(endpoint, region)));
    return c;
  };
  return {
    async findOrCreate(tenantId, pool, profile) {
      const cognito = client(pool.endpoint);
      const federatedName = `${profile.provider}_${profile.providerUserId}`;
      const listed = await cognito.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: `email = "${profile.email.replace(/"/g, '')}"` }));
      const existing = (listed.Users ?? []).find((u) => {
        try {
          const identities = JSON.parse(attr(u.Attributes, 'identities') ?? '[]') as Array<{ userId?: string; providerName?: string }>;
          return identities.some((i) => i.providerName === profile.provider && i.userId === profile.providerUserId);
        } catch {
          return false;
        }
      });
      if (existing?.Username) return existing.Username;
      const identities = JSON.stringify([
        { userId: profile.providerUserId, providerName: profile.provider, providerType: profile.provider, issuer: null, primary: true, dateCreated: Date.now() },
      ]);
      const created = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          // An address-shaped placeholder: cognito-local names the user by its sub (see above).
          Username: `${federatedName}@federated.invalid`,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: profile.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: profile.name },
            { Name: 'custom:tenantId', Value: tenantId },
            { Name: 'identities', Value: identities },
          ],
        }),
      );
      const username = created.User?.Username;
      if (!username) throw new Error('cognito-local created no user');
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: 'member' }));
      return username;
    },
    async tokensFor(pool, username) {
      const cognito = client(pool.endpoint);
      // Federated users have no password of their own: a fresh random one per exchange, used once here.
      const password = `Fx-${randomToken(24)}-9a!`;
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: username, Password: password, Permanent: true }));
      const out = await cognito.send(
        new InitiateAuthCommand({ ClientId: pool.appClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }),
      );
      const result = out.AuthenticationResult;
      if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error(`no tokens (challenge ${out.ChallengeName ?? 'none'})`);
      return { id_token: result.IdToken, access_token: result.AccessToken, refresh_token: result.RefreshToken, expires_in: result.ExpiresIn ?? 3600, token_type: 'Bearer' };
    },
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1a1a;margin:0;padding:1rem}main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 .5rem}p{line-height:1.5}label{display:block;font-weight:600;margin:1rem 0 .25rem}input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #767676;border-radius:6px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}button{flex:1;min-width:8rem;padding:.7rem 1rem;font-size:1rem;border-radius:6px;border:1px solid #1a1a1a;cursor:pointer}
button[value=allow]{background:#1a1a1a;color:#fff}button[value=deny]{background:#fff;color:#1a1a1a}.note{font-size:.85rem;color:#555}.error{color:#b00020;font-weight:600}:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style>
</head><body><main>${body}</main></body></html>`;
}

interface Pending {
  tenantId: string;
  tenantName: string;
  provider: Provider;
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string;
  expiresAt: number;
}

interface IssuedCode {
  tenantId: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  username: string;
  expiresAt: number;
}

const authorizeSchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  // Cognito's names (SignInWithApple, LoginWithAmazon, ...), as the server sends them.
  identity_provider: z
    .string()
    .refine((name) => providerOfCognitoName(name) !== undefined, 'not a provider name')
    .transform((name) => providerOfCognitoName(name)!),
  scope: z.string().optional(),
  state: z.string().min(16).max(512),
  code_challenge: z.string().refine(isValidCodeChallenge, 'not an S256 challenge'),
  code_challenge_method: z.literal('S256'),
});

const consentSchema = z.object({
  txn: z.string().min(1),
  decision: z.enum(['allow', 'deny']),
  email: z.email().max(254).optional(),
  name: z.string().trim().min(1).max(80).optional(),
});

const tokenSchema = z.object({
  grant_type: z.literal('authorization_code'),
  client_id: z.string().min(1),
  code: z.string().min(1),
  redirect_uri: z.string().min(1),
  code_verifier: z.string().min(1),
});

/** Is this a redirect URI a tenant's site may use: http(s)://<tenant host>/socialSignIn, nothing else. */
export function allowedRedirectUri(tenant: { id: string; domains: Tenant['domains'] }, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.pathname !== '/socialSignIn' || url.search || url.hash || url.username || url.password) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return (host.startsWith(`${tenant.id}.`) && host.endsWith('.localhost')) || host === `${tenant.id}.localhost` || tenant.domains.includes(host);
}

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function createHostedSignInHandler(options: Omit<HostedSignInOptions, 'port'>) {
  const directory = options.directory ?? cognitoDirectory(options.region);
  const configRoot = options.configRoot ?? PROJECT_ROOT;
  let tenants: Map<string, Tenant> | undefined;
  const tenantById = (id: string) => {
    tenants ??= loadRegistry(configRoot).registry.tenants;
    return tenants.get(id);
  };
  const pending = new Map<string, Pending>();
  const codes = new Map<string, IssuedCode>();
  const sweep = (now: number) => {
    for (const [k, v] of pending) if (v.expiresAt < now) pending.delete(k);
    for (const [k, v] of codes) if (v.expiresAt < now) codes.delete(k);
  };

  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', ...headers });
    res.end(body);
  };
  const errorPage = (res: ServerResponse, status: number, message: string) =>
    send(res, status, 'text/html; charset=utf-8', page('Sign-in error', `<h1>Sign-in cannot continue</h1><p class="error" role="alert">${escapeHtml(message)}</p>`));
  const tokenError = (res: ServerResponse, status: number, error: string, description: string) =>
    send(res, status, 'application/json', JSON.stringify({ error, error_description: description }));

  const consentPage = (txn: string, p: Pending, values: { email: string; name: string }, error?: string) =>
    page(
      `Continue to ${p.tenantName} with ${p.provider}`,
      `<p class="note">${escapeHtml(p.provider)} (local stand-in)</p>
<h1>Continue to ${escapeHtml(p.tenantName)} with ${escapeHtml(p.provider)}</h1>
<p>${escapeHtml(p.tenantName)} will receive your name and e-mail address from ${escapeHtml(p.provider)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth2/consent">
<input type="hidden" name="txn" value="${escapeHtml(txn)}">
<label for="email">E-mail (test identity)</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(values.email)}">
<label for="name">Name (test identity)</label><input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(values.name)}">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
    );

  const redirectBack = (res: ServerResponse, redirectUri: string, params: Record<string, string>) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    res.writeHead(303, { Location: url.toString(), 'Cache-Control': 'no-store' });
    res.end();
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const now = Date.now();
    sweep(now);
    try {
      if (req.method === 'GET' && url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
        const parsed = authorizeSchema.safeParse(Object.fromEntries(url.searchParams));
        if (!parsed.success) return errorPage(res, 400, `Invalid request: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
        const q = parsed.data;
        const pools = readPoolsFile(options.poolsFile);
        const tenantId = Object.keys(pools).find((id) => pools[id].appClientId === q.client_id);
        const tenant = tenantId ? tenantById(tenantId) : undefined;
        if (!tenantId || !tenant) return errorPage(res, 400, 'Unknown client_id.');
        if (!allowedRedirectUri(tenant, q.redirect_uri)) return errorPage(res, 400, 'redirect_uri is not registered for this client.');
        if (!tenant.signIn.socialProviders.includes(q.identity_provider)) return errorPage(res, 400, `${q.identity_provider} is not enabled for this client.`);
        const txn = randomToken();
        const p: Pending = {
          tenantId,
          tenantName: tenant.displayName,
          provider: q.identity_provider,
          clientId: q.client_id,
          redirectUri: q.redirect_uri,
          state: q.state,
          challenge: q.code_challenge,
          expiresAt: now + CONSENT_TTL_MS,
        };
        pending.set(txn, p);
        const sample = { email: `sam.rivera@${q.identity_provider.toLowerCase()}.example`, name: 'Sam Rivera' };
        return send(res, 200, 'text/html; charset=utf-8', consentPage(txn, p, sample));
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/consent') {
        const body = await readBody(req);
        const fields = Object.fromEntries(body);
        const parsed = consentSchema.safeParse({ ...fields, email: fields.email || undefined, name: fields.name || undefined });
        const txn = String(fields.txn ?? '');
        const p = pending.get(txn);
        if (!p) return errorPage(res, 400, 'This sign-in request has expired. Go back to the site and start again.');
        if (parsed.success && parsed.data.decision === 'deny') {
          pending.delete(txn);
          return redirectBack(res, p.redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state: p.state });
        }
        if (!parsed.success || !parsed.data.email || !parsed.data.name) {
          const html = consentPage(txn, p, { email: String(fields.email ?? ''), name: String(fields.name ?? '') }, 'Enter a valid e-mail address and a name.');
          return send(res, 400, 'text/html; charset=utf-8', html);
        }
        pending.delete(txn);
        const pool = readPoolsFile(options.poolsFile)[p.tenantId];
        const email = parsed.data.email.trim();
        const username = await directory.findOrCreate(p.tenantId, pool, {
          provider: p.provider,
          providerUserId: stableProviderUserId(p.provider, email),
          email,
          name: parsed.data.name,
        });
        const code = randomToken();
        codes.set(code, { tenantId: p.tenantId, clientId: p.clientId, redirectUri: p.redirectUri, challenge: p.challenge, username, expiresAt: now + CODE_TTL_MS });
        return redirectBack(res, p.redirectUri, { code, state: p.state });
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        const parsed = tokenSchema.safeParse(Object.fromEntries(await readBody(req)));
        if (!parsed.success) return tokenError(res, 400, 'invalid_request', 'grant_type, client_id, code, redirect_uri and code_verifier are required');
        const q = parsed.data;
        const issued = codes.get(q.code);
        // A code is good once, whatever happens next (RFC 6749 §4.1.2).
        codes.delete(q.code);
        if (!issued || issued.expiresAt < now) return tokenError(res, 400, 'invalid_grant', 'unknown, used or expired code');
        if (!safeEqual(issued.clientId, q.client_id)) return tokenError(res, 400, 'invalid_client', 'the code was issued to another client');
        if (issued.redirectUri !== q.redirect_uri) return tokenError(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request');
        if (!verifyS256(q.code_verifier, issued.challenge)) return tokenError(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
        const pool = readPoolsFile(options.poolsFile)[issued.tenantId];
        const tokens = await directory.tokensFor(pool, issued.username);
        return send(res, 200, 'application/json', JSON.stringify(tokens));
      }
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    } catch (e) {
      if (url.pathname === '/oauth2/token') return tokenError(res, 500, 'server_error', (e as Error).message);
      return errorPage(res, 500, `The sign-in service failed: ${(e as Error).message}`);
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts the stand-in on 127.0.0.1 and ::1 (when the machine has IPv6). */
export async function startHostedSignIn(options: HostedSignInOptions): Promise<HostedSignIn> {
  const handler = createHostedSignInHandler(options);
  const servers: Server[] = [];
  const make = () => {
    const server = createServer((req, res) => void handler(req, res));
    servers.push(server);
    return server;
  };
  try {
    await listen(make(), options.port, '127.0.0.1');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`Port ${options.port} for the hosted sign-in stand-in is already in use.`);
    throw e;
  }
  try {
    await listen(make(), options.port, '::1');
  } catch {
    servers.pop()?.close(); // no IPv6 loopback here: 127.0.0.1 is enough
  }
  for (const s of servers) s.unref();
  return {
    endpoint: `http://localhost:${options.port}`,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
