import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CHAT_CLOSE, CHAT_FRAME_MAX_BYTES, CHAT_SEND_LIMIT, CHAT_SOCKET_PATH, CHAT_TEXT_MAX, chatFileUrl, type ChatMessage, type ServerFrame, type WelcomeFrame } from '#app/lib/chat/protocol';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { cancelEvent, eventKey } from '#server/events/data/events.server';
import { getEventFor } from '#server/events/data/hostInvitations.server';
import { tenantData } from '#server/data/tenantData.server';
import { putObject } from '#server/platform/storage.server';
import { ChatClient, clientId, createChatUser, draft, openEvent, OTHER_TENANT, say, startChatServer, TEST_TENANT, type ChatTestServer, type ChatTestUser } from '#tests/support/chat';

let server: ChatTestServer;
let organizer: ChatTestUser;
let host: ChatTestUser;
let alice: ChatTestUser;
let bob: ChatTestUser;
let carol: ChatTestUser;
const clients: ChatClient[] = [];

function open(user: ChatTestUser | null, event: string, extra: Parameters<typeof ChatClient.open>[1] = {}) {
  const client = ChatClient.open(server.port, { cookie: user?.cookie, event, ...extra });
  clients.push(client);
  return client;
}

async function joined(user: ChatTestUser, event: string, after?: number) {
  const client = open(user, event, after === undefined ? {} : { after });
  const welcome = await client.next('welcome');
  return { client, welcome };
}

const messageEvent = (client: ChatClient, test: (m: ChatMessage) => boolean) =>
  client.event((e) => e.kind === 'message' && test(e.message)).then((e) => (e as Extract<typeof e, { kind: 'message' }>).message);

/** The HTTP status of a refused upgrade. */
function upgradeStatus(headers: Record<string, string>, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_SOCKET_PATH}?event=abcdefabcdef`, { headers, ...(origin ? { origin } : {}) });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

beforeAll(async () => {
  server = await startChatServer();
  [organizer, host, alice, bob, carol] = await Promise.all([
    createChatUser(TEST_TENANT, 'chat-org', 'organizer'),
    createChatUser(TEST_TENANT, 'chat-host'),
    createChatUser(TEST_TENANT, 'chat-alice'),
    createChatUser(TEST_TENANT, 'chat-bob'),
    createChatUser(TEST_TENANT, 'chat-carol'),
  ]);
});

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await server?.close();
});

describe('chat socket: refusals', () => {
  it('refuses an upgrade without Origin or from another site (403) and an unknown host (404)', async () => {
    const host = `${TEST_TENANT}.localhost:${server.port}`;
    expect(await upgradeStatus({ host })).toBe(403);
    expect(await upgradeStatus({ host }, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus({ host }, `http://${OTHER_TENANT}.localhost:${server.port}`)).toBe(403);
    expect(await upgradeStatus({ host: `nobody.localhost:${server.port}` }, `http://nobody.localhost:${server.port}`)).toBe(404);
  });

  it('closes with a fatal error frame: no session 4401, bad event 4400, unknown or foreign event 4404', async () => {
    const event = await openEvent(server.services, organizer);
    const anonymous = open(null, event.eventId);
    expect(await anonymous.next('error')).toEqual({ type: 'error', code: 'unauthenticated', fatal: true });
    expect((await anonymous.closed).code).toBe(CHAT_CLOSE.unauthenticated);

    const bad = open(alice, 'not-an-id');
    expect((await bad.next('error')).code).toBe('badRequest');
    expect((await bad.closed).code).toBe(CHAT_CLOSE.badRequest);
    const badAfter = open(alice, event.eventId, { query: `event=${event.eventId}&after=x` });
    expect((await badAfter.closed).code).toBe(CHAT_CLOSE.badRequest);

    const missing = open(alice, 'zzzzzzzzzzzz');
    expect((await missing.next('error')).code).toBe('notFound');
    expect((await missing.closed).code).toBe(CHAT_CLOSE.notFound);

    // Tenant isolation: aurora's event id on solana's host is unknown there; aurora's cookies are no session there.
    const solanaUser = await createChatUser(OTHER_TENANT, 'chat-sol');
    const foreign = open(solanaUser, event.eventId, { tenant: OTHER_TENANT });
    expect((await foreign.next('error')).code).toBe('notFound');
    expect((await foreign.closed).code).toBe(CHAT_CLOSE.notFound);
    const crossCookie = open(alice, event.eventId, { tenant: OTHER_TENANT });
    expect((await crossCookie.closed).code).toBe(CHAT_CLOSE.unauthenticated);
  });

  it('applies the room gates: not open yet 4409, cancelled 4410', async () => {
    const later = await openEvent(server.services, organizer, { eventDateTime: new Date(Date.now() + 3 * 3600_000).toISOString() });
    const early = open(alice, later.eventId);
    expect(await early.next('error')).toEqual({ type: 'error', code: 'notYetOpen', fatal: true });
    expect((await early.closed).code).toBe(CHAT_CLOSE.notYetOpen);

    const cancelled = await openEvent(server.services, organizer);
    await cancelEvent(server.services.db, TEST_TENANT, cancelled.eventId);
    const gone = open(alice, cancelled.eventId);
    expect((await gone.next('error')).code).toBe('cancelled');
    expect((await gone.closed).code).toBe(CHAT_CLOSE.over);
  });

  it("admits to a paid event's chat only ticket holders, the organizer and hosts (4403 otherwise)", async () => {
    const paid = await openEvent(server.services, organizer, { ticketPrice: 900 });
    const refused = open(alice, paid.eventId);
    expect(await refused.next('error')).toEqual({ type: 'error', code: 'forbidden', fatal: true });
    expect((await refused.closed).code).toBe(CHAT_CLOSE.blocked);
    await joined(organizer, paid.eventId);
    await tenantData(server.services, TEST_TENANT).tickets.grant({ eventId: paid.eventId, userId: alice.sub, orderId: 'paid-order', kind: 'ticket' });
    await joined(alice, paid.eventId);
  });
});

describe('chat socket: messages', () => {
  it('sends, likes and replies between organizer and participant, with server-filled fields', async () => {
    const event = await openEvent(server.services, organizer);
    const org = await joined(organizer, event.eventId);
    const part = await joined(alice, event.eventId);
    expect(org.welcome).toMatchObject({ mode: 'snapshot', me: { userId: organizer.sub, role: 'organizer' }, messages: [], moderateChat: false });
    expect(part.welcome.me).toMatchObject({ userId: alice.sub, role: 'participant' });
    expect(part.welcome.staff.map((s) => s.userId)).toContain(organizer.sub);

    const ack = await say(part.client, '  Hello\u0007 everyone <b>hi</b>  ');
    expect(ack.type).toBe('ack');
    const msgId = (ack as { msgId: string }).msgId;
    const seen = await messageEvent(org.client, (m) => m.msgId === msgId);
    expect(seen).toMatchObject({ textMessage: 'Hello everyone <b>hi</b>', sender: alice.sub, senderRole: 'participant', chatMsgType: 'text', prevMsgId: null, isPrivateMsg: false, status: 'approved', likes: 0 });
    expect(seen.avatarBgColor).toMatch(/^#[0-9A-F]{6}$/);
    // The message names the send that made it, so the author's browser can settle a send whose ack was lost.
    expect(ack.clientId).toBe(seen.clientId);

    const likeId = clientId();
    org.client.send({ type: 'like', clientId: likeId, likedMsgId: msgId, liked: true });
    await org.client.next('ack', (f) => f.clientId === likeId);
    const likes = await part.client.event((e) => e.kind === 'likes' && e.likedMsgId === msgId);
    expect(likes).toMatchObject({ likes: 1, by: organizer.sub, liked: true });
    // Liking again changes nothing (no new seq), and is still acknowledged.
    const again = clientId();
    org.client.send({ type: 'like', clientId: again, likedMsgId: msgId, liked: true });
    await org.client.next('ack', (f) => f.clientId === again);

    const reply = await say(org.client, 'Welcome!', { replyToMsgId: msgId });
    const replied = await messageEvent(part.client, (m) => m.msgId === (reply as { msgId: string }).msgId);
    expect(replied).toMatchObject({ replyToMsgId: msgId, replyToText: 'Hello everyone <b>hi</b>', replyToDisplayName: 'Test chat-alice', prevMsgId: msgId }); // the name on her account, never her address

    // A late joiner gets the history, its likes and the chain.
    const late = await joined(organizer, event.eventId);
    expect(late.welcome.messages.map((m) => m.msgId)).toEqual([msgId, (reply as { msgId: string }).msgId]);
    expect(late.welcome.messages[0]!.likes).toBe(1);
    expect(late.welcome.myLikes).toEqual([msgId]);
  });

  it('a send resent after a lost answer (same clientId, new connection) is stored once and acked with its message', async () => {
    const event = await openEvent(server.services, organizer);
    const first = await joined(bob, event.eventId);
    const id = clientId();
    first.client.send({ type: 'send', clientId: id, textMessage: 'only once' });
    const ack = await first.client.next('ack', (f) => f.clientId === id);
    first.client.ws.terminate();
    // The browser did not see the answer: it reconnects and sends the same frame, twice at once.
    const again = await joined(bob, event.eventId);
    again.client.send({ type: 'send', clientId: id, textMessage: 'only once' });
    again.client.send({ type: 'send', clientId: id, textMessage: 'only once' });
    const acks = [await again.client.next('ack', (f) => f.clientId === id), await again.client.next('ack', (f) => f.clientId === id)];
    expect(acks.map((a) => (a as { msgId?: string }).msgId)).toEqual([(ack as { msgId: string }).msgId, (ack as { msgId: string }).msgId]);
    const late = await joined(organizer, event.eventId);
    expect(late.welcome.messages.filter((m) => m.textMessage === 'only once')).toHaveLength(1);
  });

  it('refuses empty, too long, unknown reply targets and files that are not the sender’s uploads', async () => {
    const event = await openEvent(server.services, organizer);
    const { client } = await joined(bob, event.eventId);
    expect(await say(client, '   \u0000 ')).toMatchObject({ type: 'error', code: 'empty' });
    expect(await say(client, 'x'.repeat(CHAT_TEXT_MAX + 1))).toMatchObject({ type: 'error', code: 'tooLong' });
    expect(await say(client, 'é'.repeat(CHAT_TEXT_MAX))).toMatchObject({ type: 'ack' });
    expect(await say(client, 'hi', { replyToMsgId: '000000099999' })).toMatchObject({ type: 'error', code: 'messageNotFound' });
    const foreignKey = `chat/${event.eventId}/${alice.sub}/abcdefgh12345678/photo.png`;
    expect(await say(client, 'look', { imageKeys: [foreignKey] })).toMatchObject({ type: 'error', code: 'badFile' });
    const missingKey = `chat/${event.eventId}/${bob.sub}/abcdefgh12345678/photo.png`;
    expect(await say(client, 'look', { imageKeys: [missingKey] })).toMatchObject({ type: 'error', code: 'badFile' });

    const imageKey = `chat/${event.eventId}/${bob.sub}/abcdefgh87654321/photo.png`;
    await putObject(server.services.storage, { tenantId: TEST_TENANT, key: imageKey, body: Buffer.from('png'), contentType: 'image/png' });
    const pdfKey = `chat/${event.eventId}/${bob.sub}/abcdefgh00000000/notes.pdf`;
    await putObject(server.services.storage, { tenantId: TEST_TENANT, key: pdfKey, body: Buffer.from('%PDF'), contentType: 'application/pdf' });
    // A PDF is no image.
    expect(await say(client, '', { imageKeys: [pdfKey] })).toMatchObject({ type: 'error', code: 'badFile' });
    const ack = await say(client, '', { imageKeys: [imageKey], attachmentKeys: [pdfKey] });
    expect(ack.type).toBe('ack');
    const message = await messageEvent(client, (m) => m.msgId === (ack as { msgId: string }).msgId);
    expect(message).toMatchObject({ chatMsgType: 'image', chatImageUrls: [chatFileUrl(event.eventId, imageKey)], attachmentUrls: [chatFileUrl(event.eventId, pdfKey)] });
  });

  it('limits sends per user with a retry time', async () => {
    const event = await openEvent(server.services, organizer);
    const { client } = await joined(carol, event.eventId);
    const answers = [];
    for (let i = 0; i <= CHAT_SEND_LIMIT.points; i++) answers.push(await say(client, `message ${i}`));
    expect(answers.slice(0, CHAT_SEND_LIMIT.points).every((a) => a.type === 'ack')).toBe(true);
    const refused = answers[CHAT_SEND_LIMIT.points]!;
    expect(refused).toMatchObject({ type: 'error', code: 'rateLimited' });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(CHAT_SEND_LIMIT.seconds);
  });

  it('survives bad frames of every kind and answers the next good one', async () => {
    const event = await openEvent(server.services, organizer);
    const { client } = await joined(bob, event.eventId);
    const before = client.frames.length;
    client.send('not json');
    client.send(Buffer.from([1, 2, 3]));
    client.ws.send(Buffer.from('{"type":"ping"}'), { binary: true });
    client.send({ type: 'explode' });
    client.send({ type: 'send', clientId: 'abcdef123', textMessage: 5 });
    client.send({ type: 'send', clientId: 'abcdef124', textMessage: 'hi', extra: true });
    client.send({ type: 'like', clientId: 'abcdef125', likedMsgId: '12', liked: true });
    client.send('null');
    client.send('[]');
    client.send({ type: 'ping' });
    await client.next('pong');
    const errors = client.frames.slice(before).filter((f) => f.type === 'error');
    expect(errors).toHaveLength(9);
    expect(errors.every((e) => e.type === 'error' && e.code === 'badFrame' && !e.fatal)).toBe(true);
    expect(errors.filter((e) => e.type === 'error' && e.clientId).map((e) => (e as { clientId: string }).clientId)).toEqual(['abcdef123', 'abcdef124', 'abcdef125']);
    expect(await say(client, 'still here')).toMatchObject({ type: 'ack' });

    // An oversized frame closes that socket only (1009).
    const big = await joined(bob, event.eventId);
    big.client.send('x'.repeat(CHAT_FRAME_MAX_BYTES + 1));
    expect((await big.client.closed).code).toBe(1009);
    client.send({ type: 'ping' });
    await client.waitFor(() => client.frames.filter((f) => f.type === 'pong').length >= 2);
    expect(await say(client, 'and still here')).toMatchObject({ type: 'ack' });

    // A failing store answers 'unavailable' for that frame; the socket and the server stay up.
    const spy = vi.spyOn(server.services.chat.repository, 'postMessage').mockRejectedValueOnce(new Error('store down'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await say(client, 'while the store is down')).toMatchObject({ type: 'error', code: 'unavailable' });
    spy.mockRestore();
    quiet.mockRestore();
    expect(await say(client, 'back again')).toMatchObject({ type: 'ack' });
  });
});

describe('chat socket: questions, moderation, private messages, blocking', () => {
  it('gathers questions with the asker’s language; hosts mark them answered; participants may not', async () => {
    const event = await openEvent(server.services, organizer, { hosts: [host.username] });
    const h = await joined(host, event.eventId);
    const a = await joined(alice, event.eventId);
    const asked = await say(a.client, 'What about Q3?', { showHandQuestion: true, originalQuestionLangCode: 'es' });
    const qId = (asked as { msgId: string }).msgId;
    const question = await messageEvent(h.client, (m) => m.msgId === qId);
    expect(question).toMatchObject({ chatMsgType: 'question', showHandQuestion: true, originalQuestionLangCode: 'es', questionAnswered: false });
    expect(await say(a.client, 'private question?', { showHandQuestion: true, recipient: organizer.sub })).toMatchObject({ code: 'badFrame' });

    const deny = clientId();
    a.client.send({ type: 'answer', clientId: deny, msgId: qId, answered: true });
    expect(await a.client.next('error', (f) => f.clientId === deny)).toMatchObject({ code: 'forbidden' });
    const mark = clientId();
    h.client.send({ type: 'answer', clientId: mark, msgId: qId, answered: true });
    await h.client.next('ack', (f) => f.clientId === mark);
    expect(await a.client.event((e) => e.kind === 'answered' && e.msgId === qId)).toMatchObject({ questionAnswered: true });

    const late = await joined(bob, event.eventId);
    expect(late.welcome.questions).toEqual([expect.objectContaining({ msgId: qId, questionAnswered: true })]);
  });

  it('questions take one upvote per person, toggled; counts and one’s own votes reach late joiners; only questions are voted on', async () => {
    const event = await openEvent(server.services, organizer);
    const org = await joined(organizer, event.eventId);
    const a = await joined(alice, event.eventId);
    const b = await joined(bob, event.eventId);
    const qId = ((await say(a.client, 'Slides afterwards?', { showHandQuestion: true })) as { msgId: string }).msgId;
    const plainId = ((await say(a.client, 'just chatting')) as { msgId: string }).msgId;
    expect((await messageEvent(b.client, (m) => m.msgId === qId)).votes).toBe(0);

    const vote = async (client: ChatClient, msgId: string, voted: boolean) => {
      const id = clientId();
      client.send({ type: 'vote', clientId: id, msgId, voted });
      return client.waitFor<Extract<ServerFrame, { type: 'ack' | 'error' }>>((f) => (f.type === 'ack' || f.type === 'error') && f.clientId === id);
    };
    expect(await vote(b.client, qId, true)).toMatchObject({ type: 'ack' });
    expect(await org.client.event((e) => e.kind === 'votes' && e.msgId === qId)).toMatchObject({ votes: 1, by: bob.sub, voted: true });
    // A second vote by the same person changes nothing; another person's counts.
    expect(await vote(b.client, qId, true)).toMatchObject({ type: 'ack' });
    expect(await vote(org.client, qId, true)).toMatchObject({ type: 'ack' });
    expect(await a.client.event((e) => e.kind === 'votes' && e.msgId === qId && e.votes === 2)).toMatchObject({ by: organizer.sub });
    // Toggling off takes the vote back.
    expect(await vote(org.client, qId, false)).toMatchObject({ type: 'ack' });
    expect(await a.client.event((e) => e.kind === 'votes' && e.msgId === qId && e.voted === false)).toMatchObject({ votes: 1 });
    // A plain message, an unknown id and another event's question are not voted on.
    expect(await vote(b.client, plainId, true)).toMatchObject({ type: 'error', code: 'messageNotFound' });
    expect(await vote(b.client, '000000099999', true)).toMatchObject({ type: 'error', code: 'messageNotFound' });
    const other = await openEvent(server.services, organizer);
    const elsewhere = await joined(carol, other.eventId);
    expect(await vote(elsewhere.client, qId, true)).toMatchObject({ type: 'error', code: 'messageNotFound' });

    const late = await joined(bob, event.eventId);
    expect(late.welcome.questions).toEqual([expect.objectContaining({ msgId: qId, votes: 1 })]);
    expect(late.welcome.myVotes).toEqual([qId]);
    const lateOrg = await joined(organizer, event.eventId);
    expect(lateOrg.welcome.myVotes).toEqual([]);
  });

  it('with moderateChat holds participants’ messages for approval, seen only by the author and hosts', async () => {
    const event = await openEvent(server.services, organizer, { moderateChat: true });
    const org = await joined(organizer, event.eventId);
    const a = await joined(alice, event.eventId);
    const b = await joined(bob, event.eventId);
    expect(a.welcome.moderateChat).toBe(true);

    const sent = await say(a.client, 'Please approve me');
    const pendingId = (sent as { msgId: string }).msgId;
    expect(await messageEvent(a.client, (m) => m.msgId === pendingId)).toMatchObject({ status: 'pending', prevMsgId: null });
    expect(await messageEvent(org.client, (m) => m.msgId === pendingId)).toMatchObject({ status: 'pending' });
    // Staff messages never wait.
    const staffSent = await say(org.client, 'Hosts are not moderated');
    expect(await messageEvent(b.client, (m) => m.msgId === (staffSent as { msgId: string }).msgId)).toMatchObject({ status: 'approved' });

    const rejected = await say(a.client, 'Reject me');
    const rejectedId = (rejected as { msgId: string }).msgId;
    // A late host sees the whole queue; a late participant only their own.
    const lateOrg = await joined(organizer, event.eventId);
    expect(lateOrg.welcome.pending.map((m) => m.msgId)).toEqual([pendingId, rejectedId]);
    const lateBob = await joined(bob, event.eventId);
    expect(lateBob.welcome.pending).toEqual([]);
    const lateAlice = await joined(alice, event.eventId);
    expect(lateAlice.welcome.pending.map((m) => m.msgId)).toEqual([pendingId, rejectedId]);

    const approve = clientId();
    org.client.send({ type: 'approve', clientId: approve, msgId: pendingId });
    const approvedAck = await org.client.next('ack', (f) => f.clientId === approve);
    const approved = await messageEvent(b.client, (m) => m.approvedFrom === pendingId);
    expect(approved).toMatchObject({ msgId: approvedAck.msgId, status: 'approved', textMessage: 'Please approve me', prevMsgId: (staffSent as { msgId: string }).msgId });
    const remove = clientId();
    org.client.send({ type: 'delete', clientId: remove, msgId: rejectedId });
    await org.client.next('ack', (f) => f.clientId === remove);
    await a.client.event((e) => e.kind === 'deleted' && e.msgId === rejectedId);

    // Bob saw neither pending message nor its deletion.
    const bobIds = b.client.events().map((e) => (e.kind === 'message' ? e.message.msgId : e.kind === 'deleted' ? e.msgId : ''));
    expect(bobIds).not.toContain(pendingId);
    expect(bobIds).not.toContain(rejectedId);
    const last = await joined(organizer, event.eventId);
    expect(last.welcome.pending).toEqual([]);
  });

  it('delivers private messages to the two parties only', async () => {
    const event = await openEvent(server.services, organizer, { hosts: [host.username] });
    const org = await joined(organizer, event.eventId);
    const h = await joined(host, event.eventId);
    const a = await joined(alice, event.eventId);
    const c = await joined(carol, event.eventId);
    expect(a.welcome.staff.map((s) => s.userId).sort()).toEqual([organizer.sub, host.sub].sort());

    const toHost = await say(a.client, 'Just for you', { recipient: organizer.sub });
    const pmId = (toHost as { msgId: string }).msgId;
    const received = await messageEvent(org.client, (m) => m.msgId === pmId);
    expect(received).toMatchObject({ isPrivateMsg: true, sender: alice.sub, recipient: organizer.sub, msgSubType: 'toHost', prevMsgId: null });
    const back = await say(org.client, 'Got it', { recipient: alice.sub, replyToMsgId: pmId });
    const answer = await messageEvent(a.client, (m) => m.msgId === (back as { msgId: string }).msgId);
    expect(answer).toMatchObject({ msgSubType: 'fromHost', prevMsgId: pmId, replyToText: 'Just for you' });

    // Participants cannot write to each other; the third user and the other host see nothing.
    expect(await say(a.client, 'psst', { recipient: carol.sub })).toMatchObject({ code: 'recipientInvalid' });
    expect(await say(a.client, 'psst', { recipient: 'nobody' })).toMatchObject({ code: 'recipientInvalid' });
    expect(await say(c.client, 'reply to a secret', { replyToMsgId: pmId })).toMatchObject({ code: 'messageNotFound' });
    await say(c.client, 'public note');
    await messageEvent(c.client, (m) => m.textMessage === 'public note');
    await messageEvent(h.client, (m) => m.textMessage === 'public note');
    for (const other of [c.client, h.client]) expect(other.events().some((e) => e.kind === 'message' && e.message.isPrivateMsg)).toBe(false);

    const lateCarol = await joined(carol, event.eventId);
    expect(lateCarol.welcome.privateMessages).toEqual([]);
    const lateAlice = await joined(alice, event.eventId);
    expect(lateAlice.welcome.privateMessages.map((m) => m.msgId)).toEqual([pmId, (back as { msgId: string }).msgId]);
    const resumeCarol = await joined(carol, event.eventId, 0);
    expect(resumeCarol.welcome.mode).toBe('resume');
    expect(resumeCarol.welcome.events.some((e) => e.kind === 'message' && e.message.isPrivateMsg)).toBe(false);
  });

  it('block closes the person’s sockets, refuses their reconnect and cannot touch hosts; unblock lets them back', async () => {
    const event = await openEvent(server.services, organizer, { hosts: [host.username] });
    const org = await joined(organizer, event.eventId);
    const h = await joined(host, event.eventId);
    const a = await joined(bob, event.eventId);
    const second = await joined(bob, event.eventId);

    const notStaff = clientId();
    a.client.send({ type: 'block', clientId: notStaff, userId: host.sub });
    expect(await a.client.next('error', (f) => f.clientId === notStaff)).toMatchObject({ code: 'forbidden' });
    for (const target of [host.sub, organizer.sub]) {
      const id = clientId();
      h.client.send({ type: 'block', clientId: id, userId: target });
      expect(await h.client.next('error', (f) => f.clientId === id)).toMatchObject({ code: 'forbidden' });
    }

    const block = clientId();
    h.client.send({ type: 'block', clientId: block, userId: bob.sub });
    await h.client.next('ack', (f) => f.clientId === block);
    for (const c of [a.client, second.client]) {
      expect(await c.next('error', (f) => f.code === 'blocked')).toMatchObject({ fatal: true });
      expect((await c.closed).code).toBe(CHAT_CLOSE.blocked);
    }
    expect(await org.client.event((e) => e.kind === 'blocked')).toMatchObject({ member: { userId: bob.sub } });
    const again = open(bob, event.eventId);
    expect((await again.closed).code).toBe(CHAT_CLOSE.blocked);
    const lateOrg = await joined(organizer, event.eventId);
    expect(lateOrg.welcome.blocked.map((m) => m.userId)).toEqual([bob.sub]);

    const unblock = clientId();
    org.client.send({ type: 'unblock', clientId: unblock, userId: bob.sub });
    await org.client.next('ack', (f) => f.clientId === unblock);
    await h.client.event((e) => e.kind === 'unblocked' && e.userId === bob.sub);
    const back = await joined(bob, event.eventId);
    expect(back.welcome.mode).toBe('snapshot');
  });

  it('a host cannot block another host who never opened the chat (one rule with the room API)', async () => {
    const event = await openEvent(server.services, organizer, { hosts: [host.username, carol.username] });
    // Carol accepted her invitation elsewhere (the lobby, a room token): she has no chat member record.
    await getEventFor(server.services.db, TEST_TENANT, event.eventId, { sub: carol.sub, email: carol.username, emailVerified: true });
    const h = await joined(host, event.eventId);
    const id = clientId();
    h.client.send({ type: 'block', clientId: id, userId: carol.sub });
    expect(await h.client.next('error', (f) => f.clientId === id)).toMatchObject({ code: 'forbidden' });
    expect((await server.services.db.doc.send(new GetCommand({ TableName: server.services.db.table, Key: eventKey(TEST_TENANT, event.eventId) }))).Item?.blockedUsers).toEqual([]);
  });
});

describe('chat socket: keep-alive', () => {
  it('drops a socket that stops answering pings', async () => {
    const fast = await startChatServer({ pingSeconds: 0.2 });
    try {
      const event = await openEvent(fast.services, organizer);
      const live = ChatClient.open(fast.port, { cookie: alice.cookie, event: event.eventId });
      const dead = ChatClient.open(fast.port, { cookie: bob.cookie, event: event.eventId });
      await Promise.all([live.next('welcome'), dead.next('welcome')]);
      dead.ws.pause();
      await new Promise((r) => setTimeout(r, 1500));
      dead.ws.resume();
      expect((await dead.closed).code).toBe(1006);
      // The one that answers (ws answers pings by itself, as browsers do) stays.
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      expect(await say(live, 'still alive')).toMatchObject({ type: 'ack' });
      live.ws.terminate();
    } finally {
      await fast.close();
    }
  });
});

describe('chat socket: resume', () => {
  it('a reconnect with after=<seq> gets exactly the changes it missed', async () => {
    const event = await openEvent(server.services, organizer);
    const org = await joined(organizer, event.eventId);
    const first = await say(org.client, 'before the drop');
    const a = await joined(alice, event.eventId);
    const seen = a.welcome.headSeq;
    expect(a.welcome.messages.map((m) => m.msgId)).toEqual([(first as { msgId: string }).msgId]);
    await a.client.close();

    const missed: string[] = [];
    for (const text of ['one', 'two', 'three']) missed.push((await say(org.client, text)).type === 'ack' ? text : 'failed');
    const like = clientId();
    org.client.send({ type: 'like', clientId: like, likedMsgId: (first as { msgId: string }).msgId, liked: true });
    await org.client.next('ack', (f) => f.clientId === like);

    const back = await joined(alice, event.eventId, seen);
    expect(back.welcome.mode).toBe('resume');
    const kinds = back.welcome.events.map((e) => (e.kind === 'message' ? e.message.textMessage : e.kind));
    expect(kinds).toEqual(['one', 'two', 'three', 'likes']);
    const seqs = back.welcome.events.map((e) => e.seq);
    expect(seqs).toEqual([seen + 1, seen + 2, seen + 3, seen + 4]);
    expect(back.welcome.headSeq).toBe(seen + 4);

    // Live changes after the welcome follow without a gap or a repeat.
    await say(org.client, 'four');
    const four = await messageEvent(back.client, (m) => m.textMessage === 'four');
    expect(four.seq).toBe(seen + 5);
    expect(back.client.events().map((e) => e.seq)).toEqual([seen + 5]);

    // A client claiming a future seq gets a snapshot.
    const future = await joined(alice, event.eventId, seen + 1000);
    expect(future.welcome.mode).toBe('snapshot');
    expect(future.welcome.messages.map((m) => m.textMessage)).toEqual(['before the drop', 'one', 'two', 'three', 'four']);
  });

  it('pages older history with `history` frames', async () => {
    const event = await openEvent(server.services, organizer);
    const { client } = await joined(organizer, event.eventId);
    const direct = server.services.chat.repository;
    for (let i = 0; i < 60; i++) {
      const change = await direct.postMessage(TEST_TENANT, event.eventId, draft(organizer.sub, `m${i}`, { senderRole: 'organizer', chatDisplayName: 'Org' }));
      await server.services.chat.publish(TEST_TENANT, event.eventId, change);
    }
    const late = await joined(alice, event.eventId);
    const welcome: WelcomeFrame = late.welcome;
    expect(welcome.messages).toHaveLength(50);
    expect(welcome.hasMore).toBe(true);
    expect(welcome.messages[0]!.textMessage).toBe('m10');
    const id = clientId();
    late.client.send({ type: 'history', clientId: id, before: welcome.messages[0]!.msgId });
    const page = await late.client.next('history', (f) => f.clientId === id);
    expect(page.messages.map((m) => m.textMessage)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    expect(page.hasMore).toBe(false);
    client.ws.terminate();
  });
});
