import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { TTS_SOCKET_PATH } from '#app/lib/speech/ttsProtocol';
import { TEST_TENANT, testRegistry } from '#tests/support/chat';
import { loadEnv } from '../env.server';
import { createServices } from '../services/index.server';
import { attachChatSockets } from '../services/chat/socket.server';
import { attachTtsSockets } from '../speech/tts/socket.server';

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
