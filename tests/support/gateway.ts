/**
 * What the identity gateway's tests share: the test stack's pools and demo accounts, a gateway app
 * (tenant from the Host header), Cognito JSON calls through it that keep the answer's Set-Cookie
 * headers, browser-like sessions with the refresh cookie, throwaway users, the outbox, TOTP codes.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import express from 'express';
import { afterAll, beforeAll, expect } from 'vitest';
import { identityFiles, testDatabase } from './local-stack';
import { loadRegistry } from '#server/config/registry.server';
import type { Tenant } from '#app/lib/config/tenant';
import { localCognitoClient, type DemoAccount, type OutboxMessage } from '#local/stack/cognito';
import type { Services } from '#server/services';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { Identity, readPoolsFile } from '#server/identity/identity.server';
import { identityGateway, type GatewayLimits, type GatewayLogEntry } from '#server/identity/gateway';
import { loadEnv } from '#server/env.server';

export const files = identityFiles();
export const pools = readPoolsFile(files.pools);
export const accounts = JSON.parse(readFileSync(files.demoAccounts, 'utf8')) as DemoAccount[];
export const registry = loadRegistry(process.cwd()).registry;
export const [tenantA, tenantB] = [...registry.tenants.values()] as [Tenant, Tenant];
export const db = testDatabase();
export const identity = new Identity({ db, localPools: pools });
export const admin = localCognitoClient(files.endpoint, 'us-east-1');
export const logs: GatewayLogEntry[] = [];

/**
 * An app with only what the gateway needs: the tenant from the Host header (<id>.test), the gateway
 * with the test database (or `withDb`). It trusts a loopback proxy, so a test can name the source
 * address of a request with X-Forwarded-For.
 */
export async function serve(limits?: GatewayLimits, withIdentity: Identity = identity, withDb: Database = db): Promise<{ server: Server; port: number }> {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use((req, res, next) => {
    const tenant = registry.tenants.get(String(req.headers.host).split('.')[0]);
    if (!tenant) return void res.status(404).end();
    res.locals.tenant = tenant;
    next();
  });
  app.use('/api/identity', identityGateway({ identity: withIdentity, db: withDb } as unknown as Services, loadEnv(), { limits, log: (e) => logs.push(e) }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, port: (server.address() as AddressInfo).port };
}

let main: { server: Server; port: number } | null = null;
/** Limits out of the way, for tests that are not about them. */
export const roomy: GatewayLimits = {
  signIn: { account: { points: 1000, windowSeconds: 60 }, ip: { points: 1000, windowSeconds: 60 } },
  code: { account: { points: 1000, windowSeconds: 60 }, ip: { points: 1000, windowSeconds: 60 } },
  send: { account: { points: 1000, windowSeconds: 60 }, ip: { points: 1000, windowSeconds: 60 } },
};
/** Runs the gateway that call() talks to by default, for the calling test file. */
export function serveGatewayDuringTests() {
  beforeAll(async () => {
    main = await serve(roomy);
  });
  afterAll(async () => {
    main?.server.close();
    admin.destroy();
  });
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  /** Every Set-Cookie header of the answer. */
  setCookies: string[];
}

export async function call(tenant: Tenant, operation: string, body: Record<string, unknown>, init: { port?: number; headers?: Record<string, string>; raw?: string } = {}): Promise<Reply> {
  // fetch() does not let a caller set Host; node:http does.
  const payload = init.raw ?? JSON.stringify(body);
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: init.port ?? main!.port,
        path: '/api/identity',
        method: 'POST',
        headers: {
          Host: `${tenant.id}.test`,
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers, setCookies: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const clientId = (tenant: Tenant) => pools[tenant.id].appClientId;
export const account = (tenant: Tenant, role: DemoAccount['role']) => accounts.find((a) => a.tenant === tenant.id && a.role === role)!;
export const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
export const unique = () => Math.random().toString(36).slice(2, 10);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function signIn(tenant: Tenant, username: string, password: string, port?: number) {
  return call(tenant, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(tenant), AuthParameters: { USERNAME: username, PASSWORD: password } }, { port });
}

export type Tokens = { AccessToken: string; IdToken: string; RefreshToken: string };
export async function tokensOf(reply: Reply): Promise<Tokens> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.AuthenticationResult as Tokens;
}

/** The refresh cookie an answer sets for the tenant's app client, as a Cookie header ("name=value"), or null. */
export function refreshCookieOf(reply: Reply, tenant: Tenant): string | null {
  const set = reply.setCookies.find((c) => c.startsWith(`identity_refresh.${clientId(tenant)}=`));
  return set ? set.split(';')[0] : null;
}

/** The real refresh token a refresh cookie holds (what page scripts never see). */
export const heldToken = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

/** A sign-in as a browser sees it: the tokens of the answer and the refresh cookie the gateway set. */
export async function browserSession(reply: Reply, tenant: Tenant): Promise<Tokens & { cookie: string }> {
  const tokens = await tokensOf(reply);
  const cookie = refreshCookieOf(reply, tenant);
  expect(cookie, reply.setCookies.join('\n')).toBeTruthy();
  return { ...tokens, cookie: cookie! };
}

/** GetTokensFromRefreshToken as Amplify sends it, with or without the browser's refresh cookie. */
export function refresh(tenant: Tenant, refreshToken: string, cookie?: string) {
  return call(tenant, 'GetTokensFromRefreshToken', { ClientId: clientId(tenant), RefreshToken: refreshToken }, { headers: cookie ? { Cookie: cookie } : {} });
}

export const readOutbox = (): (OutboxMessage & { medium?: string; username?: string })[] =>
  readFileSync(files.outbox, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

export async function waitForCode(destination: string, since: number): Promise<OutboxMessage & { medium?: string }> {
  for (let i = 0; i < 50; i++) {
    const found = readOutbox()
      .filter((m) => m.destination === destination && Date.parse(m.at) >= since)
      .at(-1);
    if (found) return found;
    await sleep(50);
  }
  throw new Error(`no code for ${destination}`);
}

/** A confirmed user of `tenant` with a verified phone number and a known password. */
export async function phoneUser(tenant: Tenant) {
  const email = `mfa-${unique()}@example.com`;
  const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const password = `Mfa-${unique()}-Pass1!`;
  const UserPoolId = pools[tenant.id].userPoolId;
  await admin.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'phone_number', Value: phone },
        { Name: 'phone_number_verified', Value: 'true' },
        { Name: 'custom:tenantId', Value: tenant.id },
      ],
    }),
  );
  await admin.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
  return { email, phone, password };
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for a base32 secret, as authenticator apps compute it. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
