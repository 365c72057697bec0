/**
 * Helpers of the chat tests: throwaway users in a tenant's local pool and their Amplify cookies,
 * events open now, a chat server (http server + attachChatSockets) on a free port with its own
 * services (in-process bus, or Redis), and a `ws` client that records frames.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { WebSocket } from 'ws';
import { CHAT_SOCKET_PATH, type ChatEvent, type ClientFrame, type ServerFrame } from '#app/lib/chat/protocol';
import type { EventInput, EventRecord } from '#app/lib/events/model';
import { loadRegistry, type Registry } from '#server/config/registry.server';
import { loadEnv } from '#server/env.server';
import { amplifyCookieHeader, createPoolUser, localCognitoClient } from '#local/stack/cognito';
import type { TenantId } from '#app/lib/config/tenant';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { readPoolsFile } from '#server/identity/identity.server';
import { createServices } from '#server/compose.server';
import type { Services } from '#server/services';
import type { MessageDraft } from '#server/chat/data/keys.server';
import { attachChatSockets, type ChatSockets } from '#server/chat/socket.server';
import { testTenantId } from './tenants';

export const TEST_TENANT = testTenantId('aurora');
export const OTHER_TENANT = testTenantId('solana');

let registry: Registry | undefined;
export function testRegistry(): Registry {
  registry ??= loadRegistry(process.cwd()).registry;
  return registry;
}

export interface ChatTestUser {
  tenant: TenantId;
  username: string;
  password: string;
  sub: string;
  /** Amplify's token cookies for the tenant's pool: what the browser sends with the upgrade. */
  cookie: string;
}

/** A new confirmed user of the tenant's local pool, signed in. */
export async function createChatUser(tenant: TenantId, label: string, group: 'member' | 'organizer' | 'admin' = 'member'): Promise<ChatTestUser> {
  // Set by tests/setup/global-setup.ts (and by the local stack for other callers).
  const poolsFile = process.env.IDENTITY_POOLS_FILE;
  const endpoint = process.env.COGNITO_ENDPOINT;
  if (!poolsFile || !endpoint) throw new Error('The chat tests need the local stack with cognito-local (IDENTITY_POOLS_FILE, COGNITO_ENDPOINT).');
  const pool = readPoolsFile(poolsFile)[tenant];
  if (!pool) throw new Error(`no local pool for ${tenant}`);
  const client = localCognitoClient(endpoint, pool.region);
  try {
    const username = `${label}-${randomBytes(5).toString('hex')}@${tenant}.test.example`;
    const password = `Test-${randomBytes(4).toString('hex')}-Aa1!`;
    const sub = await createPoolUser(client, { userPoolId: pool.userPoolId, tenantId: tenant, username, password, name: `Test ${label}`, group });
    if (!sub) throw new Error('the local pool returned no sub');
    const auth = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
    );
    const tokens = auth.AuthenticationResult;
    if (!tokens?.IdToken || !tokens.AccessToken) throw new Error(`sign-in of ${username} failed`);
    return { tenant, username, password, sub, cookie: amplifyCookieHeader(pool.appClientId, { IdToken: tokens.IdToken, AccessToken: tokens.AccessToken }) };
  } finally {
    client.destroy();
  }
}

/** An event of the tenant whose room is open now (started a minute ago), organized by `organizer`. */
export async function openEvent(services: Services, organizer: ChatTestUser, overrides: Partial<EventInput> = {}): Promise<EventRecord> {
  const input = newEventInput({
    title: 'Chat test',
    eventDateTime: new Date(Date.now() - 60_000).toISOString(),
    eventTimeZone: 'UTC',
    eventLanguage: 'en',
    ...overrides,
  });
  return tenantData(services, organizer.tenant).events.create(input, { sub: organizer.sub, name: 'Organizer', email: organizer.username, language: 'en' });
}

export interface ChatTestServer {
  port: number;
  services: Services;
  sockets: ChatSockets;
  server: Server;
  close(): Promise<void>;
}

/** An http server with the chat endpoint only, on a free loopback port, with its own services (REDIS_URL picks the Redis bus). */
export async function startChatServer(options: { redisUrl?: string; pingSeconds?: number } = {}): Promise<ChatTestServer> {
  const { REDIS_URL: _ignored, ...rest } = process.env;
  const env = loadEnv({ ...rest, NODE_ENV: 'test', ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}) });
  const services = createServices(env, testRegistry());
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const sockets = attachChatSockets(server, { env, registry: testRegistry(), services, pingSeconds: options.pingSeconds });
  return {
    port,
    services,
    sockets,
    server,
    async close() {
      await sockets.close();
      await services.chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.db.raw.destroy();
    },
  };
}

export interface ClientOptions {
  tenant?: string;
  cookie?: string;
  event?: string;
  after?: number;
  /** The Origin header; default the tenant's own host. null sends none. */
  origin?: string | null;
  /** Raw query string instead of event/after. */
  query?: string;
}

/** A `ws` client that records every frame it receives and can wait for one. */
export class ChatClient {
  frames: ServerFrame[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<{ test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
  }

  static open(port: number, options: ClientOptions = {}): ChatClient {
    const tenant = options.tenant ?? TEST_TENANT;
    const host = `${tenant}.localhost:${port}`;
    const query = options.query ?? `event=${options.event ?? ''}${options.after !== undefined ? `&after=${options.after}` : ''}`;
    const headers: Record<string, string> = { host };
    if (options.cookie) headers.cookie = options.cookie;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}?${query}`, {
      headers,
      ...(options.origin === null ? {} : { origin: options.origin ?? `http://${host}` }),
      perMessageDeflate: false,
    });
    return new ChatClient(ws);
  }

  /** The first frame so far, or the next to arrive, that passes the test. */
  waitFor<F extends ServerFrame = ServerFrame>(test: (f: ServerFrame) => boolean, timeoutMs = 10_000): Promise<F> {
    const found = this.frames.find(test);
    if (found) return Promise.resolve(found as F);
    return new Promise((resolve, reject) => {
      const waiter = {
        test,
        resolve: (f: ServerFrame) => {
          clearTimeout(timer);
          resolve(f as F);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${timeoutMs} ms; last frames: ${JSON.stringify(this.frames.slice(-4)).slice(0, 1500)}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  next<T extends ServerFrame['type']>(type: T, test: (f: Extract<ServerFrame, { type: T }>) => boolean = () => true, timeoutMs?: number) {
    return this.waitFor<Extract<ServerFrame, { type: T }>>((f) => f.type === type && test(f as Extract<ServerFrame, { type: T }>), timeoutMs);
  }

  /** The first event frame matching the test. */
  event(test: (e: ChatEvent) => boolean, timeoutMs?: number): Promise<ChatEvent> {
    return this.next('event', (f) => test(f.event), timeoutMs).then((f) => f.event);
  }

  welcome() {
    return this.next('welcome');
  }

  send(frame: ClientFrame | object | string | Buffer) {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** Every `event` frame received so far. */
  events() {
    return this.frames.flatMap((f) => (f.type === 'event' ? [f.event] : []));
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

let counter = 0;
export const clientId = () => `c${Date.now().toString(36)}${(counter++).toString(36).padStart(4, '0')}`;

/** Sends a message and waits for its ack (or the error for it). */
export async function say(client: ChatClient, textMessage: string, extra: Record<string, unknown> = {}) {
  const id = clientId();
  client.send({ type: 'send', clientId: id, textMessage, ...extra });
  return client.waitFor<Extract<ServerFrame, { type: 'ack' | 'error' }>>((f) => (f.type === 'ack' || f.type === 'error') && f.clientId === id);
}

/** A plain public text message draft, for writing straight through the repository. */
export function draft(sender: string, textMessage: string, extra: Partial<MessageDraft> = {}): MessageDraft {
  return {
    chatMsgType: 'text',
    textMessage,
    sender,
    senderRole: 'participant',
    chatDisplayName: sender,
    avatarBgColor: '#1D4ED8',
    chatImageUrls: [],
    attachmentUrls: [],
    replyToMsgId: null,
    replyToText: '',
    replyToDisplayName: '',
    showHandQuestion: false,
    originalQuestionLangCode: null,
    isPrivateMsg: false,
    recipient: null,
    recipientDisplayName: null,
    msgSubType: null,
    status: 'approved',
    createdAt: new Date().toISOString(),
    clientId: null,
    ...extra,
  };
}
