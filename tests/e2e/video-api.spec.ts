/**
 * The room API over HTTP against the production build and the test stack: tokens and their
 * grants per role (decoded), the lead-time gates, blocking, tenant isolation, host controls on
 * the test stack's real LiveKit server with the participant connected from a browser (fake camera
 * and microphone), ending an event for everyone, and webhooks: signed by hand, and the real
 * server's own. Requests carry the same session cookies a signed-in browser sends.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccessToken } from 'livekit-server-sdk';
import { E2E_PORT, E2E_STACK_DIR } from './stack';
import type { RoomStateResponse, RoomTokenResponse } from '#app/lib/events/api';
import { LIVEKIT_KEYS_JSON, type LivekitKeyPair } from '#local/stack/livekitKeys';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, test } from './fixtures';
import { MEDIA_BROWSER, joinRoom, publishedTracks, roomIdentities, roomService } from './media-helpers';
import { createUser, sessionCookie, type TestUser } from './session-helpers';

test.describe.configure({ timeout: 60_000 });
test.use(MEDIA_BROWSER);

interface Caller {
  token(eventId: string): Promise<{ status: number; body: RoomTokenResponse & { error?: string; opensAt?: string } }>;
  room(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> & { error?: string; message?: string } }>;
  state(eventId: string): Promise<{ status: number; body: RoomStateResponse & { error?: string } }>;
}

function caller(request: APIRequestContext, tenant: string, cookie: string | null): Caller {
  const api = tenantApi(request, tenant);
  const headers = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
  return {
    token: async (eventId) => {
      const res = await api.post('/api/events/token', { headers, data: JSON.stringify({ eventId }) });
      expect(res.headers()['cache-control']).toContain('no-store');
      return { status: res.status(), body: await res.json() };
    },
    room: async (body) => {
      const res = await api.post('/api/events/room', { headers, data: JSON.stringify(body) });
      return { status: res.status(), body: await res.json() };
    },
    state: async (eventId) => {
      const res = await api.get(`/api/events/room?event=${eventId}`, { headers });
      return { status: res.status(), body: await res.json() };
    },
  };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown> & { video: Record<string, unknown> };

/** An organizer, a host-to-be and a member of aurora, each with a session cookie. */
async function castOfThree(request: APIRequestContext, label: string) {
  const [organizer, host, member] = await Promise.all([
    createUser('aurora', `${label}-org`, 'organizer'),
    createUser('aurora', `${label}-host`),
    createUser('aurora', `${label}-member`),
  ]);
  const [o, h, m] = await Promise.all([sessionCookie(request, organizer), sessionCookie(request, host), sessionCookie(request, member)]);
  return { organizer, host, member, cookies: { organizer: o, host: h, member: m } };
}

test.describe('room tokens', () => {
  let organizer: TestUser;
  let host: TestUser;
  let member: TestUser;
  let cookies: Record<'organizer' | 'host' | 'member', string>;

  test.beforeAll(async ({ request }) => {
    ({ organizer, host, member, cookies } = await castOfThree(request, 'vid'));
  });

  test('organizer, host and participant get tokens with the grants of their role', async ({ request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-1), hosts: [host.username], startVideoOff: true });
    for (const [who, role, admin, publish] of [
      ['organizer', 'organizer', true, true],
      ['host', 'host', true, true],
      ['member', 'participant', false, false],
    ] as const) {
      const { status, body } = await caller(request, 'aurora', cookies[who]).token(event.eventId);
      expect(status, who).toBe(200);
      expect(body).toMatchObject({ serverUrl: `ws://localhost:${E2E_PORT + 4000}`, role, startVideoOff: true, startAudioOff: false });
      const claims = claimsOf(body.token);
      const user = { organizer, host, member }[who];
      expect(claims.sub).toBe(user.sub);
      expect(body.identity).toBe(user.sub);
      // No profile display name yet: the part of the email before @.
      expect(claims.name).toBe(user.name);
      expect(JSON.parse(String(claims.metadata))).toEqual({ role, tenantId: 'aurora', eventId: event.eventId });
      expect(claims.video).toMatchObject({ roomJoin: true, room: event.channelName, roomAdmin: admin, canPublish: publish, canSubscribe: true });
      expect(Number(claims.exp) - Number(claims.nbf)).toBe(600);
    }
  });

  test('participants are refused before start − 5 min and admitted after; hosts from start − 30 min', async ({ request }) => {
    const [in6, in4, in31, in29] = await Promise.all(
      [6, 4, 31, 29].map((m) => seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(m), hosts: [host.username] })),
    );
    const asMember = caller(request, 'aurora', cookies.member);
    const asHost = caller(request, 'aurora', cookies.host);

    const early = await asMember.token(in6!.eventId);
    expect(early.status).toBe(403);
    expect(early.body.error).toBe('notYetOpen');
    expect(early.body.opensAt).toBe(new Date(Date.parse(in6!.eventDateTime) - 5 * 60_000).toISOString());
    expect((await asMember.token(in4!.eventId)).status).toBe(200);

    const hostEarly = await asHost.token(in31!.eventId);
    expect([hostEarly.status, hostEarly.body.error]).toEqual([403, 'notYetOpen']);
    expect((await asHost.token(in29!.eventId)).body.role).toBe('host');
    // The same 29-minute event is still closed to participants.
    expect((await asMember.token(in29!.eventId)).body.error).toBe('notYetOpen');
  });

  test('a blocked user is refused; signed out is 401; another tenant’s event id is 404; bad input is 400', async ({ request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-1) });
    await e2eData('aurora').events.setUserBlocked(event.eventId, member.sub, true);
    const blocked = await caller(request, 'aurora', cookies.member).token(event.eventId);
    expect([blocked.status, blocked.body.error]).toEqual([403, 'blocked']);
    expect(blocked.body).toMatchObject({ message: 'You cannot join this event.' });

    const signedOut = await caller(request, 'aurora', null).token(event.eventId);
    expect([signedOut.status, signedOut.body.error]).toEqual([401, 'unauthenticated']);

    const solanaUser = await createUser('solana', 'vid-solana', 'admin');
    const asSolana = caller(request, 'solana', await sessionCookie(request, solanaUser));
    const foreign = await asSolana.token(event.eventId);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'notFound']);
    expect((await asSolana.state(event.eventId)).status).toBe(404);
    expect((await asSolana.room({ eventId: event.eventId, intent: 'end' })).status).toBe(404);

    expect((await caller(request, 'aurora', cookies.member).token('not-an-id')).status).toBe(400);
  });
});

test.describe('host controls on the real LiveKit server', () => {
  let organizer: TestUser;
  let host: TestUser;
  let member: TestUser;
  let cookies: Record<'organizer' | 'host' | 'member', string>;

  test.beforeAll(async ({ request }) => {
    ({ organizer, host, member, cookies } = await castOfThree(request, 'ctl'));
  });

  test('mute mutes what the participant publishes; remove disconnects them; then the person is not connected', { tag: '@smoke' }, async ({ browser, request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-2), hosts: [host.username], layout: 'liveEventsVideo', ownerOnlyBroadcast: false });
    const asHost = caller(request, 'aurora', cookies.host);
    const joined = await joinRoom(browser, request, member, event);
    // On a conference layout the participant publishes camera and microphone.
    await expect.poll(async () => (await publishedTracks(event.channelName, member.sub)).length).toBe(2);

    const state = await asHost.state(event.eventId);
    expect(state.status).toBe(200);
    expect(state.body.videoAvailable).toBe(true);
    expect(state.body.participants).toEqual([{ identity: member.sub, name: member.name, role: 'participant', canPublish: true, publishing: true, chatOnly: false }]);
    // Participants do not see the room state and cannot moderate.
    const asMember = caller(request, 'aurora', cookies.member);
    expect((await asMember.state(event.eventId)).status).toBe(403);
    expect((await asMember.room({ eventId: event.eventId, intent: 'mute', identity: host.sub })).body.error).toBe('forbidden');

    expect(await asHost.room({ eventId: event.eventId, intent: 'mute', identity: member.sub })).toMatchObject({ status: 200, body: { ok: true, muted: 2 } });
    expect((await publishedTracks(event.channelName, member.sub)).map((t) => t.muted)).toEqual([true, true]);
    expect((await asHost.state(event.eventId)).body.participants).toMatchObject([{ identity: member.sub, publishing: false }]);

    expect((await asHost.room({ eventId: event.eventId, intent: 'remove', identity: member.sub })).status).toBe(200);
    await expect.poll(() => roomIdentities(event.channelName)).toEqual([]);
    await expect(joined.page.getByTestId('room-connection')).toHaveCount(0);
    const gone = await asHost.room({ eventId: event.eventId, intent: 'mute', identity: member.sub });
    expect([gone.status, gone.body.error]).toEqual([409, 'notConnected']);
    await joined.context.close();
  });

  test('bring on stage and send back change what the server lets the participant publish', async ({ browser, request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-2), hosts: [host.username], layout: 'ils' });
    const asHost = caller(request, 'aurora', cookies.host);
    const joined = await joinRoom(browser, request, member, event);
    const canPublish = async () => (await roomService().getParticipant(event.channelName, member.sub)).permission?.canPublish ?? false;
    expect(await canPublish()).toBe(false);

    expect((await caller(request, 'aurora', cookies.member).room({ eventId: event.eventId, intent: 'raiseHand' })).status).toBe(200);
    expect((await asHost.state(event.eventId)).body.hands).toMatchObject([{ identity: member.sub, onStage: false }]);
    expect((await asHost.room({ eventId: event.eventId, intent: 'bringOnStage', identity: member.sub })).status).toBe(200);
    expect(await canPublish()).toBe(true);
    expect((await asHost.state(event.eventId)).body.hands).toMatchObject([{ identity: member.sub, onStage: true }]);
    expect((await asHost.room({ eventId: event.eventId, intent: 'sendOffStage', identity: member.sub })).status).toBe(200);
    expect(await canPublish()).toBe(false);
    expect((await asHost.state(event.eventId)).body.hands).toEqual([]);
    expect(joined.errors).toEqual([]);
    await joined.context.close();
  });

  test('block removes the participant from the room and refuses later tokens; unblock lets them back', async ({ browser, request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-2), layout: 'ils' });
    const asOrganizer = caller(request, 'aurora', cookies.organizer);
    const asMember = caller(request, 'aurora', cookies.member);
    const joined = await joinRoom(browser, request, member, event);
    expect((await asMember.room({ eventId: event.eventId, intent: 'raiseHand' })).status).toBe(200);

    expect(await asOrganizer.room({ eventId: event.eventId, intent: 'block', identity: member.sub })).toMatchObject({ status: 200, body: { removed: true } });
    await expect.poll(() => roomIdentities(event.channelName)).toEqual([]);
    expect((await asMember.token(event.eventId)).body.error).toBe('blocked');
    // Named as their raised hand shows them (no profile name yet: the part of the email before @).
    expect((await asOrganizer.state(event.eventId)).body.blockedUsers).toEqual([{ identity: member.sub, name: member.name }]);
    // The organizer cannot be removed or blocked from their own event.
    expect((await asOrganizer.room({ eventId: event.eventId, intent: 'block', identity: organizer.sub })).status).toBe(403);

    expect((await asOrganizer.room({ eventId: event.eventId, intent: 'unblock', identity: member.sub })).status).toBe(200);
    expect((await asMember.token(event.eventId)).status).toBe(200);
    await joined.context.close();
  });

  test('end for all deletes the room on the server and every later token is refused', async ({ browser, request }) => {
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-2), hosts: [host.username], layout: 'ils' });
    const joined = await joinRoom(browser, request, member, event);
    const asHost = caller(request, 'aurora', cookies.host);
    const roomNames = async () => (await roomService().listRooms()).map((r) => r.name);
    expect(await roomNames()).toContain(event.channelName);

    expect(await asHost.room({ eventId: event.eventId, intent: 'end' })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await roomNames()).not.toContain(event.channelName);
    await expect(joined.page.getByTestId('room-connection')).toHaveCount(0);

    for (const cookie of [cookies.member, cookies.host, cookies.organizer]) {
      const later = await caller(request, 'aurora', cookie).token(event.eventId);
      expect(later.status).toBe(403);
      expect(['ended', 'expired']).toContain(later.body.error);
    }
    // Raising a hand in an event that is over is refused too.
    expect((await caller(request, 'aurora', cookies.member).room({ eventId: event.eventId, intent: 'raiseHand' })).status).toBe(403);
    await joined.context.close();
  });
});

test.describe('LiveKit webhook', () => {
  /** The test stack's own key pair (local/stack/livekitKeys.ts): the public --dev pair is refused in production. */
  const stackPair = () => JSON.parse(readFileSync(join(E2E_STACK_DIR, LIVEKIT_KEYS_JSON), 'utf8')) as LivekitKeyPair;

  async function signedPost(request: APIRequestContext, tenant: string, body: unknown, secret = stackPair().apiSecret) {
    const text = JSON.stringify(body);
    const token = new AccessToken(stackPair().apiKey, secret, { ttl: 60 });
    token.sha256 = createHash('sha256').update(text).digest('base64');
    return tenantApi(request, tenant).post('/api/livekit/webhook', {
      headers: { 'Content-Type': 'application/webhook+json', Authorization: await token.toJwt() },
      data: text,
    });
  }

  test('accepts a signed participant_joined for this tenant; refuses a bad signature and another tenant’s room', async ({ request }) => {
    const organizer = await createUser('aurora', 'hook-org', 'organizer');
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-1) });
    const joined = {
      event: 'participant_joined',
      id: `EV_${event.eventId}`,
      createdAt: String(Math.floor(Date.now() / 1000)),
      room: { name: event.channelName },
      participant: { identity: 'someone', name: 'Someone' },
    };
    expect((await signedPost(request, 'aurora', joined)).status()).toBe(200);
    expect((await signedPost(request, 'aurora', joined, 'wrong-secret')).status()).toBe(401);
    // Events forged with the public `livekit-server --dev` pair are refused too.
    const forged = new AccessToken('devkey', 'secret', { ttl: 60 });
    forged.sha256 = createHash('sha256').update(JSON.stringify(joined)).digest('base64');
    const withPublicPair = await tenantApi(request, 'aurora').post('/api/livekit/webhook', {
      headers: { 'Content-Type': 'application/webhook+json', Authorization: await forged.toJwt() },
      data: JSON.stringify(joined),
    });
    expect(withPublicPair.status()).toBe(401);
    expect((await signedPost(request, 'solana', joined)).status()).toBe(404);
  });

  test('on the platform address (no tenant Host) the room name picks the tenant; the real server’s own webhooks record attendance', async ({ browser, request }) => {
    const organizer = await createUser('aurora', 'hook-org2', 'organizer');
    const member = await createUser('aurora', 'hook-member');
    const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
    const text = JSON.stringify({ event: 'participant_joined', id: `EV_P_${event.eventId}`, createdAt: String(Math.floor(Date.now() / 1000)), room: { name: event.channelName }, participant: { identity: 'by-hand', name: 'By hand' } });
    const post = async (secret: string) => {
      const token = new AccessToken(stackPair().apiKey, secret, { ttl: 60 });
      token.sha256 = createHash('sha256').update(text).digest('base64');
      return request.post(`http://127.0.0.1:${E2E_PORT}/api/livekit/webhook`, { headers: { 'Content-Type': 'application/webhook+json', Authorization: await token.toJwt() }, data: text });
    };
    expect((await post('wrong-secret-0123456789abcdefghijklmnop')).status()).toBe(401);
    expect((await post(stackPair().apiSecret)).status()).toBe(200);

    // A real join and leave: LiveKit posts participant_joined and participant_left to 127.0.0.1.
    const joined = await joinRoom(browser, request, member, event);
    const actions = async () => (await e2eData('aurora').attendance.list(event.eventId)).filter((r) => r.identity === member.sub).map((r) => r.action);
    await expect.poll(actions, { timeout: 15_000 }).toEqual(['joined']);
    await joined.context.close();
    // LiveKit's createdAt has whole seconds: a join and a leave in the same second sort either way.
    await expect.poll(async () => (await actions()).sort(), { timeout: 30_000 }).toEqual(['joined', 'left']);
  });
});
