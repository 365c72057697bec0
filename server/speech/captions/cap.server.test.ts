/**
 * The cap on captioned speakers (docs/decisions/0099): SPEECH_CAPTION_SPEAKERS_PER_WORKER × the
 * engine's worker processes. A speaker past it is refused with `busy` (close 4503), which the room
 * turns into a message; a slot frees when a speaker stops, and the same speaker's second tab takes
 * over their own slot rather than being refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CAPTIONS_CLOSE } from '#app/lib/captions/protocol';
import { loadEnv } from '#server/env.server';
import { tenantData } from '#server/data/tenantData.server';
import type { SpeechToText } from '#server/platform/speech/types';
import { createChatUser, openEvent, startChatServer, TEST_TENANT, testRegistry, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';
import { CaptionsClient } from '#tests/support/captions';
import { captionSpeakerCap } from './hub.server';
import { attachCaptionSockets, type CaptionSockets } from './socket.server';

let server: ChatTestServer;
let captions: CaptionSockets;
let organizer: ChatTestUser;
let alice: ChatTestUser;
let bob: ChatTestUser;
const sockets: WebSocket[] = [];

function speaker(user: ChatTestUser, event: string) {
  const client = CaptionsClient.open(server.port, {
    cookie: user.cookie,
    event,
  });
  sockets.push(client.ws);
  return client;
}

beforeAll(async () => {
  server = await startChatServer();
  // The engine as two worker processes would be, one speaker each.
  const stt: SpeechToText = Object.assign(Object.create(server.services.speech.stt) as SpeechToText, { workers: 2 });
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    SPEECH_CAPTION_SPEAKERS_PER_WORKER: '1',
  });
  captions = attachCaptionSockets(server.server, {
    env,
    registry: testRegistry(),
    services: {
      ...server.services,
      // Every tenant's recogniser is this one (the hub asks for the tenant's engines).
      speech: { ...server.services.speech, stt, forTenant: () => ({ tts: server.services.speech.tts, stt }) },
    },
  });
  [organizer, alice, bob] = await Promise.all([createChatUser(TEST_TENANT, 'cap-org', 'organizer'), createChatUser(TEST_TENANT, 'cap-alice'), createChatUser(TEST_TENANT, 'cap-bob')]);
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await captions?.close();
  await server?.close();
});

describe('the cap on captioned speakers', () => {
  it('is the per-worker figure times the workers; no cap for an engine without its own processes', () => {
    expect(captionSpeakerCap({ workers: 3 }, 2)).toBe(6);
    expect(captionSpeakerCap({ workers: 0 }, 2)).toBe(0);
    expect(captionSpeakerCap({}, 2)).toBe(Infinity);
    expect(
      loadEnv({
        ...process.env,
        NODE_ENV: 'test',
        SPEECH_CAPTION_SPEAKERS_PER_WORKER: undefined,
      }).SPEECH_CAPTION_SPEAKERS_PER_WORKER,
    ).toBe(2);
    expect(() =>
      loadEnv({
        ...process.env,
        NODE_ENV: 'test',
        SPEECH_CAPTION_SPEAKERS_PER_WORKER: '0',
      }),
    ).toThrow();
  });

  it('refuses the speaker past it with busy (4503), lets a second tab of a captioned speaker in, and admits the next once a slot frees', async () => {
    const event = await openEvent(server.services, organizer, { showTranscription: true, ownerOnlyBroadcast: true });
    const data = tenantData(server.services, TEST_TENANT);
    await data.hands.setOnStage(event.eventId, { identity: alice.sub, name: 'Alice' }, true);
    await data.hands.setOnStage(event.eventId, { identity: bob.sub, name: 'Bob' }, true);

    const first = speaker(organizer, event.eventId);
    await first.next((f) => f.type === 'ready');
    const second = speaker(alice, event.eventId);
    await second.next((f) => f.type === 'ready');

    const third = speaker(bob, event.eventId);
    expect((await third.closed).code).toBe(CAPTIONS_CLOSE.busy);
    expect(third.frames).toEqual([{ type: 'error', code: 'busy', fatal: true }]);

    // The organizer's second tab replaces their first: still two speakers, nobody refused.
    const again = speaker(organizer, event.eventId);
    await again.next((f) => f.type === 'ready');
    expect((await first.closed).code).toBe(1000);

    // Alice stops: Bob gets her slot (asking again as the room does; the server frees it as her socket closes).
    second.ws.close(1000, 'stopped');
    await second.closed;
    let admitted = false;
    for (let attempt = 0; attempt < 20 && !admitted; attempt++) {
      const retried = speaker(bob, event.eventId);
      const first = await retried.next((f) => f.type === 'ready' || f.type === 'error');
      admitted = first.type === 'ready';
      if (!admitted) await new Promise((r) => setTimeout(r, 100));
    }
    expect(admitted).toBe(true);
  }, 60_000);
});
