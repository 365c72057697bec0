import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { TTS_SOCKET_PATH } from '#app/lib/speech/ttsProtocol';
import { TEST_TENANT, testRegistry } from '#tests/support/chat';
import { loadEnv } from '../env.server';
import { createServices } from '#server/compose.server';
import { attachChatSockets } from '#server/chat/socket.server';
import { attachTtsSockets } from '../speech/tts/socket.server';
import { registerSocket, type SocketUpgrade } from './socketGateway.server';

const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
const services = createServices(env, testRegistry());
const server = createServer((_req, res) => res.writeHead(404).end());
let port = 0;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  const chat = attachChatSockets(server, { env, registry: testRegistry(), services });
  const tts = attachTtsSockets(server, { env, registry: testRegistry(), services });
  closeAll = async () => {
    await Promise.all([chat.close(), tts.close()]);
    await services.chat.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    services.db.raw.destroy();
  };
});

afterAll(() => closeAll());

/** The upgrade's HTTP status (101 when accepted), or "hung" when nobody answers within 3 s. */
function status(path: string): Promise<number | 'hung'> {
  const host = `${TEST_TENANT}.localhost:${port}`;
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { host }, origin: `http://${host}` });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('hung');
    }, 3000);
    const done = (s: number) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(s);
    };
    ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0));
    ws.on('open', () => done(101));
    ws.on('error', () => undefined);
  });
}

describe('several sockets on one port', () => {
  it('each answers its own path, and a path nobody claims is refused (404), not left hanging', async () => {
    expect(await status(CHAT_SOCKET_PATH)).toBe(101); // the chat checks the session inside the socket
    expect(await status(TTS_SOCKET_PATH)).toBe(101);
    expect(await status('/ws/elsewhere')).toBe(404);
    expect(await status('/')).toBe(404);
  });
});

describe('the socket gateway', () => {
  it('checks every upgrade in one listener: path (404), tenant host (404), Origin (403), then hands the feature its tenant', async () => {
    const own = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const ownPort = (own.address() as { port: number }).port;
    const wss = new WebSocketServer({ noServer: true });
    const accepted: string[] = [];
    const route = { env, registry: testRegistry(), wss, accept: (ws: WebSocket, upgrade: SocketUpgrade) => (accepted.push(upgrade.tenant.id), ws.close()) };
    const first = registerSocket(own, { ...route, path: '/ws/one' });
    const second = registerSocket(own, { ...route, path: '/ws/two' });
    expect(own.listenerCount('upgrade')).toBe(1);
    expect(() => registerSocket(own, { ...route, path: '/ws/one' })).toThrow();
    const open = (path: string, host: string, origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${ownPort}${path}`, { headers: { host }, ...(origin ? { origin } : {}) });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
    const tenantHost = `${TEST_TENANT}.localhost:${ownPort}`;
    try {
      expect(await open('/ws/two', tenantHost, `http://${tenantHost}`)).toBe(101);
      expect(accepted).toEqual([TEST_TENANT]);
      expect(await open('/ws/three', tenantHost, `http://${tenantHost}`)).toBe(404);
      expect(await open('/ws/one', `nobody.localhost:${ownPort}`, `http://nobody.localhost:${ownPort}`)).toBe(404);
      expect(await open('/ws/one', tenantHost, 'http://elsewhere.example')).toBe(403);
      expect(await open('/ws/one', tenantHost)).toBe(403);
    } finally {
      first();
      second();
      expect(own.listenerCount('upgrade')).toBe(0);
      own.closeAllConnections();
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });
});
