import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { draft } from '#tests/support/chat';
import { ensureTable } from '#server/platform/dynamo/dynamo.server';
import { ChatRepository } from './repository.server';
import { listReplayMessages } from './chatReplay.server';

const db = testDatabase();
await ensureTable(db);

const newEventId = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0') + Math.random().toString(36).slice(2, 8).padEnd(6, '0');
const msgIdOf = (change: Awaited<ReturnType<ChatRepository['postMessage']>>) => {
  if (change?.event.kind !== 'message') throw new Error('no message');
  return change.event.message.msgId;
};

describe('the chat replay of a past event', () => {
  it('lists the public messages in order with their times, leaving out deleted, pending and private ones', async () => {
    const tenant = uniqueTenantId('replay');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    await repo.postMessage(tenant, eventId, draft('u1', 'first', { createdAt: '2026-01-01T10:00:03.000Z' }));
    const gone = msgIdOf(await repo.postMessage(tenant, eventId, draft('u1', 'deleted later')));
    await repo.postMessage(tenant, eventId, draft('u2', 'waiting', { status: 'pending' }));
    await repo.postMessage(tenant, eventId, draft('u2', 'private', { isPrivateMsg: true, recipient: 'host', msgSubType: 'toHost' }));
    await repo.postMessage(tenant, eventId, draft('u2', 'second', { createdAt: '2026-01-01T10:00:08.000Z' }));
    await repo.remove(tenant, eventId, { userId: 'u1', role: 'organizer' }, gone);

    const records = await listReplayMessages(db, tenant, eventId);
    expect(records.map((r) => [r.message.textMessage, r.message.createdAt])).toEqual([
      ['first', '2026-01-01T10:00:03.000Z'],
      ['second', '2026-01-01T10:00:08.000Z'],
    ]);
    // Another tenant with the same event id sees nothing of it.
    expect(await listReplayMessages(db, uniqueTenantId('replay'), eventId)).toEqual([]);
  });

  it('keeps when each question was marked answered, and forgets it when the question is opened again', async () => {
    const tenant = uniqueTenantId('replay');
    const eventId = newEventId();
    const repo = new ChatRepository(db);
    const asked = msgIdOf(await repo.postMessage(tenant, eventId, draft('u1', 'Why?', { showHandQuestion: true })));
    const reopened = msgIdOf(await repo.postMessage(tenant, eventId, draft('u1', 'How?', { showHandQuestion: true })));
    await repo.answer(tenant, eventId, asked, true, new Date('2026-01-01T10:05:00.000Z'));
    await repo.answer(tenant, eventId, reopened, true, new Date('2026-01-01T10:06:00.000Z'));
    await repo.answer(tenant, eventId, reopened, false);

    const records = await listReplayMessages(db, tenant, eventId);
    expect(records.map((r) => [r.message.textMessage, r.message.questionAnswered, r.answeredAt])).toEqual([
      ['Why?', true, '2026-01-01T10:05:00.000Z'],
      ['How?', false, null],
    ]);
  });
});
