/**
 * Speech engines chosen per tenant (docs/decisions/0100), through the real sockets on the local
 * stack, which has no AWS credentials of its own: one tenant set to `aws` is told speech to text
 * and the site's voices are unavailable (the protocol's refusals, never text or audio), while the
 * tenant beside it on the same server keeps dictating and reading aloud with the local engines.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DICTATION_CLOSE, DICTATION_SOCKET_PATH } from '#app/lib/speech/dictation';
import { TTS_SOCKET_PATH } from '#app/lib/speech/ttsProtocol';
import type { Registry } from '#server/config/registry.server';
import { checkSpeech, createServices } from '#server/compose.server';
import { loadEnv } from '#server/env.server';
import type { Services } from '#server/services';
import { createChatUser, OTHER_TENANT, TEST_TENANT, testRegistry, type ChatTestUser } from '#tests/support/chat';
import { attachDictationSockets, type DictationSockets } from './dictation/socket.server';
import { attachTtsSockets, type TtsSockets } from './tts/socket.server';

let server: Server;
let port: number;
let services: Services;
let registry: Registry;
let dictation: DictationSockets;
let tts: TtsSockets;
let onLocal: ChatTestUser;
let onAws: ChatTestUser;
const open: WebSocket[] = [];

/** The test registry with OTHER_TENANT set to `aws` and TEST_TENANT left to the deployment's default. */
function registryWithAwsTenant(): Registry {
  const base = testRegistry();
  const tenants = new Map([...base.tenants].map(([id, t]) => [id, id === OTHER_TENANT ? { ...t, speech: { engine: 'aws' as const } } : t]));
  return { ...base, tenants };
}

class Client {
  frames: Array<Record<string, unknown>> = [];
  binary = 0;
  closed: Promise<number>;
  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => (isBinary ? (this.binary += 1) : this.frames.push(JSON.parse(data.toString()) as Record<string, unknown>)));
  }
  async next(type: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((f) => f.type === type);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(this.frames)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  send(frame: object) {
    const data = JSON.stringify(frame);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
    else this.ws.once('open', () => this.ws.send(data));
  }
}

function connect(path: string, user: ChatTestUser) {
  const host = `${user.tenant}.localhost:${port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { host, cookie: user.cookie }, origin: `http://${host}`, perMessageDeflate: false });
  open.push(ws);
  return new Client(ws);
}

beforeAll(async () => {
  const { REDIS_URL: _ignored, ...rest } = process.env;
  const env = loadEnv({ ...rest, NODE_ENV: 'test', SPEECH_PROVIDER: 'local' });
  registry = registryWithAwsTenant();
  services = createServices(env, registry);
  server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  dictation = attachDictationSockets(server, { env, registry, services });
  tts = attachTtsSockets(server, { env, registry, services });
  [onLocal, onAws] = await Promise.all([createChatUser(TEST_TENANT, 'engine-local'), createChatUser(OTHER_TENANT, 'engine-aws')]);
}, 60_000);

afterAll(async () => {
  for (const ws of open) ws.terminate();
  await dictation?.close();
  await tts?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await services?.chat.close();
  services?.db.raw.destroy();
});

describe('speech engines per tenant, through the sockets', () => {
  it('the tenant on aws is refused dictation as a language the server lacks (also auto); the local tenant starts', async () => {
    for (const language of ['es', 'auto'] as const) {
      const client = connect(DICTATION_SOCKET_PATH, onAws);
      client.send({ type: 'start', language });
      expect(await client.next('error')).toEqual({ type: 'error', code: 'language' });
      expect(await client.closed).toBe(DICTATION_CLOSE.language);
      expect(client.frames.some((f) => f.type === 'final' || f.type === 'partial')).toBe(false);
    }
    const local = connect(DICTATION_SOCKET_PATH, onLocal);
    local.send({ type: 'start', language: 'en' });
    expect(await local.next('ready')).toEqual({ type: 'ready', language: 'en' });
    expect(local.frames.some((f) => f.type === 'error')).toBe(false);
  });

  it('the tenant on aws gets no voice to read with (no audio); the local tenant hears its text', async () => {
    const refused = connect(TTS_SOCKET_PATH, onAws);
    await refused.next('ready');
    refused.send({ type: 'speak', id: 'r1', text: 'Bonjour à tous.', language: 'fr' });
    expect(await refused.next('error')).toMatchObject({ type: 'error', id: 'r1', code: 'unknownVoice' });
    expect(refused.binary).toBe(0);

    const local = connect(TTS_SOCKET_PATH, onLocal);
    await local.next('ready');
    local.send({ type: 'speak', id: 'r2', text: 'Bonjour à tous.', language: 'fr' });
    expect(await local.next('start')).toMatchObject({ id: 'r2', sampleRate: expect.any(Number) as number });
    expect(await local.next('end')).toMatchObject({ id: 'r2' });
    expect(local.binary).toBeGreaterThan(0);
  });

  it('health names both sets, the aws one unavailable here, and each tenant’s', async () => {
    const state = await checkSpeech(services.speech);
    expect(state.engines?.default).toBe('local');
    expect(state.engines?.sets.aws).toEqual({ tts: 'aws-polly', stt: 'aws-transcribe', available: false });
    expect(state.engines?.sets.local?.available).toBe(true);
    expect(state.engines?.tenants[OTHER_TENANT]).toBe('aws');
    expect(state.engines?.tenants[TEST_TENANT]).toBe('local');
    // /api/health hands over the default recogniser only: the same report.
    expect((await checkSpeech(services.speech.stt)).engines).toEqual(state.engines);
  });
});
