/**
 * The dictation socket (/ws/stt) on a real HTTP server with the real session check (cognito-local)
 * and the real engines: refusals (no session, another tenant's cookie, foreign Origin, unknown
 * host, bad frames, oversized and stray audio, a second stream, a language the engine lacks, the
 * audio allowance) and dictation of espeak-ng speech into partial and final text.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DICTATION_CLOSE, DICTATION_MAX_AUDIO_FRAME_BYTES, DICTATION_SOCKET_PATH, type DictationServerFrame } from '#app/lib/speech/dictation';
import { loadEnv } from '#server/env.server';
import { createServices } from '#server/compose.server';
import type { Services } from '#server/services';
import { createChatUser, OTHER_TENANT, TEST_TENANT, testRegistry, type ChatTestUser } from '#tests/support/chat';
import { decodeToRecognizerPcm, wavOf } from '#server/platform/speech/audio.server';
import { createEspeakTts } from '#server/platform/speech/local/espeak.server';
import { dictationUpgradeJobs, fuzzDictation } from '#tests/security/fuzz-dictation';
import { attachDictationSockets, type DictationSockets } from './socket.server';

let server: Server;
let port: number;
let services: Services;
let sockets: DictationSockets;
let alice: ChatTestUser;
let bob: ChatTestUser;
const open: WebSocket[] = [];

class Client {
  frames: DictationServerFrame[] = [];
  closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('error', () => undefined);
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as DictationServerFrame));
  }
  async next(type: DictationServerFrame['type'], timeoutMs = 30_000): Promise<DictationServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((f) => f.type === type);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(this.frames)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  send(frame: object | string | Buffer) {
    const data = typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
    else this.ws.once('open', () => this.ws.send(data));
  }
}

function connect(user: ChatTestUser | null, options: { tenant?: string; origin?: string | null; host?: string } = {}) {
  const tenant = options.tenant ?? TEST_TENANT;
  const host = options.host ?? `${tenant}.localhost:${port}`;
  const headers: Record<string, string> = { host };
  if (user) headers.cookie = user.cookie;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${DICTATION_SOCKET_PATH}`, {
    headers,
    ...(options.origin === null ? {} : { origin: options.origin ?? `http://${host}` }),
    perMessageDeflate: false,
  });
  open.push(ws);
  return new Client(ws);
}

function upgradeStatus(host: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${DICTATION_SOCKET_PATH}`, { headers: { host }, ...(origin ? { origin } : {}) });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

async function spoken(text: string): Promise<Buffer> {
  const tts = createEspeakTts();
  const chunks: Buffer[] = [];
  for await (const c of tts.synthesize({ text, language: 'en' })) chunks.push(c);
  return decodeToRecognizerPcm(wavOf(Buffer.concat(chunks), tts.sampleRate));
}

beforeAll(async () => {
  const { REDIS_URL: _ignored, ...rest } = process.env;
  const env = loadEnv({ ...rest, NODE_ENV: 'test' });
  services = createServices(env, testRegistry());
  server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  // Two seconds of audio an hour, so the allowance can be reached.
  sockets = attachDictationSockets(server, { env, registry: testRegistry(), services, minutesPerHour: 2 / 60 });
  [alice, bob] = await Promise.all([createChatUser(TEST_TENANT, 'stt-alice'), createChatUser(TEST_TENANT, 'stt-bob')]);
}, 60_000);

afterAll(async () => {
  for (const ws of open) ws.terminate();
  await sockets?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await services?.chat.close();
  services?.db.raw.destroy();
});

describe('dictation socket: refusals', () => {
  it('refuses an upgrade from another site (403) or for an unknown host (404)', async () => {
    const host = `${TEST_TENANT}.localhost:${port}`;
    expect(await upgradeStatus(host)).toBe(403);
    expect(await upgradeStatus(host, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(host, `http://${OTHER_TENANT}.localhost:${port}`)).toBe(403);
    expect(await upgradeStatus(`nobody.localhost:${port}`, `http://nobody.localhost:${port}`)).toBe(404);
  });

  it('closes 4401 without a session, and with a session of another tenant', async () => {
    const anonymous = connect(null);
    expect(await anonymous.next('error')).toEqual({ type: 'error', code: 'unauthenticated' });
    expect((await anonymous.closed).code).toBe(DICTATION_CLOSE.unauthenticated);
    const foreign = connect(alice, { tenant: OTHER_TENANT });
    expect((await foreign.closed).code).toBe(DICTATION_CLOSE.unauthenticated);
  });

  it.each([
    ['not JSON', 'hello'],
    ['an unknown type', { type: 'dance' }],
    ['a language outside the schema', { type: 'start', language: 'xx' }],
    ['extra fields', { type: 'start', language: 'en', extra: 1 }],
    ['a stop without a stream', { type: 'stop' }],
    ['audio before start', Buffer.alloc(640)],
  ])('closes 4400 on %s', async (_name, frame) => {
    const client = connect(alice);
    client.send(frame as object);
    expect(await client.next('error')).toEqual({ type: 'error', code: 'badFrame' });
    expect((await client.closed).code).toBe(DICTATION_CLOSE.badFrame);
  });

  it('closes 4400 on an odd-sized or oversized audio frame, 4409 on a second stream, 4422 on a language the engine lacks', async () => {
    const odd = connect(alice);
    odd.send({ type: 'start', language: 'en' });
    await odd.next('ready');
    odd.send(Buffer.alloc(641));
    expect((await odd.closed).code).toBe(DICTATION_CLOSE.badFrame);

    const big = connect(alice);
    big.send({ type: 'start', language: 'en' });
    await big.next('ready');
    big.send(Buffer.alloc(DICTATION_MAX_AUDIO_FRAME_BYTES + 2));
    expect([DICTATION_CLOSE.badFrame, 1009]).toContain((await big.closed).code);

    const twice = connect(alice);
    twice.send({ type: 'start', language: 'en' });
    twice.send({ type: 'start', language: 'en' });
    expect(await twice.next('error')).toEqual({ type: 'error', code: 'busy' });
    expect((await twice.closed).code).toBe(DICTATION_CLOSE.busy);

    const missing = services.speech.stt.languages().includes('fr') ? null : connect(alice);
    if (missing) {
      missing.send({ type: 'start', language: 'fr' });
      expect((await missing.closed).code).toBe(DICTATION_CLOSE.language);
    }
  });

  it('stops a person’s audio past the hourly allowance with 4429 (per person: another is not affected)', async () => {
    const client = connect(bob);
    client.send({ type: 'start', language: 'en' });
    await client.next('ready');
    // 3 s of silence in 0.5 s frames: past the 2 s allowance.
    for (let i = 0; i < 6; i++) client.send(Buffer.alloc(16_000));
    const error = await client.next('error');
    expect(error).toMatchObject({ type: 'error', code: 'limit' });
    expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((await client.closed).code).toBe(DICTATION_CLOSE.limit);
    const again = connect(bob);
    again.send({ type: 'start', language: 'en' });
    expect((await again.closed).code).toBe(DICTATION_CLOSE.limit);
  });
});

describe('dictation socket: the security suites’ fuzz cases', () => {
  it('answers every hostile frame with a client-error close, and another tenant’s session with 4401', async () => {
    const host = `${TEST_TENANT}.localhost:${port}`;
    const carol = await createChatUser(TEST_TENANT, 'stt-fuzz');
    const foreign = await createChatUser(OTHER_TENANT, 'stt-foreign');
    const result = await fuzzDictation({ port, host, origin: `http://${host}`, callers: [{ as: 'anonymous' }, { as: 'member', cookie: carol.cookie }], foreignCallers: [{ as: 'other tenant', cookie: foreign.cookie }] });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBeGreaterThan(10);
    expect(dictationUpgradeJobs({ port, host, origin: `http://${host}`, callers: [{ as: 'anonymous' }] }).length).toBeGreaterThan(5);
  }, 120_000);
});

describe('dictation socket: recognition', () => {
  it('turns streamed speech into final text with times, then says stopped', async () => {
    const user = await createChatUser(TEST_TENANT, 'stt-carol');
    // This test needs more than the lowered allowance: its own server with the normal one.
    const own = createServer();
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const ownPort = (own.address() as { port: number }).port;
    const { REDIS_URL: _ignored, ...rest } = process.env;
    const ownSockets = attachDictationSockets(own, { env: loadEnv({ ...rest, NODE_ENV: 'test' }), registry: testRegistry(), services });
    try {
      const host = `${TEST_TENANT}.localhost:${ownPort}`;
      const ws = new WebSocket(`ws://127.0.0.1:${ownPort}${DICTATION_SOCKET_PATH}`, { headers: { host, cookie: user.cookie }, origin: `http://${host}` });
      open.push(ws);
      const client = new Client(ws);
      client.send({ type: 'start', language: 'en' });
      await client.next('ready');
      const pcm = Buffer.concat([await spoken('Thank you for watching and see you at the next session.'), Buffer.alloc(32_000)]);
      for (let at = 0; at < pcm.length; at += 8000) client.send(pcm.subarray(at, at + 8000));
      client.send({ type: 'stop' });
      await client.next('stopped', 60_000);
      const finals = client.frames.filter((f): f is Extract<DictationServerFrame, { type: 'final' }> => f.type === 'final');
      expect(finals.length).toBeGreaterThan(0);
      expect(finals.map((f) => f.text).join(' ').trim().length).toBeGreaterThan(0);
      for (const f of finals) expect(f.end).toBeGreaterThan(f.start);
      client.ws.close();
    } finally {
      await ownSockets.close();
      own.closeAllConnections();
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  }, 90_000);
});
