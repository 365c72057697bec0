import { createServer } from 'node:net';
import { RoomServiceClient, TokenVerifier, TrackSource } from 'livekit-server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { joinSignalOnly, startTestLivekit, TEST_LIVEKIT_PAIR } from '#tests/support/livekit';
import { eventSchema, expirationFor, ROOM_TOKEN_TTL_SECONDS, type EventRecord } from '#app/lib/events/model';
import type { LocalLivekitServer } from '#local/stack/livekitServer';
import {
  NotConnectedError,
  VideoConfigError,
  VideoService,
  VideoUnavailableError,
  roomMessage,
  videoConfigFor,
  videoConfigProblems,
  videoConnectSources,
} from './video.server';

const START = Date.parse('2030-03-01T15:00:00.000Z');
const tenant = { id: 'aurora', video: {} };

function event(over: Partial<EventRecord> = {}): EventRecord {
  const eventDateTime = new Date(START).toISOString();
  return eventSchema.parse({
    tenantId: 'aurora',
    eventId: 'abcdefabcdef',
    title: 'Launch',
    eventDateTime,
    eventDuration: 60,
    eventTimeZone: 'America/New_York',
    eventExpiration: expirationFor(eventDateTime, 60),
    eventLanguage: 'en',
    organizerLanguageCode: 'en',
    channelName: 'aurora_abcdefabcdef',
    organizerId: 'org-sub',
    organizerEmail: 'olga@example.com',
    hosts: ['hana@example.com'],
    // Hana accepted her invitation: the role rests on her account (docs/decisions/0013).
    acceptedHosts: { 'hana@example.com': 'host-sub' },
    shortCode: 'Abc1234',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  });
}

const organizer = { sub: 'org-sub', email: 'olga@example.com', displayName: 'Olga' };
const host = { sub: 'host-sub', email: 'Hana@example.com', displayName: 'Hana' };
const participant = { sub: 'part-sub', email: 'pat@example.com', displayName: 'Pat' };
const env = { LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_URL: undefined, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' };

async function claims(token: string) {
  return new TokenVerifier('devkey', 'secret').verify(token);
}

describe('room tokens', () => {
  const video = new VideoService(env);
  /** The role the room's admission let each person in with (server/entitlement/admission.server.ts decides; the token only carries it). */
  const as = (role: 'organizer' | 'host' | 'participant') => ({ ok: true as const, role });

  it('gives the organizer and hosts admin, publishing grants and participants no publishing under ownerOnlyBroadcast', async () => {
    for (const [user, role, admin, publish] of [
      [organizer, 'organizer', true, true],
      [host, 'host', true, true],
      [participant, 'participant', false, false],
    ] as const) {
      const response = await video.mintToken(tenant, event(), user, as(role));
      expect(response).toMatchObject({ serverUrl: 'ws://localhost:7880', identity: user.sub, name: user.displayName, role });
      const c = await claims(response.token);
      expect(c.sub).toBe(user.sub);
      expect(c.name).toBe(user.displayName);
      expect(JSON.parse(String(c.metadata))).toEqual({ role, tenantId: 'aurora', eventId: 'abcdefabcdef' });
      expect(c.video).toMatchObject({ roomJoin: true, room: 'aurora_abcdefabcdef', canSubscribe: true, roomAdmin: admin, canPublish: publish });
      expect(Number(c.exp) - Number(c.nbf)).toBe(ROOM_TOKEN_TTL_SECONDS);
      expect(Math.abs(Date.parse(response.expiresAt) - Number(c.exp) * 1000)).toBeLessThanOrEqual(1000);
    }
  });

  it('lets participants publish when ownerOnlyBroadcast is off on a conference layout, microphone only on audio layouts', async () => {
    const open = await video.mintToken(tenant, event({ ownerOnlyBroadcast: false, layout: 'preBuilt' }), participant, as('participant'));
    expect((await claims(open.token)).video).toMatchObject({ canPublish: true });
    const audio = await video.mintToken(tenant, event({ layout: 'abc' }), host, as('host'));
    expect((await claims(audio.token)).video).toMatchObject({ canPublish: true, canPublishSources: ['microphone'] });
    expect(audio.grants.canPublishSources).toEqual(['microphone']);
  });

  it("never mints for another tenant's event", async () => {
    await expect(video.mintToken({ id: 'solana', video: {} }, event(), participant, as('participant'))).rejects.toThrow(/does not belong/);
  });
});

describe('video configuration', () => {
  it('uses the platform values, the tenant URL and the tenant key pair from the environment', () => {
    expect(videoConfigFor(env, tenant)).toEqual({ serverUrl: 'ws://localhost:7880', apiUrl: 'http://localhost:7880', apiKey: 'devkey', apiSecret: 'secret' });
    expect(videoConfigFor({ ...env, LIVEKIT_URL: 'wss://video.example.com', LIVEKIT_API_URL: 'http://10.0.0.5:7880' }, tenant).apiUrl).toBe('http://10.0.0.5:7880');
    const own = { id: 'solana', video: { livekitUrl: 'wss://solana.livekit.cloud', apiKeyEnv: 'SOLANA_LIVEKIT' } };
    const source = { SOLANA_LIVEKIT_API_KEY: 'k', SOLANA_LIVEKIT_API_SECRET: 's' };
    expect(videoConfigFor(env, own, source)).toEqual({ serverUrl: 'wss://solana.livekit.cloud', apiUrl: 'https://solana.livekit.cloud', apiKey: 'k', apiSecret: 's' });
    expect(() => videoConfigFor(env, own, {})).toThrow(VideoConfigError);
    expect(videoConfigProblems(env, [tenant, own], { SOLANA_LIVEKIT_API_KEY: 'k' })).toEqual([
      'tenant solana: video.apiKeyEnv is "SOLANA_LIVEKIT", but SOLANA_LIVEKIT_API_SECRET is not set in the environment',
    ]);
    expect(videoConnectSources(env, tenant)).toEqual(['ws://localhost:7880', 'http://localhost:7880']);
    expect(videoConnectSources(env, own)).toEqual(['wss://solana.livekit.cloud', 'https://solana.livekit.cloud']);
  });

  it("refuses, in production, a tenant's own key pair that is the public `livekit-server --dev` one, naming the variable", () => {
    const own = { id: 'solana', video: { apiKeyEnv: 'SOLANA_LIVEKIT' } };
    const production = { ...env, NODE_ENV: 'production' as const, LIVEKIT_API_KEY: 'APIplatform1', LIVEKIT_API_SECRET: 'p'.repeat(32) };
    expect(videoConfigProblems(production, [own], { SOLANA_LIVEKIT_API_KEY: 'devkey', SOLANA_LIVEKIT_API_SECRET: 'secret' })).toEqual([
      expect.stringMatching(/tenant solana: SOLANA_LIVEKIT_API_KEY is "devkey"/),
      expect.stringMatching(/tenant solana: SOLANA_LIVEKIT_API_SECRET is the public development secret/),
    ]);
    expect(videoConfigProblems(production, [own], { SOLANA_LIVEKIT_API_KEY: 'APIsolana1', SOLANA_LIVEKIT_API_SECRET: 'secret' })).toEqual([
      expect.stringMatching(/SOLANA_LIVEKIT_API_SECRET/),
    ]);
    expect(videoConfigProblems(production, [own], { SOLANA_LIVEKIT_API_KEY: 'APIsolana1', SOLANA_LIVEKIT_API_SECRET: 's'.repeat(32) })).toEqual([]);
    // Outside production the public pair is fine (a developer's `livekit-server --dev`).
    expect(videoConfigProblems({ ...env, NODE_ENV: 'development' }, [own], { SOLANA_LIVEKIT_API_KEY: 'devkey', SOLANA_LIVEKIT_API_SECRET: 'secret' })).toEqual([]);
  });

  it('has room API messages in every language', () => {
    expect(roomMessage('notYetOpen', 'en')).toBe('The room is not open yet.');
    expect(roomMessage('notYetOpen', 'es')).not.toBe(roomMessage('notYetOpen', 'en'));
    expect(roomMessage('notYetOpen', 'fr')).not.toBe(roomMessage('notYetOpen', 'en'));
    expect(roomMessage('notYetOpen', 'de')).toBe(roomMessage('notYetOpen', 'en'));
  });
});

describe('room service against the real LiveKit server', () => {
  // Participants need a WebRTC client: muting, removing and stage changes of connected people are
  // proven in the browser tests (tests/e2e/video-api.spec.ts, tests/e2e/media.spec.ts).
  let livekit: LocalLivekitServer;
  let video: VideoService;
  let rooms: RoomServiceClient;
  const room = 'aurora_abcdefabcdef';
  const realEnv = { ...env, LIVEKIT_API_KEY: TEST_LIVEKIT_PAIR.apiKey, LIVEKIT_API_SECRET: TEST_LIVEKIT_PAIR.apiSecret };

  beforeAll(async () => {
    livekit = await startTestLivekit();
    video = new VideoService({ ...realEnv, LIVEKIT_API_URL: livekit.apiUrl });
    rooms = new RoomServiceClient(livekit.apiUrl, TEST_LIVEKIT_PAIR.apiKey, TEST_LIVEKIT_PAIR.apiSecret);
  });
  afterAll(() => livekit.stop());

  it('lists nobody in a room that does not exist or is empty', async () => {
    expect(await video.listParticipants(tenant, event())).toEqual([]);
    await rooms.createRoom({ name: room, emptyTimeout: 600 });
    expect(await video.listParticipants(tenant, event())).toEqual([]);
    await rooms.deleteRoom(room);
  });

  it('throws NotConnectedError for someone not in the room; closing a room that is not there is done', async () => {
    await rooms.createRoom({ name: room, emptyTimeout: 600 });
    await expect(video.removeParticipant(tenant, event(), 'ghost')).rejects.toBeInstanceOf(NotConnectedError);
    await expect(video.muteParticipant(tenant, event(), 'ghost')).rejects.toBeInstanceOf(NotConnectedError);
    await expect(video.setCanPublish(tenant, event(), 'ghost', true)).rejects.toBeInstanceOf(NotConnectedError);
    expect(await video.closeRoom(tenant, event())).toBe(true);
    expect((await rooms.listRooms()).map((r) => r.name)).not.toContain(room);
    expect(await video.closeRoom(tenant, event())).toBe(false);
  });

  it('throws VideoUnavailableError when the service is not listening or refuses the key', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const down = new VideoService({ ...realEnv, LIVEKIT_API_URL: `http://127.0.0.1:${port}` });
    const error = await down.removeParticipant(tenant, event(), 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoUnavailableError);
    expect((error as Error).message).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    await expect(down.closeRoom(tenant, event())).rejects.toBeInstanceOf(VideoUnavailableError);

    const wrongSecret = new VideoService({ ...realEnv, LIVEKIT_API_URL: livekit.apiUrl, LIVEKIT_API_SECRET: 'wrong-secret-0123456789abcdefghijklmnop' });
    await expect(wrongSecret.listParticipants(tenant, event())).rejects.toThrow(/refused the server's credentials/);
  });

  describe('with people in the room (joined through the signalling socket)', () => {
    const people: Array<{ leave(): void }> = [];
    const join = async (identity: string, options: Parameters<typeof joinSignalOnly>[3] = {}) => {
      const person = await joinSignalOnly(livekit, room, identity, options);
      people.push(person);
      return person;
    };
    afterEach(async () => {
      for (const person of people.splice(0)) person.leave();
      await rooms.deleteRoom(room).catch(() => undefined);
    });

    it('lists participants with their role from metadata and their permission', async () => {
      await join('host-sub', { name: 'Hana', metadata: JSON.stringify({ role: 'host' }) });
      await join('part-sub', { name: 'Pat', metadata: JSON.stringify({ role: 'participant' }), canPublish: false });
      const listed = await video.listParticipants(tenant, event());
      expect(listed.sort((a, b) => a.identity.localeCompare(b.identity))).toEqual([
        { identity: 'host-sub', name: 'Hana', role: 'host', canPublish: true, publishing: false, chatOnly: false },
        { identity: 'part-sub', name: 'Pat', role: 'participant', canPublish: false, publishing: false, chatOnly: false },
      ]);
    });

    it('brings on stage and sends back with the whole permission, mutes nothing when nothing is published, removes', async () => {
      const pat = await join('part-sub', { name: 'Pat', canPublish: false });
      expect(await video.setCanPublish(tenant, event({ layout: 'ils' }), 'part-sub', true)).toMatchObject({ identity: 'part-sub', name: 'Pat', canPublish: true });
      expect((await rooms.getParticipant(room, 'part-sub')).permission).toMatchObject({ canPublish: true, canSubscribe: true, canPublishData: true, canUpdateMetadata: true });
      expect((await video.setCanPublish(tenant, event({ layout: 'ils' }), 'part-sub', false)).canPublish).toBe(false);
      expect((await rooms.getParticipant(room, 'part-sub')).permission?.canPublish).toBe(false);
      // Publishing and host mute need media: tests/e2e/media-moderation.spec.ts shows them in the browser.
      expect(await video.muteParticipant(tenant, event(), 'part-sub')).toBe(0);

      await video.removeParticipant(tenant, event(), 'part-sub');
      await pat.left;
      expect(await video.listParticipants(tenant, event())).toEqual([]);
    });

    it('keeps microphone-only publishing on audio layouts when bringing someone on stage', async () => {
      await join('part-sub', { canPublish: false });
      await video.setCanPublish(tenant, event({ layout: 'habc' }), 'part-sub', true);
      expect((await rooms.getParticipant(room, 'part-sub')).permission?.canPublishSources).toEqual([TrackSource.MICROPHONE]);
    });

    it('closing the room disconnects everyone in it', async () => {
      const pat = await join('part-sub');
      expect(await video.closeRoom(tenant, event())).toBe(true);
      await pat.left;
      expect((await rooms.listRooms()).map((r) => r.name)).not.toContain(room);
    });
  });

  it('gives up after the timeout when the service never answers', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => void sockets.add(socket)).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const port = (silent.address() as { port: number }).port;
    const slow = new VideoService({ ...env, LIVEKIT_API_URL: `http://127.0.0.1:${port}` }, { requestTimeoutSeconds: 1 });
    const started = Date.now();
    await expect(slow.closeRoom(tenant, event())).rejects.toBeInstanceOf(VideoUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent.close(r));
  });
});
