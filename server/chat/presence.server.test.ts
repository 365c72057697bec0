import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenantData } from '#server/data/tenantData.server';
import { CHAT_PRESENCE_REFRESH_MS, listChatPresent } from './data/chatPresence.server';
import { ChatClient, createChatUser, openEvent, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';
import { newPresence, refreshPresence } from './presence.server';

let server: ChatTestServer;
let organizer: ChatTestUser;
let alice: ChatTestUser;
const clients: ChatClient[] = [];

async function joined(user: ChatTestUser, eventId: string) {
  const client = ChatClient.open(server.port, { cookie: user.cookie, event: eventId });
  clients.push(client);
  await client.next('welcome');
  return client;
}

beforeAll(async () => {
  server = await startChatServer();
  [organizer, alice] = await Promise.all([createChatUser(TEST_TENANT, 'presence-org', 'organizer'), createChatUser(TEST_TENANT, 'presence-alice')]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await server?.close();
});

describe('chat presence from the hub', () => {
  it('a chat socket makes its person present until their last socket closes', async () => {
    const event = await openEvent(server.services, organizer);
    const inChat = () => tenantData(server.services, TEST_TENANT).attendance.inChat(event.eventId);
    expect(await inChat()).toEqual([]);

    const first = await joined(alice, event.eventId);
    const second = await joined(alice, event.eventId);
    const org = await joined(organizer, event.eventId);
    expect((await inChat()).map((p) => [p.identity, p.role])).toEqual(
      expect.arrayContaining([
        [alice.sub, 'participant'],
        [organizer.sub, 'organizer'],
      ]),
    );
    expect(await inChat()).toHaveLength(2);

    await first.close();
    await second.close();
    await vi.waitFor(async () => expect((await inChat()).map((p) => p.identity)).toEqual([organizer.sub]));
    await org.close();
    await vi.waitFor(async () => expect(await inChat()).toEqual([]));
  });

  it('refreshes the items of sockets open longer than the refresh interval, and only those', async () => {
    const event = await openEvent(server.services, organizer);
    const data = tenantData(server.services, TEST_TENANT);
    const start = Date.now();
    const old = { data, eventId: event.eventId, presence: newPresence('u-old', 'Old', 'participant', start) };
    const fresh = { data, eventId: event.eventId, presence: newPresence('u-new', 'New', 'participant', start) };
    await data.attendance.chatConnected(event.eventId, old.presence, start);
    const later = start + CHAT_PRESENCE_REFRESH_MS;
    fresh.presence.writtenAt = later - 1000;
    refreshPresence([old, fresh], later);
    expect(old.presence.writtenAt).toBe(later);
    // Written again at `later`: still present long after the first write would have gone stale.
    await vi.waitFor(async () => expect((await listChatPresent(server.services.db, TEST_TENANT, event.eventId, later + 100_000)).map((p) => p.identity)).toEqual(['u-old']));
  });
});
