import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CHAT_RESUME_MAX, formatMsgId, type ChatMessage } from '#app/lib/chat/protocol';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { ensureTable } from '#server/platform/dynamo/dynamo.server';
import { blanked, chatPk, ChatError, pairKey } from './keys.server';
import { ChatRepository } from './repository.server';
import { draft } from '#tests/support/chat';

const db = testDatabase();
await ensureTable(db);

const newEventId = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0') + Math.random().toString(36).slice(2, 8).padEnd(6, '0');

const messageOf = (change: Awaited<ReturnType<ChatRepository['postMessage']>>): ChatMessage => {
  if (change?.event.kind !== 'message') throw new Error('no message');
  return change.event.message;
};

describe('ChatRepository sequencing', () => {
  it('numbers every change of a channel once, in order, even with two writers (instances) racing', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    const one = new ChatRepository(db);
    const two = new ChatRepository(db);
    const changes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).postMessage(tenant, eventId, draft('u1', `m${i}`))));
    const seqs = changes.map((c) => c!.event.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const messages = changes.map(messageOf).sort((a, b) => a.seq - b.seq);
    expect(messages.map((m) => m.msgId)).toEqual(seqs.map(formatMsgId));
    // One public chain: each message names the previous one.
    expect(messages[0]!.prevMsgId).toBeNull();
    for (let i = 1; i < messages.length; i++) expect(messages[i]!.prevMsgId).toBe(messages[i - 1]!.msgId);
    expect(await one.headSeq(tenant, eventId)).toBe(20);
  });

  it('commits messages that queued up together (group commit), keeping every chain whole', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    let transactions = 0;
    const counting = {
      ...db,
      doc: new Proxy(db.doc, {
        get(target, prop, receiver) {
          if (prop !== 'send') return Reflect.get(target, prop, receiver) as unknown;
          return (command: { constructor: { name: string } }) => {
            if (command.constructor.name === 'TransactWriteCommand') transactions++;
            return target.send(command as never);
          };
        },
      }),
    };
    const repo = new ChatRepository(counting);
    const drafts = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? draft('p1', `pm${i}`, { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' }) : draft('p2', `pub${i}`),
    );
    const messages = (await Promise.all(drafts.map((d) => repo.postMessage(tenant, eventId, d)))).map(messageOf);
    expect(transactions).toBeLessThan(30);
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const publics = messages.filter((m) => !m.isPrivateMsg);
    const privates = messages.filter((m) => m.isPrivateMsg);
    for (const stream of [publics, privates]) {
      expect(stream[0]!.prevMsgId).toBeNull();
      for (let i = 1; i < stream.length; i++) expect(stream[i]!.prevMsgId).toBe(stream[i - 1]!.msgId);
    }
    // What was stored agrees: the next message of each stream continues it.
    const fresh = new ChatRepository(db);
    expect(messageOf(await fresh.postMessage(tenant, eventId, draft('p2', 'next'))).prevMsgId).toBe(publics.at(-1)!.msgId);
    expect(messageOf(await fresh.postMessage(tenant, eventId, draft('host', 'back', { isPrivateMsg: true, recipient: 'p1' }))).prevMsgId).toBe(privates.at(-1)!.msgId);
    expect((await fresh.page(tenant, eventId, null)).messages).toHaveLength(21);
  });

  it('stores a resent send (same sender and clientId) once, also when two instances race with it', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    const one = new ChatRepository(db);
    const two = new ChatRepository(db);
    const first = messageOf(await one.postMessage(tenant, eventId, draft('u1', 'hello', { clientId: 'resend-0001' })));
    // The answer was lost and the browser sends the frame again, to either instance.
    expect(await two.postMessage(tenant, eventId, draft('u1', 'hello', { clientId: 'resend-0001' }))).toBeNull();
    expect(await one.sentMessageId(tenant, eventId, 'u1', 'resend-0001')).toBe(first.msgId);
    // The same clientId from another sender is another message.
    expect(messageOf(await one.postMessage(tenant, eventId, draft('u2', 'hi', { clientId: 'resend-0001' }))).seq).toBe(2);
    // Racing resends on two instances, mixed with other messages (group commit): each send stored once.
    const sends = Array.from({ length: 12 }, (_, i) => [i % 4, i % 2 ? one : two] as const);
    const private_ = { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' } as const;
    await Promise.all(sends.map(([n, repo]) => repo.postMessage(tenant, eventId, draft('u3', `m${n}`, { clientId: `race-000${n}`, ...(n === 3 ? private_ : {}) }))));
    expect(await one.headSeq(tenant, eventId)).toBe(2 + 4);
    for (const n of [0, 1, 2, 3]) expect(await one.sentMessageId(tenant, eventId, 'u3', `race-000${n}`)).toMatch(/^[0-9]{12}$/);
  });

  it('chains private conversations separately, keeps pending ones unchained and approval makes a new public message', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const pub1 = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'public one')));
    const pm = (from: string, to: string, text: string) =>
      repo.postMessage(tenant, eventId, draft(from, text, { isPrivateMsg: true, recipient: to, recipientDisplayName: to, msgSubType: from === 'host' ? 'fromHost' : 'toHost' }));
    const a1 = messageOf(await pm('p1', 'host', 'a1'));
    const b1 = messageOf(await pm('p2', 'host', 'b1'));
    const a2 = messageOf(await pm('host', 'p1', 'a2'));
    expect([a1.prevMsgId, b1.prevMsgId, a2.prevMsgId]).toEqual([null, null, a1.msgId]);
    const pendingChange = await repo.postMessage(tenant, eventId, draft('p2', 'wait for me', { status: 'pending' }));
    const pending = messageOf(pendingChange);
    expect(pending.prevMsgId).toBeNull();
    expect(pendingChange!.audience).toEqual({ everyone: false, staff: true, users: ['p2'] });
    const pub2 = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'public two')));
    expect(pub2.prevMsgId).toBe(pub1.msgId);

    const approved = messageOf(await repo.approve(tenant, eventId, pending.msgId));
    expect(approved).toMatchObject({ status: 'approved', approvedFrom: pending.msgId, prevMsgId: pub2.msgId, textMessage: 'wait for me' });
    expect(approved.seq).toBeGreaterThan(pending.seq);
    await expect(repo.approve(tenant, eventId, pending.msgId)).rejects.toEqual(new ChatError('messageNotFound'));
    expect(await repo.pendingFor(tenant, eventId, { userId: 'host', role: 'host' })).toEqual([]);
    const page = await repo.page(tenant, eventId, null);
    expect(page.messages.map((m) => m.textMessage)).toEqual(['public one', 'public two', 'wait for me']);

    // Private messages reach their two parties only.
    expect((await repo.privateFor(tenant, eventId, 'p1')).map((m) => m.textMessage)).toEqual(['a1', 'a2']);
    expect((await repo.privateFor(tenant, eventId, 'host')).map((m) => m.textMessage)).toEqual(['a1', 'b1', 'a2']);
    expect(await repo.privateFor(tenant, eventId, 'p3')).toEqual([]);
    // A fresh repository (another instance) continues the chains from the stored HEAD.
    const other = new ChatRepository(db);
    expect(messageOf(await other.postMessage(tenant, eventId, draft('p2', 'b2', { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' }))).prevMsgId).toBe(b1.msgId);
    expect((await other.headSeq(tenant, eventId)) > 0).toBe(true);
    expect(pairKey('b', 'a')).toBe(pairKey('a', 'b'));
  });

  it('likes idempotently and deletes into a blank tombstone', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const m = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'like me', { showHandQuestion: true, chatMsgType: 'question' })));
    const viewer = { userId: 'p2', role: 'participant' as const };
    expect((await repo.like(tenant, eventId, viewer, m.msgId, true))!.event).toMatchObject({ kind: 'likes', likes: 1, liked: true, by: 'p2' });
    expect(await repo.like(tenant, eventId, viewer, m.msgId, true)).toBeNull();
    expect((await repo.like(tenant, eventId, { userId: 'p3', role: 'participant' }, m.msgId, true))!.event).toMatchObject({ likes: 2 });
    expect((await repo.like(tenant, eventId, viewer, m.msgId, false))!.event).toMatchObject({ likes: 1, liked: false });
    expect(await repo.likedAmong(tenant, eventId, 'p3', [m.msgId, '000000000099'])).toEqual([m.msgId]);
    expect((await repo.publicSnapshot(tenant, eventId)).questions.map((q) => q.msgId)).toEqual([m.msgId]);

    const removed = await repo.remove(tenant, eventId, { userId: 'host', role: 'host' }, m.msgId);
    expect(removed!.event).toMatchObject({ kind: 'deleted', msgId: m.msgId });
    expect(await repo.remove(tenant, eventId, { userId: 'host', role: 'host' }, m.msgId)).toBeNull();
    const snapshot = await repo.publicSnapshot(tenant, eventId);
    expect(snapshot.messages[0]).toMatchObject({ msgId: m.msgId, deleted: true, textMessage: '', likes: 1 });
    expect(snapshot.questions).toEqual([]);
    await expect(repo.like(tenant, eventId, viewer, m.msgId, true)).rejects.toEqual(new ChatError('messageNotFound'));
  });
});

describe('ChatRepository replay (resume)', () => {
  it('returns exactly the changes after `after` that the viewer may see, with messages deleted later blanked', async () => {
    const tenant = uniqueTenantId('chat');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const first = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'first')));
    const secret = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'secret', { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' })));
    const pending = messageOf(await repo.postMessage(tenant, eventId, draft('p1', 'pending', { status: 'pending' })));
    const regret = messageOf(await repo.postMessage(tenant, eventId, draft('p2', 'regret')));
    await repo.remove(tenant, eventId, { userId: 'host', role: 'host' }, regret.msgId);
    await repo.blocked(tenant, eventId, { userId: 'p9', displayName: 'P9', role: 'participant', avatarBgColor: '#1D4ED8' });
    const head = await repo.headSeq(tenant, eventId);
    expect(head).toBe(6);

    const forP3 = await repo.replay(tenant, eventId, first.seq, head, { userId: 'p3', role: 'participant' });
    expect(forP3.map((e) => e.kind)).toEqual(['message', 'deleted']);
    expect(forP3[0]).toMatchObject({ kind: 'message', message: blanked(regret) });
    const forHost = await repo.replay(tenant, eventId, 0, head, { userId: 'host', role: 'host' });
    expect(forHost.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const forP1 = await repo.replay(tenant, eventId, 0, head, { userId: 'p1', role: 'participant' });
    expect(forP1.map((e) => (e.kind === 'message' ? e.message.msgId : e.kind))).toEqual([first.msgId, secret.msgId, pending.msgId, regret.msgId, 'deleted']);
    expect(await repo.replay(tenant, eventId, head, head, { userId: 'p1', role: 'participant' })).toEqual([]);
    expect(CHAT_RESUME_MAX).toBeGreaterThan(0);
  });
});

describe('ChatRepository members', () => {
  it('says whether the person had joined the chat before (a first visit has nothing of its own to read)', async () => {
    const tenant = uniqueTenantId('chatm');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const member = { userId: 'p9', displayName: 'P9', role: 'participant' as const, avatarBgColor: '#1D4ED8' };
    expect(await repo.putMember(tenant, eventId, member, null)).toBe(false);
    expect(await repo.putMember(tenant, eventId, member, null)).toBe(true);
    expect(await repo.putMember(uniqueTenantId('chatn'), eventId, member, null)).toBe(false);
  });
});

describe('ChatRepository tenant isolation', () => {
  it('keeps every item of a channel under the tenant’s own partition; another tenant sees nothing', async () => {
    const tenantA = uniqueTenantId('chata');
    const tenantB = uniqueTenantId('chatb');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const question = messageOf(await repo.postMessage(tenantA, eventId, draft('p1', 'only for A', { showHandQuestion: true, chatMsgType: 'question' })));
    await repo.postMessage(tenantA, eventId, draft('p1', 'pm', { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' }));
    await repo.putMember(tenantA, eventId, { userId: 'p1', displayName: 'P1', role: 'participant', avatarBgColor: '#1D4ED8' }, null);

    expect(chatPk(tenantA, eventId)).toBe(`T#${tenantA}#CHAT#${eventId}`);
    const items = await db.doc.send(new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': chatPk(tenantA, eventId) } }));
    expect(items.Items!.length).toBeGreaterThanOrEqual(7);
    for (const item of items.Items!) {
      expect(String(item.pk).startsWith(`T#${tenantA}#`)).toBe(true);
      if (item.gsi1pk) expect(String(item.gsi1pk).startsWith(`T#${tenantA}#`)).toBe(true);
    }
    const b = await repo.publicSnapshot(tenantB, eventId);
    expect(b).toEqual({ headSeq: 0, messages: [], hasMore: false, questions: [], staff: [] });
    expect(await repo.privateFor(tenantB, eventId, 'p1')).toEqual([]);
    expect(await repo.getMember(tenantB, eventId, 'p1')).toBeNull();

    // Votes are tenant-bound too: B cannot vote on A's question through the same event id, and A's vote item lives under A.
    await expect(repo.vote(tenantB, eventId, { userId: 'p2', role: 'participant' }, question.msgId, true)).rejects.toEqual(new ChatError('messageNotFound'));
    const voted = await repo.vote(tenantA, eventId, { userId: 'p2', role: 'participant' }, question.msgId, true);
    expect(voted?.event).toMatchObject({ kind: 'votes', msgId: question.msgId, votes: 1, by: 'p2', voted: true });
    expect(await repo.votedAmong(tenantA, eventId, 'p2', [question.msgId])).toEqual([question.msgId]);
    expect(await repo.votedAmong(tenantB, eventId, 'p2', [question.msgId])).toEqual([]);
    // @ts-expect-error a malformed id is no TenantId; the key builder refuses it at run time as well
    expect(() => chatPk('Bad Tenant', eventId)).toThrow();
  });
});
