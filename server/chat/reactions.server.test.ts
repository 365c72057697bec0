/**
 * Live reactions over real chat sockets (docs/decisions/0079): a reaction reaches everyone in the
 * event's room and nobody else, summed per window; a person over the allowance is dropped without
 * an answer; an event or a tenant with reactions off refuses them; across two instances on Redis
 * each client still gets one frame per window with everyone's counts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REACTION_RATE, REACTION_WINDOW_MS, countTotal, type ReactionCounts, type ReactionEmoji } from '#app/lib/reactions/protocol';
import type { ServerFrame } from '#app/lib/chat/protocol';
import { ChatClient, createChatUser, openEvent, OTHER_TENANT, startChatServer, TEST_TENANT, testRegistry, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';
import { testTenantId } from '#tests/support/tenants';

type Reactions = Extract<ServerFrame, { type: 'reactions' }>;

let server: ChatTestServer;
let organizer: ChatTestUser;
let alice: ChatTestUser;
let bob: ChatTestUser;
let carol: ChatTestUser;
const clients: ChatClient[] = [];

function open(user: ChatTestUser, event: string, on: ChatTestServer = server) {
  const client = ChatClient.open(on.port, { cookie: user.cookie, event, tenant: user.tenant });
  clients.push(client);
  return client;
}

async function joined(user: ChatTestUser, event: string, on: ChatTestServer = server) {
  const client = open(user, event, on);
  await client.next('welcome');
  return client;
}

const react = (client: ChatClient, emoji: ReactionEmoji) => client.send({ type: 'react', emoji });
const reactionFrames = (client: ChatClient) => client.frames.filter((f): f is Reactions => f.type === 'reactions');
/** Everything a client has been shown, summed per emoji. */
function totals(client: ChatClient): ReactionCounts {
  const sum: Record<string, number> = {};
  for (const f of reactionFrames(client)) for (const [emoji, n] of Object.entries(f.counts)) sum[emoji] = (sum[emoji] ?? 0) + (n ?? 0);
  return sum as ReactionCounts;
}
/** The socket's frames so far have all been handled (frames are handled in order; a ping is answered last). */
async function handled(client: ChatClient) {
  const pongs = client.frames.filter((f) => f.type === 'pong').length;
  client.send({ type: 'ping' });
  await client.waitFor(() => client.frames.filter((f) => f.type === 'pong').length > pongs);
}

beforeAll(async () => {
  server = await startChatServer();
  [organizer, alice, bob, carol] = await Promise.all([
    createChatUser(TEST_TENANT, 'react-org', 'organizer'),
    createChatUser(TEST_TENANT, 'react-alice'),
    createChatUser(TEST_TENANT, 'react-bob'),
    createChatUser(TEST_TENANT, 'react-carol'),
  ]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await server?.close();
});

describe('reactions on the chat socket', () => {
  it('reach everyone in the room, the sender too, as counts; nothing is answered or stored', async () => {
    const event = await openEvent(server.services, organizer);
    const [a, b] = await Promise.all([joined(alice, event.eventId), joined(bob, event.eventId)]);
    react(a, '👏');
    const [seenByBob, seenByAlice] = await Promise.all([b.next('reactions'), a.next('reactions')]);
    expect(seenByBob).toEqual({ type: 'reactions', counts: { '👏': 1 } });
    expect(seenByAlice).toEqual({ type: 'reactions', counts: { '👏': 1 } });
    expect(a.frames.filter((f) => f.type === 'ack' || f.type === 'error')).toEqual([]);
    // A late joiner's welcome carries no reactions: they are never kept.
    const c = await joined(carol, event.eventId);
    expect(JSON.stringify(c.frames)).not.toContain('👏');
  });

  it('many people at once: one frame per window, every reaction counted', async () => {
    const event = await openEvent(server.services, organizer);
    const people = await Promise.all([organizer, alice, bob, carol].map((u) => joined(u, event.eventId)));
    const watcher = people[0]!;
    const started = Date.now();
    for (const person of people) for (let i = 0; i < REACTION_RATE.burst; i++) react(person, i % 2 ? '❤️' : '🎉');
    const sent = people.length * REACTION_RATE.burst;
    await vi.waitFor(() => expect(countTotal(totals(watcher))).toBe(sent), { timeout: 5000 });
    const elapsed = Date.now() - started;
    expect(totals(watcher)).toEqual({ '❤️': sent / 2, '🎉': sent / 2 });
    expect(reactionFrames(watcher).length).toBeLessThanOrEqual(Math.floor(elapsed / REACTION_WINDOW_MS) + 1);
    expect(reactionFrames(watcher).length).toBeLessThan(sent);
  });

  it('drops what a person sends past the allowance, silently, and counts the rest', async () => {
    const event = await openEvent(server.services, organizer);
    const [flooder, watcher, marker] = await Promise.all([joined(alice, event.eventId), joined(bob, event.eventId), joined(carol, event.eventId)]);
    const started = Date.now();
    for (let i = 0; i < 40; i++) react(flooder, '😂');
    await handled(flooder);
    const elapsed = Date.now() - started;
    // Everything the flood left in flight has gone out once the hub forgets the event's window;
    // a marker sent after it arrives with or after the last of it.
    await vi.waitFor(() => expect(server.sockets.hub.reactions.sizes.windows).toBe(0), { timeout: 5000 });
    react(marker, '🙋');
    await vi.waitFor(() => expect(totals(watcher)['🙋']).toBe(1), { timeout: 5000 });
    const laughs = totals(watcher)['😂'] ?? 0;
    expect(laughs).toBeGreaterThanOrEqual(REACTION_RATE.burst);
    expect(laughs).toBeLessThanOrEqual(REACTION_RATE.burst + Math.ceil((REACTION_RATE.perSecond * elapsed) / 1000));
    expect(flooder.frames.filter((f) => f.type === 'error')).toEqual([]);
    expect(flooder.ws.readyState).toBe(flooder.ws.OPEN);
  });

  it('an event with reactions off refuses them: the sender is told, nobody sees anything', async () => {
    const event = await openEvent(server.services, organizer, { reactions: false });
    const [sender, watcher] = await Promise.all([joined(alice, event.eventId), joined(bob, event.eventId)]);
    await vi.waitFor(() => expect(server.sockets.hub.reactions.sizes.windows).toBe(0), { timeout: 5000 });
    react(sender, '👍');
    expect(await sender.next('reactionsOff')).toEqual({ type: 'reactionsOff' });
    // Nothing was counted on its way to the bus, so nothing can reach the room.
    expect(server.sockets.hub.reactions.sizes.windows).toBe(0);
    await handled(watcher);
    expect(reactionFrames(watcher)).toEqual([]);
    expect(reactionFrames(sender)).toEqual([]);
  });

  it('a tenant with reactions switched off refuses them in every event', async () => {
    const lumiere = testTenantId('lumiere');
    const tenant = testRegistry().tenants.get(lumiere)!;
    const before = tenant.features;
    tenant.features = { ...before, reactions: false };
    try {
      const [org, dave] = await Promise.all([createChatUser(lumiere, 'react-lum-org', 'organizer'), createChatUser(lumiere, 'react-lum')]);
      const event = await openEvent(server.services, org);
      expect(event.reactions).toBe(true);
      const sender = await joined(dave, event.eventId);
      react(sender, '🎉');
      await sender.next('reactionsOff');
      expect(reactionFrames(sender)).toEqual([]);
    } finally {
      tenant.features = before;
    }
  });

  it('stay in their tenant and event: another event, or another tenant, sees none of them', async () => {
    const [event, other] = await Promise.all([openEvent(server.services, organizer), openEvent(server.services, organizer)]);
    const solanaOrg = await createChatUser(OTHER_TENANT, 'react-sol-org', 'organizer');
    const solanaEvent = await openEvent(server.services, solanaOrg);
    const [sender, elsewhere, foreign] = await Promise.all([joined(alice, event.eventId), joined(bob, other.eventId), joined(solanaOrg, solanaEvent.eventId)]);
    react(sender, '❤️');
    await sender.next('reactions');
    // Each room's own marker arrives; the other room's reaction never does.
    react(elsewhere, '👍');
    react(foreign, '🙋');
    expect((await elsewhere.next('reactions')).counts).toEqual({ '👍': 1 });
    expect((await foreign.next('reactions')).counts).toEqual({ '🙋': 1 });
    await Promise.all([handled(elsewhere), handled(foreign)]);
    expect(totals(elsewhere)).toEqual({ '👍': 1 });
    expect(totals(foreign)).toEqual({ '🙋': 1 });
  });

  it('refuses a malformed react frame like any other bad frame', async () => {
    const event = await openEvent(server.services, organizer);
    const client = await joined(alice, event.eventId);
    for (const frame of [{ type: 'react', emoji: '💩' }, { type: 'react' }, { type: 'react', emoji: '👏', clientId: 'abcdef12' }, { type: 'react', emoji: ['👏'] }]) {
      const errors = client.frames.filter((f) => f.type === 'error').length;
      client.send(frame);
      await client.waitFor(() => client.frames.filter((f) => f.type === 'error').length > errors);
    }
    expect(client.frames.filter((f) => f.type === 'error').every((f) => f.type === 'error' && f.code === 'badFrame')).toBe(true);
    expect(reactionFrames(client)).toEqual([]);
  });
});

describe('reactions across two instances (Redis)', () => {
  let one: ChatTestServer;
  let two: ChatTestServer;

  beforeAll(async () => {
    const url = process.env.REDIS_TEST_URL;
    if (!url) throw new Error(`No Redis for the multi-instance reactions test: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
    [one, two] = await Promise.all([startChatServer({ redisUrl: url }), startChatServer({ redisUrl: url })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('people on either instance see everyone’s reactions, one frame per window each', async () => {
    const event = await openEvent(one.services, organizer);
    const [onOne, alsoOnOne, onTwo] = await Promise.all([joined(alice, event.eventId, one), joined(carol, event.eventId, one), joined(bob, event.eventId, two)]);
    const started = Date.now();
    for (let i = 0; i < REACTION_RATE.burst; i++) {
      react(onOne, '👏');
      react(alsoOnOne, '👏');
      react(onTwo, '🎉');
    }
    const everyone = { '👏': 2 * REACTION_RATE.burst, '🎉': REACTION_RATE.burst };
    for (const client of [onOne, alsoOnOne, onTwo]) await vi.waitFor(() => expect(totals(client)).toEqual(everyone), { timeout: 5000 });
    const elapsed = Date.now() - started;
    // Two instances each send their own sums, and each instance sums them again for its sockets.
    for (const client of [onOne, onTwo]) expect(reactionFrames(client).length).toBeLessThanOrEqual(Math.floor(elapsed / REACTION_WINDOW_MS) + 1);
  });
});
