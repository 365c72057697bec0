/**
 * A breakout's own chat on the chat socket (docs/decisions/0084): `&breakout=<id>` joins the chat
 * of a breakout the person is placed in (any, for the organizer and hosts); anyone else, and
 * another tenant's event, is closed with notFound; a message there stays there; the breakouts'
 * changes reach the main chat and every breakout's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { CHAT_CLOSE, type ServerFrame } from '#app/lib/chat/protocol';
import { tenantData } from '#server/data/tenantData.server';
import { hostChange, type BreakoutContext } from '#server/breakouts/index.server';
import { ChatClient, createChatUser, openEvent, OTHER_TENANT, say, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';

let server: ChatTestServer;
let organizer: ChatTestUser;
let alice: ChatTestUser;
let bob: ChatTestUser;
const clients: ChatClient[] = [];

function open(user: ChatTestUser, query: string, tenant = TEST_TENANT) {
  const client = ChatClient.open(server.port, { cookie: user.cookie, query, tenant });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  server = await startChatServer();
  [organizer, alice, bob] = await Promise.all([createChatUser(TEST_TENANT, 'brk-org', 'organizer'), createChatUser(TEST_TENANT, 'brk-alice'), createChatUser(TEST_TENANT, 'brk-bob')]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await server?.close();
});

describe('a breakout’s chat', () => {
  it('is its own: only those placed there (and staff) join it, messages stay in it, and changes reach every room', async () => {
    const event = await openEvent(server.services, organizer);
    const ctx = { data: tenantData(server.services, TEST_TENANT), tenant: { id: TEST_TENANT } as Tenant, services: server.services } as BreakoutContext;
    const people = [
      { userId: alice.sub, name: 'Alice' },
      { userId: bob.sub, name: 'Bob' },
    ];
    await hostChange(ctx, event, 'Org', { intent: 'open', eventId: event.eventId, count: 2, minutes: null, allowChoose: false, auto: true, people });

    const main = open(organizer, `event=${event.eventId}`);
    await main.next('welcome');
    const aliceRoom = open(alice, `event=${event.eventId}&breakout=b1`);
    await aliceRoom.next('welcome');
    // Bob is placed in b2: b1's chat is not there for him; nor is a made-up room, nor a malformed one.
    for (const query of [`event=${event.eventId}&breakout=b1`, `event=${event.eventId}&breakout=b9`, `event=${event.eventId}&breakout=%00`]) {
      const refused = open(bob, query);
      expect((await refused.next('error')).code).toBe('notFound');
      expect((await refused.closed).code).toBe(CHAT_CLOSE.notFound);
    }
    // Another tenant's event with a breakout: like any tenant mismatch.
    const solana = await createChatUser(OTHER_TENANT, 'brk-sol');
    const foreign = open(solana, `event=${event.eventId}&breakout=b1`, OTHER_TENANT);
    expect((await foreign.closed).code).toBe(CHAT_CLOSE.notFound);

    expect(await say(aliceRoom, 'only in room one')).toMatchObject({ type: 'ack' });
    const visiting = open(organizer, `event=${event.eventId}&breakout=b1`);
    const welcome = await visiting.next('welcome');
    expect(welcome.messages.map((m) => m.textMessage)).toEqual(['only in room one']);
    const bobRoom = open(bob, `event=${event.eventId}&breakout=b2`);
    expect((await bobRoom.next('welcome')).messages).toEqual([]);
    expect(main.frames.some((f) => f.type === 'event')).toBe(false);

    await hostChange(ctx, event, 'Org', { intent: 'broadcast', eventId: event.eventId, text: 'Wrap up' });
    const notice = (f: ServerFrame) => f.type === 'notice' && f.notice.kind === 'breakouts' && f.notice.state.message?.text === 'Wrap up';
    for (const client of [main, aliceRoom, bobRoom]) await client.waitFor(notice);
  });
});
