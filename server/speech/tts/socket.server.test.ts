import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TTS_CLOSE, TTS_SOCKET_PATH, TTS_TEXT_MAX } from '#app/lib/speech/ttsProtocol';
import { createChatUser, OTHER_TENANT, TEST_TENANT, type ChatTestUser } from '#tests/support/chat';
import { startTtsServer, TtsClient, type TtsTestServer } from '#tests/support/tts';
import { TtsGate } from './gate.server';

let server: TtsTestServer;
let limited: TtsTestServer;
let alice: ChatTestUser;
let bob: ChatTestUser;
let stranger: ChatTestUser;
const clients: TtsClient[] = [];

function open(port: number, user: ChatTestUser | null, options: { tenant?: string; origin?: string } = {}) {
  const client = TtsClient.open(port, { cookie: user?.cookie, ...options });
  clients.push(client);
  return client;
}

function upgradeStatus(port: number, headers: Record<string, string>, origin?: string, path = TTS_SOCKET_PATH): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers, ...(origin ? { origin } : {}) });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

beforeAll(async () => {
  [server, limited] = await Promise.all([startTtsServer(), startTtsServer({ ttsGate: new TtsGate({ charsPerMinute: 100, concurrent: 1 }) })]);
  [alice, bob, stranger] = await Promise.all([createChatUser(TEST_TENANT, 'tts-alice'), createChatUser(TEST_TENANT, 'tts-bob'), createChatUser(OTHER_TENANT, 'tts-stranger')]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await Promise.all([server?.close(), limited?.close()]);
});

describe('text-to-speech socket: refusals', () => {
  it('refuses an upgrade without Origin or from another site (403), an unknown host (404) and an unknown path (404)', async () => {
    const host = `${TEST_TENANT}.localhost:${server.port}`;
    expect(await upgradeStatus(server.port, { host })).toBe(403);
    expect(await upgradeStatus(server.port, { host }, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(server.port, { host }, `http://${OTHER_TENANT}.localhost:${server.port}`)).toBe(403);
    expect(await upgradeStatus(server.port, { host: `nobody.localhost:${server.port}` }, `http://nobody.localhost:${server.port}`)).toBe(404);
    expect(await upgradeStatus(server.port, { host }, `http://${host}`, '/ws/elsewhere')).toBe(404);
  });

  it('closes a socket with no session: unauthenticated error frame and 4401', async () => {
    const anonymous = open(server.port, null);
    expect(await anonymous.next('error')).toEqual({ type: 'error', id: null, code: 'unauthenticated', fatal: true });
    expect((await anonymous.closed).code).toBe(TTS_CLOSE.unauthenticated);
  });

  it("refuses another tenant's session cookie on this tenant's host", async () => {
    const foreign = open(server.port, stranger);
    expect((await foreign.next('error')).code).toBe('unauthenticated');
    expect((await foreign.closed).code).toBe(TTS_CLOSE.unauthenticated);
    // The same cookie on its own tenant's host is accepted.
    const home = open(server.port, stranger, { tenant: OTHER_TENANT });
    await home.next('ready');
  });
});

describe('text-to-speech socket: frames', () => {
  it('streams PCM between start and end, with the seconds it sent', async () => {
    const client = open(server.port, alice);
    await client.next('ready');
    client.send({ type: 'speak', id: 'hello1', text: 'Hello, this is a short sentence read aloud.', language: 'en' });
    const start = await client.next('start', (f) => f.id === 'hello1');
    expect(start.sampleRate).toBe(server.services.speech.tts.sampleRate);
    expect(start.voiceId).toBe(server.services.speech.tts.voices('en')[0]!.id);
    const end = await client.next('end', (f) => f.id === 'hello1');
    const bytes = client.audioBytes('hello1');
    expect(bytes % 2).toBe(0);
    expect(end.seconds).toBeCloseTo(bytes / 2 / start.sampleRate, 5);
    expect(end.seconds).toBeGreaterThan(1.5);
    expect(end.seconds).toBeLessThan(8);
    expect(end.cancelled).toBeUndefined();
  });

  it('answers bad frames with a badFrame error and keeps serving', async () => {
    const client = open(server.port, alice);
    await client.next('ready');
    const bad: Array<object | string | Buffer> = [
      'not json',
      '[]',
      'null',
      { type: 'sing', id: 'x' },
      { type: 'speak', id: 'bad1', text: '', language: 'en' },
      { type: 'speak', id: 'bad2', text: '   ', language: 'en' },
      { type: 'speak', id: 'bad3', text: 'x'.repeat(TTS_TEXT_MAX + 1), language: 'en' },
      { type: 'speak', id: 'bad4', text: 'hi', language: 'de' },
      { type: 'speak', id: 'bad5', text: 'hi', language: 'en', rate: 9 },
      { type: 'speak', id: 'bad6', text: 'hi', language: 'en', extra: true },
      { type: 'speak', id: 'has space', text: 'hi', language: 'en' },
      { type: 'cancel' },
      Buffer.from([1, 2, 3]),
    ];
    for (const frame of bad) client.send(frame);
    await client.next('error', () => client.frames.filter((f) => f.type === 'error').length >= bad.length);
    const errors = client.frames.filter((f) => f.type === 'error');
    expect(errors).toHaveLength(bad.length);
    expect(errors.every((f) => f.type === 'error' && f.code === 'badFrame' && !f.fatal)).toBe(true);
    expect(errors.find((f) => f.type === 'error' && f.id === 'bad3')).toBeDefined();
    // A voice of another language is named, not guessed.
    client.send({ type: 'speak', id: 'voice1', text: 'Hola', language: 'es', voiceId: 'en-us' });
    expect((await client.next('error', (f) => f.id === 'voice1')).code).toBe('unknownVoice');
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('runs one synthesis at a time per socket, and cancel ends it early', async () => {
    const client = open(server.port, bob);
    await client.next('ready');
    const long = 'This sentence is long enough to keep the engine busy for a while. '.repeat(20);
    client.send({ type: 'speak', id: 'long1', text: long, language: 'en' });
    client.send({ type: 'speak', id: 'long2', text: 'Second', language: 'en' });
    expect((await client.next('error', (f) => f.id === 'long2')).code).toBe('busy');
    await client.next('start', (f) => f.id === 'long1');
    client.send({ type: 'cancel', id: 'long1' });
    const end = await client.next('end', (f) => f.id === 'long1');
    expect(end.cancelled).toBe(true);
    // Free again after the cancel.
    client.send({ type: 'speak', id: 'after', text: 'Again.', language: 'fr' });
    expect((await client.next('end', (f) => f.id === 'after')).seconds).toBeGreaterThan(0.2);
  });
});

describe('text-to-speech socket: per-user limits', () => {
  it('refuses characters over the per-minute budget with a retry time, per user', async () => {
    const client = open(limited.port, alice);
    await client.next('ready');
    client.send({ type: 'speak', id: 'a1', text: 'x'.repeat(30) + ' sixty characters of text for the budget.', language: 'en' });
    await client.next('end', (f) => f.id === 'a1');
    client.send({ type: 'speak', id: 'a2', text: 'Fifty more characters, over the hundred a minute.', language: 'en' });
    const refused = await client.next('error', (f) => f.id === 'a2');
    expect(refused.code).toBe('rateLimited');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another user has their own budget.
    const other = open(limited.port, bob);
    await other.next('ready');
    other.send({ type: 'speak', id: 'b1', text: 'Bob still may.', language: 'en' });
    await other.next('end', (f) => f.id === 'b1');
  });

  it('refuses a second synthesis of the same user at once, over two sockets', async () => {
    const gate = new TtsGate({ concurrent: 1 });
    const first = await gate.admit(TEST_TENANT, 'u1', 10);
    expect(first.ok).toBe(true);
    expect((await gate.admit(TEST_TENANT, 'u1', 10)).ok).toBe(false);
    expect((await gate.admit(OTHER_TENANT, 'u1', 10)).ok).toBe(true);
    if (first.ok) first.release();
    expect((await gate.admit(TEST_TENANT, 'u1', 10)).ok).toBe(true);
  });
});
