import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE, type ChatMessage } from '#app/lib/chat/protocol';
import { RedisBus } from './redisBus.server';
import { ChatClient, clientId, createChatUser, openEvent, say, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';

/** The Redis of the test setup (tests/setup/global-setup.ts); these tests fail plainly without it. */
function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  if (!url) throw new Error(`No Redis for the multi-instance chat tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
  return url;
}

const waitUntil = async (check: () => boolean, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('RedisBus', () => {
  it('delivers between two buses, only to subscribed channels, and stops after the last unsubscribe', async () => {
    const a = new RedisBus(redisUrl());
    const b = new RedisBus(redisUrl());
    try {
      const got: string[] = [];
      const channel = `chat:test:${Math.random().toString(36).slice(2)}`;
      const off1 = await b.subscribe(channel, (p) => got.push(`1:${p}`));
      const off2 = await b.subscribe(channel, (p) => got.push(`2:${p}`));
      await a.publish(channel, 'hello');
      await a.publish(`${channel}x`, 'elsewhere');
      await waitUntil(() => got.length === 2);
      expect(got.sort()).toEqual(['1:hello', '2:hello']);
      await off1();
      await a.publish(channel, 'again');
      await waitUntil(() => got.length === 3);
      expect(got[2]).toBe('2:again');
      await off2();
      await a.publish(channel, 'gone');
      // A publish on a channel the bus subscribes to is delivered in order: use one as a fence.
      const fence = `${channel}-fence`;
      const fenced: string[] = [];
      const off3 = await b.subscribe(fence, (p) => fenced.push(p));
      await a.publish(fence, 'done');
      await waitUntil(() => fenced.length === 1);
      await off3();
      expect(got).toHaveLength(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('RedisBus on a loaded machine', () => {
  it('delivers a change once on its own instance when Redis delivers it but answers the publish too late', async () => {
    const bus = new RedisBus(redisUrl(), { publishTimeoutMs: 100 });
    try {
      const channel = `chat:test:${Math.random().toString(36).slice(2)}`;
      const got: string[] = [];
      await bus.subscribe(channel, (p) => got.push(p));
      // Redis delivers the change to the subscriber; the publisher hears its answer only after the bus stopped waiting.
      const publisher = (bus as unknown as { publisher: { publish(c: string, p: string): Promise<number> } }).publisher;
      const publish = publisher.publish.bind(publisher);
      publisher.publish = async (c, p) => {
        const answer = await publish(c, p);
        await waitUntil(() => got.length > 0);
        await new Promise((r) => setTimeout(r, 300));
        return answer;
      };
      // A second delivery here would happen inside publish, before it resolves.
      await bus.publish(channel, 'once');
      expect(got).toEqual(['once']);
    } finally {
      await bus.close();
    }
  });
});

describe('chat on two instances through Redis', () => {
  let one: ChatTestServer;
  let two: ChatTestServer;
  let organizer: ChatTestUser;
  let alice: ChatTestUser;
  const clients: ChatClient[] = [];
  const open = (server: ChatTestServer, user: ChatTestUser, event: string, after?: number) => {
    const client = ChatClient.open(server.port, { cookie: user.cookie, event, ...(after === undefined ? {} : { after }) });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    [one, two] = await Promise.all([startChatServer({ redisUrl: redisUrl() }), startChatServer({ redisUrl: redisUrl() })]);
    [organizer, alice] = await Promise.all([createChatUser(TEST_TENANT, 'redis-org', 'organizer'), createChatUser(TEST_TENANT, 'redis-alice')]);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await Promise.all([one?.close(), two?.close()]);
  });

  it('clients on different instances see each other’s messages, in one sequence, even when both write at once', async () => {
    const event = await openEvent(one.services, organizer);
    const org = open(one, organizer, event.eventId);
    const part = open(two, alice, event.eventId);
    await Promise.all([org.next('welcome'), part.next('welcome')]);

    const hello = await say(org, 'hello from one');
    const hi = await say(part, 'hi from two');
    expect(hello.type).toBe('ack');
    expect(hi.type).toBe('ack');
    await part.event((e) => e.kind === 'message' && e.message.textMessage === 'hello from one');
    await org.event((e) => e.kind === 'message' && e.message.textMessage === 'hi from two');

    // Both instances write concurrently: the HEAD condition serialises them, nothing is lost or repeated.
    const texts = Array.from({ length: 6 }, (_, i) => `burst ${i}`);
    const acks = await Promise.all(texts.map((t, i) => say(i % 2 ? part : org, t)));
    expect(acks.every((a) => a.type === 'ack')).toBe(true);
    const all = (c: ChatClient) => c.events().flatMap((e) => (e.kind === 'message' ? [e.message] : []));
    await waitUntil(() => all(org).length === 8 && all(part).length === 8);
    for (const c of [org, part]) {
      const messages = all(c).sort((x, y) => x.seq - y.seq);
      // Which messages came, when not eight distinct: a repeat delivery and a repeated sequence number look alike in a count.
      expect(new Set(messages.map((m) => m.msgId)).size, JSON.stringify(messages.map((m) => [m.seq, m.msgId, m.textMessage]))).toBe(8);
      // One public chain: each message points at the one before it.
      const chained = messages.slice(1).every((m: ChatMessage, i) => m.prevMsgId === messages[i]!.msgId);
      expect(chained).toBe(true);
      expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 8 }, (_, i) => messages[0]!.seq + i));
    }
  });

  it('a block on one instance closes the person’s socket on the other; a resume on another instance misses nothing', async () => {
    const event = await openEvent(one.services, organizer);
    const org = open(one, organizer, event.eventId);
    await org.next('welcome');
    const part = open(two, alice, event.eventId);
    const partWelcome = await part.next('welcome');
    part.ws.close();
    await part.closed;
    await say(org, 'while you were away');
    const back = open(one, alice, event.eventId, partWelcome.headSeq);
    const welcome = await back.next('welcome');
    expect(welcome.mode).toBe('resume');
    expect(welcome.events.map((e) => (e.kind === 'message' ? e.message.textMessage : e.kind))).toEqual(['while you were away']);

    const onTwo = open(two, alice, event.eventId);
    await onTwo.next('welcome');
    const block = clientId();
    org.send({ type: 'block', clientId: block, userId: alice.sub });
    await org.next('ack', (f) => f.clientId === block);
    expect((await onTwo.closed).code).toBe(CHAT_CLOSE.blocked);
    expect((await back.closed).code).toBe(CHAT_CLOSE.blocked);
    const refused = open(two, alice, event.eventId);
    expect((await refused.closed).code).toBe(CHAT_CLOSE.blocked);
  });
});
