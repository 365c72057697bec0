/**
 * The local stand-in for Amazon Cognito user pools: cognito-local 5.3 in its own Node process
 * (cognito-process.mjs), plus provisioning of one user pool per tenant through the real
 * Cognito API (@aws-sdk/client-cognito-identity-provider), the same calls an operator's
 * script would make against AWS.
 *
 * Files it writes (paths chosen by the caller, see stack.ts):
 *  - identity pools: { [tenantId]: { userPoolId, appClientId, region, endpoint, issuer } },
 *    read by the server through IDENTITY_POOLS_FILE (server/identity/identity.server.ts);
 *  - demo accounts: [{ tenant, role, username, password }], one per tenant and role;
 *  - outbox: one JSON line per code cognito-local would have sent by email or SMS
 *    ({ tenant, destination, purpose, code, at }), written by cognito-process.mjs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  type UserPoolClientDescription,
} from '@aws-sdk/client-cognito-identity-provider';
import { identitySchema, type Tenant, type TenantIdentity } from '#app/lib/config/tenant';

export const IDENTITY_ROLES = ['admin', 'organizer', 'member'] as const;
export type IdentityRole = (typeof IDENTITY_ROLES)[number];

/** What the server needs to know about one tenant's local pool. */
export interface LocalPool {
  userPoolId: string;
  appClientId: string;
  region: string;
  /** cognito-local's API endpoint (also serves /<poolId>/.well-known/jwks.json). */
  endpoint: string;
  /** The `iss` of the pool's tokens: http://localhost:<port>/<poolId>. */
  issuer: string;
}

export interface DemoAccount {
  tenant: string;
  role: IdentityRole;
  username: string;
  password: string;
  /** The user's id (the sample shop belongs to the demo organizer). */
  sub: string | null;
}

export interface OutboxMessage {
  tenant: string;
  destination: string | null;
  /** cognito-local's message source: SignUp, ForgotPassword, ResendCode, Authentication, ... */
  purpose: string;
  code: string;
  at: string;
}

export interface CognitoLocalOptions {
  port: number;
  /** StormDB files of cognito-local. */
  dataDir: string;
  outboxFile: string;
  /** Receives the pid so the stack's reaper can kill it if the owner dies. */
  watch?: (pid: number | undefined) => void;
}

export interface CognitoLocal {
  child: ChildProcess;
  endpoint: string;
  issuerDomain: string;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts cognito-local and resolves once it answers /health. */
export async function startCognitoLocal(options: CognitoLocalOptions, childEnv: NodeJS.ProcessEnv, timeoutMs: number): Promise<CognitoLocal> {
  const { port } = options;
  const endpoint = `http://127.0.0.1:${port}`;
  const issuerDomain = `http://localhost:${port}`;
  mkdirSync(options.dataDir, { recursive: true });
  mkdirSync(dirname(options.outboxFile), { recursive: true });
  appendFileSync(options.outboxFile, ''); // exists (empty) from the start, so the printed path opens
  const output = { text: '' };
  const child = fork(here('./cognito-process.mjs'), [], {
    execArgv: [],
    env: {
      ...childEnv,
      COGNITO_LOCAL_CONFIG: JSON.stringify({ port, host: '127.0.0.1', issuerDomain, dataDir: options.dataDir, outbox: options.outboxFile }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  options.watch?.(child.pid);
  const keep = (c: Buffer) => (output.text = (output.text + c.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.channel?.unref();

  const ready = new Promise<void>((resolveReady, reject) => {
    child.on('message', (m: { type: string; code?: string; message?: string }) => {
      if (m.type === 'ready') resolveReady();
      else if (m.code === 'EADDRINUSE') reject(new Error(`Port ${port} for cognito-local (Cognito) is already in use.`));
      else reject(new Error(`cognito-local failed to start: ${m.message}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`cognito-local exited early (code ${code}, signal ${signal}):\n${output.text.trim()}`)));
    child.once('error', reject);
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`cognito-local did not start within ${timeoutMs} ms:\n${output.text.trim()}`)), timeoutMs);
  });
  try {
    await Promise.race([ready, timeout]);
    // Ready means listening; make sure it answers HTTP too.
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) break;
      } catch (e) {
        if (attempt > 50) throw e;
      }
      await sleep(50);
    }
  } catch (e) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return { child, endpoint, issuerDomain };
}

export function localCognitoClient(endpoint: string, region: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region,
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

/** The known password of a demo account: meets Cognito's default policy (upper, lower, digit, symbol). */
export function demoPassword(tenantId: string, role: IdentityRole): string {
  return `Demo-${role[0].toUpperCase()}${role.slice(1)}-${tenantId}-2026!`;
}

export function demoUsername(tenantId: string, role: IdentityRole): string {
  return `${role}@${tenantId}.demo.example`;
}

/**
 * Email and phone are verified by a code (phone sign-up gets an SMS code; with both present
 * Cognito texts the phone, and the sign-up screens send one or the other).
 */
const AUTO_VERIFIED: ('email' | 'phone_number')[] = ['email', 'phone_number'];

/** What a tenant's pool is provisioned with from its tenant.json `identity` (the production settings). */
export type PoolSettings = Pick<TenantIdentity, 'attributesRequireVerificationBeforeUpdate'>;
const DEFAULT_POOL_SETTINGS: PoolSettings = { attributesRequireVerificationBeforeUpdate: identitySchema.parse({}).attributesRequireVerificationBeforeUpdate };

/** Each tenant's pool settings, read from its configuration, for provisionLocalIdentity. */
export function localPoolSettings(tenants: Iterable<Pick<Tenant, 'id' | 'identity'>>): Record<string, PoolSettings> {
  return Object.fromEntries(
    [...tenants].map((t) => [t.id, { attributesRequireVerificationBeforeUpdate: t.identity.attributesRequireVerificationBeforeUpdate }]),
  );
}

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((x) => b.includes(x));

async function ensurePool(client: CognitoIdentityProviderClient, tenantId: string, settings: PoolSettings): Promise<string> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const existing = pools.UserPools?.find((p) => p.Name === tenantId);
  const updateSettings = { AttributesRequireVerificationBeforeUpdate: settings.attributesRequireVerificationBeforeUpdate };
  if (existing?.Id) {
    // Pools made earlier: phone sign-up once verified only email, and changes once applied at once.
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.Id }));
    const current = UserPool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate;
    if (UserPool && (!UserPool.AutoVerifiedAttributes?.includes('phone_number') || !sameSet(current, updateSettings.AttributesRequireVerificationBeforeUpdate))) {
      await client.send(
        new UpdateUserPoolCommand({
          UserPoolId: existing.Id,
          AutoVerifiedAttributes: AUTO_VERIFIED,
          UserAttributeUpdateSettings: updateSettings,
          MfaConfiguration: UserPool.MfaConfiguration,
          Policies: UserPool.Policies,
          AccountRecoverySetting: UserPool.AccountRecoverySetting,
          AdminCreateUserConfig: UserPool.AdminCreateUserConfig,
          LambdaConfig: UserPool.LambdaConfig,
        }),
      );
    }
    return existing.Id;
  }
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: tenantId,
      UsernameAttributes: ['email', 'phone_number'],
      AutoVerifiedAttributes: AUTO_VERIFIED,
      UserAttributeUpdateSettings: updateSettings,
      Schema: [{ Name: 'tenantId', AttributeDataType: 'String', Mutable: false, StringAttributeConstraints: { MinLength: '1', MaxLength: '64' } }],
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    }),
  );
  const id = created.UserPool?.Id;
  if (!id) throw new Error(`cognito-local created no pool for ${tenantId}`);
  // MFA optional with authenticator apps, as the managed pools are configured.
  await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: id, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
  return id;
}

async function ensureAppClient(client: CognitoIdentityProviderClient, userPoolId: string, tenantId: string): Promise<string> {
  const list = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const existing = list.UserPoolClients?.find((c: UserPoolClientDescription) => c.ClientName === `${tenantId}-web`);
  if (existing?.ClientId) return existing.ClientId;
  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: `${tenantId}-web`,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const id = created.UserPoolClient?.ClientId;
  if (!id) throw new Error(`cognito-local created no app client for ${tenantId}`);
  return id;
}

async function ensureGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const list = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const have = new Set((list.Groups ?? []).map((g) => g.GroupName));
  const precedence: Record<IdentityRole, number> = { admin: 0, organizer: 10, member: 20 };
  for (const role of IDENTITY_ROLES) {
    if (!have.has(role)) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role, Precedence: precedence[role] }));
  }
}

/**
 * The Cookie header of a browser Amplify signed in (its CookieStorage names:
 * CognitoIdentityServiceProvider.<client>.…), for tests and benchmarks that call the app directly.
 */
export function amplifyCookieHeader(clientId: string, tokens: { IdToken: string; AccessToken: string; RefreshToken?: string }, extra: Array<[string, string]> = []): string {
  const username = String((JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString()) as { username: string }).username);
  const base = `CognitoIdentityServiceProvider.${clientId}`;
  const pairs: Array<[string, string]> = [
    [`${base}.LastAuthUser`, username],
    [`${base}.${username}.idToken`, tokens.IdToken],
    [`${base}.${username}.accessToken`, tokens.AccessToken],
  ];
  if (tokens.RefreshToken) pairs.push([`${base}.${username}.refreshToken`, tokens.RefreshToken]);
  return [...pairs, ...extra].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('; ');
}

export interface PoolUser {
  userPoolId: string;
  tenantId: string;
  username: string;
  password: string;
  name: string;
  group: IdentityRole;
}

/**
 * A confirmed user with a permanent password, the tenant attribute and one group (the demo users,
 * and the users tests and benchmarks sign in with). Returns the user's sub.
 */
export async function createPoolUser(client: CognitoIdentityProviderClient, user: PoolUser, { exists = false } = {}): Promise<string | null> {
  let sub: string | null = null;
  if (!exists) {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: user.userPoolId,
        Username: user.username,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.username },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:tenantId', Value: user.tenantId },
          { Name: 'name', Value: user.name },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  }
  // Permanent password: the user is CONFIRMED and signs in with it (also resets an edited one).
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: user.userPoolId, Username: user.username, Password: user.password, Permanent: true }));
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: user.userPoolId, Username: user.username, GroupName: user.group }));
  return sub;
}

async function ensureDemoUser(client: CognitoIdentityProviderClient, userPoolId: string, tenantId: string, role: IdentityRole): Promise<DemoAccount> {
  const username = demoUsername(tenantId, role);
  const password = demoPassword(tenantId, role);
  let existing: string | null | undefined;
  try {
    const found = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    existing = found.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (e) {
    if ((e as Error).name !== 'UserNotFoundException') throw e;
  }
  const created = await createPoolUser(client, { userPoolId, tenantId, username, password, name: `Demo ${role}`, group: role }, { exists: existing !== undefined });
  return { tenant: tenantId, role, username, password, sub: existing ?? created };
}

export interface ProvisionResult {
  pools: Record<string, LocalPool>;
  accounts: DemoAccount[];
}

/**
 * Creates (idempotently, by pool name = tenant id) each tenant's pool, app client, groups and
 * demo users, and writes the pools and demo-accounts files. A pool gets its tenant's `settings`
 * (localPoolSettings), else the tenant schema's defaults; an existing pool is brought up to them.
 */
export async function provisionLocalIdentity(
  cognito: Pick<CognitoLocal, 'endpoint' | 'issuerDomain'>,
  tenantIds: string[],
  files: { poolsFile: string; demoAccountsFile: string },
  region = 'us-east-1',
  settings: Record<string, PoolSettings> = {},
): Promise<ProvisionResult> {
  const client = localCognitoClient(cognito.endpoint, region);
  const pools: Record<string, LocalPool> = {};
  const accounts: DemoAccount[] = [];
  try {
    // One tenant after another: cognito-local keeps the app clients of every pool in one file.
    for (const tenantId of tenantIds) {
      const userPoolId = await ensurePool(client, tenantId, settings[tenantId] ?? DEFAULT_POOL_SETTINGS);
      const appClientId = await ensureAppClient(client, userPoolId, tenantId);
      await ensureGroups(client, userPoolId);
      for (const role of IDENTITY_ROLES) accounts.push(await ensureDemoUser(client, userPoolId, tenantId, role));
      pools[tenantId] = { userPoolId, appClientId, region, endpoint: cognito.endpoint, issuer: `${cognito.issuerDomain}/${userPoolId}` };
    }
  } finally {
    client.destroy();
  }
  for (const file of [files.poolsFile, files.demoAccountsFile]) mkdirSync(dirname(file), { recursive: true });
  writeFileSync(files.poolsFile, `${JSON.stringify(pools, null, 2)}\n`);
  writeFileSync(files.demoAccountsFile, `${JSON.stringify(accounts, null, 2)}\n`);
  return { pools, accounts };
}
