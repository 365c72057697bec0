/**
 * Roles never rest on an unverified claim (issue 10 parts 1 and 4), tried as an attacker would,
 * over HTTP and the chat socket against the production build and the test stack:
 *  - a self-registered member who calls UpdateUserAttributes (through /api/identity) with an
 *    invited host's address, or another account's, and refreshes, stays a participant: no
 *    room-admin grants, 403 on host controls, no moderation queue, no hosted events;
 *  - an invitation is accepted once and binds the role to the user id: the host keeps it after
 *    changing their email, and whoever holds the old address later gets nothing;
 *  - one moderation rule: a host cannot block another host, through the API or the socket.
 * docs/decisions/0013-host-invitations.md.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { WebSocket } from 'ws';
import { E2E_PORT } from './stack';
import { amplifyCookieHeader } from '#local/stack/cognito';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, test } from './fixtures';
import { waitForCode } from './identity';
import { cognito, createUser, poolOf, type TestUser } from './session-helpers';

const T = 'aurora';
const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);

test.describe.configure({ timeout: 60_000 });

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Signs in through the gateway, as Amplify does. */
async function signIn(request: APIRequestContext, user: TestUser): Promise<Tokens> {
  const { status, body } = await cognito(request, T, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: poolOf(T).appClientId,
    AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.AuthenticationResult as Tokens;
}

/** New ID and access tokens from the refresh token (what Amplify does when they expire). */
async function refresh(request: APIRequestContext, tokens: Tokens): Promise<Tokens> {
  const { status, body } = await cognito(request, T, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: poolOf(T).appClientId,
    AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const result = body.AuthenticationResult as Omit<Tokens, 'RefreshToken'>;
  return { ...result, RefreshToken: tokens.RefreshToken };
}

const updateEmail = (request: APIRequestContext, tokens: Tokens, attributes: Array<{ Name: string; Value: string }>) =>
  cognito(request, T, 'UpdateUserAttributes', { AccessToken: tokens.AccessToken, UserAttributes: attributes });

/** Changes the user's email and confirms it with the code the new address received. */
async function moveEmail(request: APIRequestContext, tokens: Tokens, address: string): Promise<Tokens> {
  const since = Date.now() - 1000;
  const update = await updateEmail(request, tokens, [{ Name: 'email', Value: address }]);
  expect(update.status, JSON.stringify(update.body)).toBe(200);
  const code = await waitForCode(address, { since });
  const verify = await cognito(request, T, 'VerifyUserAttribute', { AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code });
  expect(verify.status, JSON.stringify(verify.body)).toBe(200);
  return refresh(request, tokens);
}

function api(request: APIRequestContext, tokens: Tokens) {
  const http = tenantApi(request, T);
  const headers = { 'Content-Type': 'application/json', Cookie: amplifyCookieHeader(poolOf(T).appClientId, tokens) };
  return {
    token: async (eventId: string) => {
      const res = await http.post('/api/events/token', { headers, data: JSON.stringify({ eventId }) });
      return { status: res.status(), body: (await res.json()) as { role?: string; grants?: { roomAdmin?: boolean }; error?: string } };
    },
    room: async (body: Record<string, unknown>) => {
      const res = await http.post('/api/events/room', { headers, data: JSON.stringify(body) });
      return { status: res.status(), body: (await res.json()) as { error?: string } };
    },
    state: async (eventId: string) => (await http.get(`/api/events/room?event=${eventId}`, { headers })).status(),
    /** The event ids the dashboard's "My events" lists as hosted by this user. */
    hosted: async (): Promise<string[]> => {
      const res = await http.get('/userDashboard?tab=MyEvents', { headers: { Cookie: headers.Cookie } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      const section = html.slice(html.indexOf('data-testid="my-events-hosting"'));
      return [...section.matchAll(/data-event-id="([a-z0-9]{12})"/g)].map((m) => m[1]!);
    },
  };
}

type Frame = { type: string; clientId?: string; msgId?: string; code?: string; pending?: Array<{ msgId: string }>; me?: { role: string } };

/** One chat socket from Node with the user's session cookies. */
async function chatSocket(tokens: Tokens, eventId: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/chat?event=${eventId}`, {
    headers: { Host: `${T}.localhost:${PORT}`, Cookie: amplifyCookieHeader(poolOf(T).appClientId, tokens) },
    origin: `http://${T}.localhost:${PORT}`,
  });
  const frames: Frame[] = [];
  let wake: () => void = () => undefined;
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    wake();
  });
  const next = (pred: (f: Frame) => boolean) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame in time; got ${JSON.stringify(frames.slice(-3))}`)), 15_000);
      const check = () => {
        const found = frames.find(pred);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else wake = check;
      };
      check();
    });
  const welcome = await next((f) => f.type === 'welcome' || f.type === 'error');
  let n = 0;
  const request = async (frame: Record<string, unknown>) => {
    const clientId = `hi-${Date.now().toString(36)}-${n++}`;
    ws.send(JSON.stringify({ ...frame, clientId }));
    return next((f) => f.clientId === clientId && (f.type === 'ack' || f.type === 'error'));
  };
  return { welcome, request, close: () => ws.close() };
}

const address = (label: string) => `${label}-${randomBytes(5).toString('hex')}@${T}.test.example`;

test('a member who puts another account’s address on their own account is refused (AliasExistsException)', async ({ request }) => {
  const [organizer, host, member] = await Promise.all([createUser(T, 'inv-org', 'organizer'), createUser(T, 'inv-host'), createUser(T, 'inv-member')]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), hosts: [host.username] });
  const tokens = await signIn(request, member);

  const taken = await updateEmail(request, tokens, [{ Name: 'email', Value: host.username }]);
  expect([taken.status, taken.body.__type]).toEqual([400, 'AliasExistsException']);
  const shouted = await updateEmail(request, tokens, [{ Name: 'email', Value: host.username.toUpperCase() }]);
  expect([shouted.status, shouted.body.__type]).toEqual([400, 'AliasExistsException']);

  const after = await refresh(request, tokens);
  expect(claimsOf(after.IdToken).email).toBe(member.username);
  const as = api(request, after);
  expect((await as.token(event.eventId)).body).toMatchObject({ role: 'participant', grants: { roomAdmin: false } });
  expect(await as.state(event.eventId)).toBe(403);
});

test('a member who claims an invited address stays a participant: the change waits for a code they never get', async ({ request }) => {
  const [organizer, member, other] = await Promise.all([createUser(T, 'inv-org', 'organizer'), createUser(T, 'inv-member'), createUser(T, 'inv-other')]);
  // Invited, but nobody has an account with this address yet.
  const invited = address('invited');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), hosts: [invited], moderateChat: true });

  // Another participant's message waits in the moderation queue.
  const otherSocket = await chatSocket(await signIn(request, other), event.eventId);
  const held = await otherSocket.request({ type: 'send', textMessage: 'held for approval' });
  expect(held).toMatchObject({ type: 'ack', msgId: expect.any(String) });
  otherSocket.close();

  const tokens = await signIn(request, member);
  // Marking the address verified oneself is refused, as Cognito refuses it.
  const selfVerified = await updateEmail(request, tokens, [
    { Name: 'email', Value: invited },
    { Name: 'email_verified', Value: 'true' },
  ]);
  expect([selfVerified.status, selfVerified.body.__type]).toEqual([400, 'InvalidParameterException']);

  const since = Date.now() - 1000;
  const change = await updateEmail(request, tokens, [{ Name: 'email', Value: invited }]);
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  // The code goes to the new address (its owner), never to the member.
  await waitForCode(invited, { since });
  const after = await refresh(request, tokens);
  expect(claimsOf(after.IdToken)).toMatchObject({ email: member.username, email_verified: true });

  const as = api(request, after);
  expect((await as.token(event.eventId)).body).toMatchObject({ role: 'participant', grants: { roomAdmin: false } });
  expect(await as.state(event.eventId)).toBe(403);
  expect((await as.room({ eventId: event.eventId, intent: 'end' })).status).toBe(403);
  expect(await as.hosted()).not.toContain(event.eventId);

  const socket = await chatSocket(after, event.eventId);
  expect(socket.welcome).toMatchObject({ type: 'welcome', me: { role: 'participant' }, pending: [] });
  const approve = await socket.request({ type: 'approve', msgId: held.msgId });
  expect([approve.type, approve.code]).toEqual(['error', 'forbidden']);
  socket.close();
});

test('an accepted invitation stays with the account: a new email keeps the role, the old address gives nothing', async ({ request }) => {
  const [organizer, host, newcomer] = await Promise.all([createUser(T, 'inv-org', 'organizer'), createUser(T, 'inv-host'), createUser(T, 'inv-new')]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), hosts: [host.username], moderateChat: true });

  // The invited host signs in and resolves the event: the invitation is accepted for this account.
  let hostTokens = await signIn(request, host);
  expect((await api(request, hostTokens).token(event.eventId)).body).toMatchObject({ role: 'host', grants: { roomAdmin: true } });
  expect(await api(request, hostTokens).hosted()).toContain(event.eventId);

  // The host moves to a new address: still the host, by account.
  hostTokens = await moveEmail(request, hostTokens, address('moved'));
  const asHost = api(request, hostTokens);
  expect((await asHost.token(event.eventId)).body).toMatchObject({ role: 'host', grants: { roomAdmin: true } });
  expect(await asHost.state(event.eventId)).toBe(200);
  expect(await asHost.hosted()).toContain(event.eventId);

  // Someone else now really owns the old address (verified): the invitation was already accepted.
  const newTokens = await moveEmail(request, await signIn(request, newcomer), host.username);
  expect(claimsOf(newTokens.IdToken)).toMatchObject({ email: host.username, email_verified: true });
  const asNewcomer = api(request, newTokens);
  expect((await asNewcomer.token(event.eventId)).body).toMatchObject({ role: 'participant', grants: { roomAdmin: false } });
  expect(await asNewcomer.state(event.eventId)).toBe(403);
  expect(await asNewcomer.hosted()).not.toContain(event.eventId);
  const socket = await chatSocket(newTokens, event.eventId);
  expect(socket.welcome).toMatchObject({ me: { role: 'participant' } });
  socket.close();
});

test('a host cannot block another host or the organizer: 403 from the room API, refused on the chat socket', async ({ request }) => {
  const [organizer, hostA, hostB, member] = await Promise.all([
    createUser(T, 'blk-org', 'organizer'),
    createUser(T, 'blk-host-a'),
    createUser(T, 'blk-host-b'),
    createUser(T, 'blk-member'),
  ]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), hosts: [hostA.username, hostB.username] });
  const [a, b, m] = await Promise.all([signIn(request, hostA), signIn(request, hostB), signIn(request, member)]);
  // Both hosts have entered (accepted); host B has not opened the chat.
  for (const tokens of [a, b]) expect((await api(request, tokens).token(event.eventId)).body.role).toBe('host');
  const asA = api(request, a);

  for (const target of [hostB.sub, organizer.sub]) {
    const refused = await asA.room({ eventId: event.eventId, intent: 'block', identity: target });
    expect([refused.status, refused.body.error]).toEqual([403, 'forbidden']);
  }
  const socket = await chatSocket(a, event.eventId);
  for (const target of [hostB.sub, organizer.sub]) {
    const refused = await socket.request({ type: 'block', userId: target });
    expect([refused.type, refused.code]).toEqual(['error', 'forbidden']);
  }
  // Host B can still enter: nothing was blocked.
  expect((await api(request, b).token(event.eventId)).status).toBe(200);

  // A participant cannot block anyone; a host blocks and unblocks a participant.
  expect((await api(request, m).room({ eventId: event.eventId, intent: 'block', identity: hostA.sub })).status).toBe(403);
  expect((await asA.room({ eventId: event.eventId, intent: 'block', identity: member.sub })).status).toBe(200);
  expect((await api(request, m).token(event.eventId)).body.error).toBe('blocked');
  const unblocked = await socket.request({ type: 'unblock', userId: member.sub });
  expect(unblocked.type).toBe('ack');
  expect((await api(request, m).token(event.eventId)).status).toBe(200);
  socket.close();
});
