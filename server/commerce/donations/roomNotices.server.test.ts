/**
 * Donation alerts, the supporter badge and the pinned sale through real chat sockets: two app
 * instances sharing Redis (a notice reaches sockets on both), the badge set by the server at send
 * time and kept for the replay, and the pin's notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, RoomNotice } from '#app/lib/chat/protocol';
import type { Tenant } from '#app/lib/config/tenant';
import type { OrderLine, Order } from '#app/lib/payments/model';
import { loadEnv } from '#server/env.server';
import { ChatClient, createChatUser, openEvent, say, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eventKey } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { sellableFor } from '../payments/sellables.server';
import { pin, pinFor, unpin } from '../roomSales/pins.server';
import './donations.server';

function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  if (!url) throw new Error(`No Redis for the multi-instance chat tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
  return url;
}

let a: ChatTestServer;
let b: ChatTestServer;
let organizer: ChatTestUser;
let ana: ChatTestUser;
let bob: ChatTestUser;
const clients: ChatClient[] = [];

function open(server: ChatTestServer, user: ChatTestUser, event: string) {
  const client = ChatClient.open(server.port, { cookie: user.cookie, event });
  clients.push(client);
  return client;
}

const notice = (client: ChatClient, kind: RoomNotice['kind']) => client.next('notice', (f) => f.notice.kind === kind).then((f) => f.notice);
const messageFrom = (client: ChatClient, text: string) =>
  client.event((e) => e.kind === 'message' && e.message.textMessage === text).then((e) => (e as { message: ChatMessage }).message);

beforeAll(async () => {
  [a, b] = await Promise.all([startChatServer({ redisUrl: redisUrl() }), startChatServer({ redisUrl: redisUrl() })]);
  [organizer, ana, bob] = await Promise.all([createChatUser(TEST_TENANT, 'don-org', 'organizer'), createChatUser(TEST_TENANT, 'don-ana'), createChatUser(TEST_TENANT, 'don-bob')]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await Promise.all([a?.close(), b?.close()]);
});

function donationOrder(line: OrderLine, buyer: ChatTestUser): Order {
  return {
    orderId: `ord-${Math.random().toString(36).slice(2)}`,
    buyerId: buyer.sub,
    buyerEmail: buyer.username,
    buyerName: 'Ana',
    currency: 'USD',
    lines: [line],
    total: { amount: line.unitAmount, currency: 'USD' },
    applicationFee: { amount: 0, currency: 'USD' },
    refunded: { amount: 0, currency: 'USD' },
    status: 'captured',
    provider: 'test',
    returnPath: '/',
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
  };
}

describe('room notices (two instances, Redis bus)', () => {
  it('a donation alerts everyone on every instance once, and the donor’s next messages carry the supporter flag, also on replay', async () => {
    const event = await openEvent(a.services, organizer);
    const org = open(a, organizer, event.eventId);
    const anaSocket = open(a, ana, event.eventId);
    const bobSocket = open(b, bob, event.eventId);
    await Promise.all([org.next('welcome'), anaSocket.next('welcome'), bobSocket.next('welcome')]);

    await say(anaSocket, 'before donating');
    expect((await messageFrom(bobSocket, 'before donating')).supporter).toBeUndefined();

    // Fulfilled on instance A (where the webhook landed): both instances' sockets hear it.
    const data = tenantData(a.services, TEST_TENANT);
    const ctx = { tenant: { id: TEST_TENANT, currency: 'USD', features: { donations: true } } as unknown as Tenant, data, env: loadEnv(), buyer: { userId: ana.sub, email: ana.username, name: 'Ana' } };
    const line = (await sellableFor('donation').price(ctx, { kind: 'donation', refId: event.eventId, quantity: 1, amount: 1000, meta: { eventId: event.eventId, message: 'Great show!' } })) as OrderLine;
    const order = donationOrder(line, ana);
    await sellableFor('donation').fulfil(ctx, order, line);
    await sellableFor('donation').fulfil(ctx, order, line);
    for (const client of [org, anaSocket, bobSocket]) {
      expect(await notice(client, 'donation')).toMatchObject({ kind: 'donation', donation: { donorId: ana.sub, donorName: 'Ana', amount: { amount: 1000, currency: 'USD' }, message: 'Great show!' } });
    }

    await say(anaSocket, 'thanks for the show');
    expect((await messageFrom(bobSocket, 'thanks for the show')).supporter).toBe(true);
    expect((await messageFrom(org, 'thanks for the show')).supporter).toBe(true);
    await say(bobSocket, 'bob never donated');
    expect((await messageFrom(org, 'bob never donated')).supporter).toBeUndefined();

    // A duplicated fulfilment announced nothing more.
    expect(bobSocket.frames.filter((f) => f.type === 'notice')).toHaveLength(1);

    // A late joiner's snapshot keeps the flags as they were sent.
    const late = open(b, organizer, event.eventId);
    const welcome = await late.next('welcome');
    const flags = Object.fromEntries(welcome.messages.map((m) => [m.textMessage, m.supporter ?? false]));
    expect(flags).toEqual({ 'before donating': false, 'thanks for the show': true, 'bob never donated': false });
  });

  it('a pin and an unpin reach every socket with a growing version', async () => {
    const event = await openEvent(a.services, organizer);
    const bobSocket = open(b, bob, event.eventId);
    await bobSocket.next('welcome');
    const data = tenantData(a.services, TEST_TENANT);
    const ctx = { tenant: { currency: 'USD' }, data };
    // The price fields' form is the tickets task's: the test writes the stored field itself.
    await a.services.db.doc.send(
      new UpdateCommand({ TableName: a.services.db.table, Key: eventKey(TEST_TENANT, event.eventId), UpdateExpression: 'SET replayPrice = :p', ExpressionAttributeValues: { ':p': 1500 } }),
    );
    const stored = (await data.events.get(event.eventId))!;
    const sale = await pinFor(ctx, stored, { sub: organizer.sub } as never, 'replay', event.eventId);
    const pinned = await pin(ctx, stored, sale);
    const heard = await notice(bobSocket, 'pin');
    expect(heard).toEqual({ kind: 'pin', state: pinned });
    expect(pinned.pin).toMatchObject({ kind: 'replay', refId: event.eventId, price: { amount: 1500, currency: 'USD' } });
    const cleared = await unpin(ctx, stored);
    expect(cleared.version).toBeGreaterThan(pinned.version);
    await bobSocket.waitFor((f) => f.type === 'notice' && f.notice.kind === 'pin' && f.notice.state.pin === null);
    expect(await data.roomPins.get(event.eventId)).toEqual(cleared);
  });
});
