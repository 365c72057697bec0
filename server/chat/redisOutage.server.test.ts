/**
 * Chat on two instances while their Redis is killed and started again on the same port
 * (docs/decisions/0052): one instance keeps delivering to its own sockets, every accepted message
 * reaches every client once after the bus returns, and nothing is delivered twice. An instance
 * whose connections drop (a killed process): its clients resume on another with nothing missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, ServerFrame } from '#app/lib/chat/protocol';
import { getFreePort } from '#local/stack/ports';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { ChatClient, createChatUser, openEvent, say, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';

const waitUntil = async (check: () => boolean, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const texts = (events: ChatEvent[]) => events.flatMap((e) => (e.kind === 'message' ? [e.message.textMessage] : []));
const headOf = (client: ChatClient) =>
  client.frames.reduce((head, f: ServerFrame) => (f.type === 'welcome' ? Math.max(head, f.headSeq) : f.type === 'event' ? Math.max(head, f.event.seq) : head), 0);

describe('chat across outages: its Redis, one of its instances', () => {
  let dir: string;
  let port: number;
  let redis: LocalRedis;
  let one: ChatTestServer;
  let two: ChatTestServer;
  let organizer: ChatTestUser;
  let alice: ChatTestUser;
  let bob: ChatTestUser;
  const clients: ChatClient[] = [];
  const open = (server: ChatTestServer, user: ChatTestUser, event: string, after?: number) => {
    const client = ChatClient.open(server.port, { tenant: TEST_TENANT, cookie: user.cookie, event, ...(after === undefined ? {} : { after }) });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chat-redis-outage-'));
    port = await getFreePort();
    redis = await startRedis({ port, dir, persist: true });
    [one, two] = await Promise.all([startChatServer({ redisUrl: redis.url }), startChatServer({ redisUrl: redis.url })]);
    [organizer, alice, bob] = await Promise.all([
      createChatUser(TEST_TENANT, 'outage-org', 'organizer'),
      createChatUser(TEST_TENANT, 'outage-alice'),
      createChatUser(TEST_TENANT, 'outage-bob'),
    ]);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await Promise.all([one?.close(), two?.close()]);
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps chat working on each instance, names Redis while down, and resumes every client after it returns with nothing lost or repeated', { timeout: 90_000 }, async () => {
    const event = await openEvent(one.services, organizer);
    const org = open(one, organizer, event.eventId);
    const near = open(one, alice, event.eventId);
    const far = open(two, bob, event.eventId);
    await Promise.all([org.welcome(), near.welcome(), far.welcome()]);
    expect(one.services.chat.bus.health()).toEqual({ state: 'up', service: 'redis' });

    // A real outage: the process dies, connections are refused.
    process.kill(redis.pid, 'SIGKILL');
    await waitUntil(() => one.services.chat.bus.health().state === 'down' && two.services.chat.bus.health().state === 'down', 10_000, 'the bus notices');
    expect(one.services.chat.bus.health()).toMatchObject({ state: 'down', service: 'redis' });

    // Local delivery: the message is stored, acknowledged and shown on the same instance at once.
    const started = Date.now();
    const ack = await say(org, 'during the outage');
    expect(ack.type).toBe('ack');
    await near.event((e) => e.kind === 'message' && e.message.textMessage === 'during the outage', 3000);
    expect(Date.now() - started).toBeLessThan(3000);
    // A socket joining the instance meanwhile is welcomed with it.
    const joiner = open(one, alice, event.eventId);
    const joined = await joiner.welcome();
    expect(joined.messages.map((m) => m.textMessage)).toContain('during the outage');
    // The other instance's client cannot have it yet.
    expect(texts(far.events())).not.toContain('during the outage');

    redis = await startRedis({ port, dir, persist: true });
    const back = Date.now();
    // Every socket is told to resume (deliveries may have been lost), within 30 s of the return.
    for (const c of [far, near, org, joiner]) expect((await Promise.race([c.closed, new Promise((r) => setTimeout(() => r({ code: -1 }), 30_000))])) as { code: number }).toMatchObject({ code: 1012 });
    expect(Date.now() - back).toBeLessThan(30_000);
    expect(one.services.chat.bus.health()).toEqual({ state: 'up', service: 'redis' });

    const farBack = open(two, bob, event.eventId, headOf(far));
    const farWelcome = await farBack.welcome();
    expect(farWelcome.mode).toBe('resume');
    expect(texts(farWelcome.mode === 'resume' ? farWelcome.events : [])).toEqual(['during the outage']);
    const nearBack = open(one, alice, event.eventId, headOf(near));
    const nearWelcome = await nearBack.welcome();
    // Already shown during the outage: not sent again.
    expect(texts(nearWelcome.mode === 'resume' ? nearWelcome.events : ['x' as never])).toEqual([]);
    expect(texts(near.events()).filter((t) => t === 'during the outage')).toHaveLength(1);

    // Across instances again.
    const after = await say(farBack, 'after the return');
    expect(after.type).toBe('ack');
    await nearBack.event((e) => e.kind === 'message' && e.message.textMessage === 'after the return', 10_000);
  });

  it('a publish Redis confirms only late (Redis frozen) is delivered once on the sender’s instance', { timeout: 60_000 }, async () => {
    const event = await openEvent(one.services, organizer);
    const org = open(one, organizer, event.eventId);
    const part = open(two, alice, event.eventId);
    await Promise.all([org.next('welcome'), part.next('welcome')]);
    process.kill(redis.pid, 'SIGSTOP');
    let ack: Awaited<ReturnType<typeof say>>;
    try {
      // Not confirmed within the publish limit: delivered on this instance at once.
      ack = await say(org, 'late');
      await org.event((e) => e.kind === 'message' && e.message.textMessage === 'late');
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    expect(ack.type).toBe('ack');
    // Redis then carries the late publish (and its echo reaches instance one) before the next one.
    expect((await say(org, 'after')).type).toBe('ack');
    await waitUntil(() => texts(org.events()).includes('after') && texts(part.events()).includes('after'), 30_000, 'the next message everywhere');
    expect(texts(org.events()).filter((t) => t === 'late')).toEqual(['late']);
  });

  it('an instance that dies: its clients resume on the other one with every message sent meanwhile, none twice', { timeout: 60_000 }, async () => {
    const three = await startChatServer({ redisUrl: redis.url });
    // The TCP connections of the instance, to cut them as a killed process would (no close frame).
    const wires = new Set<import('node:net').Socket>();
    three.server.on('upgrade', (_req, socket: import('node:net').Socket) => wires.add(socket));
    try {
      const event = await openEvent(one.services, organizer);
      const org = open(one, organizer, event.eventId);
      const onThree = open(three, alice, event.eventId);
      await Promise.all([org.welcome(), onThree.welcome()]);
      await say(org, 'before');
      await onThree.event((e) => e.kind === 'message' && e.message.textMessage === 'before');

      for (const wire of wires) wire.destroy();
      expect((await onThree.closed).code).toBe(1006);
      const missed = ['while away 1', 'while away 2', 'while away 3'];
      for (const text of missed) expect((await say(org, text)).type).toBe('ack');

      // The client comes back through the same address, which now reaches instance one.
      const back = open(one, alice, event.eventId, headOf(onThree));
      const welcome = await back.welcome();
      expect(welcome.mode).toBe('resume');
      expect(texts(welcome.events)).toEqual(missed);
      await say(org, 'after');
      await back.event((e) => e.kind === 'message' && e.message.textMessage === 'after');
      const seen = [...texts(onThree.events()), ...texts(welcome.events), ...texts(back.events())];
      expect(seen).toEqual(['before', ...missed, 'after']);
    } finally {
      await three.close();
    }
  });
});
