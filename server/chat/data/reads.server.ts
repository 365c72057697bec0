/**
 * Chat reads (item layout: keys.server.ts): the HEAD, members and staff, and the history a
 * welcome, a history page or a resume needs. Every read of a partition is consistent, so a read
 * right after a commit sees it.
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { batchedGet, batchedPut } from '#server/platform/dynamo/batched.server';
import type { TenantId } from '#app/lib/config/tenant';
import {
  CHAT_HISTORY_PAGE,
  CHAT_PRIVATE_MAX,
  CHAT_QUESTIONS_MAX,
  avatarColorFor,
  canSee,
  formatMsgId,
  seqOfMsgId,
  type ChatAudience,
  type ChatEvent,
  type ChatMember,
  type ChatMessage,
} from '#app/lib/chat/protocol';
import { queryAll, queryPage, type Database, type Item, type QueryInput } from '#server/platform/dynamo/dynamo.server';
import {
  KIND_SK,
  SK,
  blanked,
  chatPk,
  questionsPk,
  toMember,
  toMessage,
  toStored,
  type Head,
  type MessageKind,
  type PublicSnapshot,
  type StoredMessage,
  type Viewer,
} from './keys.server';

export class ChatReads {
  constructor(protected readonly db: Database) {}

  // ------------------------------------------------------------------------------------------
  // Items
  // ------------------------------------------------------------------------------------------

  async getItem(pk: string, sk: string): Promise<Record<string, unknown> | null> {
    const out = await this.db.doc.send(new GetCommand({ TableName: this.db.table, Key: { pk, sk }, ConsistentRead: true }));
    return out.Item ?? null;
  }

  private async batchGet(keys: Array<{ pk: string; sk: string }>): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    for (let i = 0; i < keys.length; i += 100) {
      let request: Array<Record<string, unknown>> | undefined = keys.slice(i, i + 100);
      for (let attempt = 0; request?.length; attempt++) {
        if (attempt > 8) throw new Error('chat: BatchGet left keys unprocessed');
        if (attempt) await sleep(20 * attempt);
        const out = await this.db.doc.send(new BatchGetCommand({ RequestItems: { [this.db.table]: { Keys: request, ConsistentRead: true } } }));
        items.push(...((out.Responses?.[this.db.table] as Array<Record<string, unknown>>) ?? []));
        request = out.UnprocessedKeys?.[this.db.table]?.Keys as Array<Record<string, unknown>> | undefined;
      }
    }
    return items;
  }

  /** Every match (or the first `max`); consistent on the table (the questions index cannot be). */
  private queryAll(input: QueryInput, max?: number): Promise<Item[]> {
    return queryAll(this.db, { ConsistentRead: input.IndexName ? undefined : true, ...input }, max);
  }

  async readHead(pk: string): Promise<Head> {
    const out = await this.db.doc.send(new GetCommand({ TableName: this.db.table, Key: { pk, sk: SK.head }, ConsistentRead: true }));
    const item = out.Item;
    if (!item) return { seq: 0, lastPublic: null, pm: {} };
    return { seq: Number(item.seq ?? 0), lastPublic: (item.lastPublic as string | null) ?? null, pm: { ...((item.pm as Record<string, string>) ?? {}) } };
  }

  async headSeq(tenantId: TenantId, eventId: string): Promise<number> {
    return (await this.readHead(chatPk(tenantId, eventId))).seq;
  }

  // ------------------------------------------------------------------------------------------
  // Members
  // ------------------------------------------------------------------------------------------

  /**
   * Records the person as a member of the event's chat (written on every connect; the email, never
   * sent to browsers, lets the server re-check a host's role); true when they had been one before.
   * The read and the write each go out with others' (batched.server.ts: a whole audience joins at
   * once); two first sockets of one person racing both see "not before", which is true of both.
   */
  async putMember(tenantId: TenantId, eventId: string, member: ChatMember, email: string | null): Promise<boolean> {
    const key = { pk: chatPk(tenantId, eventId), sk: SK.member(member.userId) };
    const before = await batchedGet(this.db, key, true);
    await batchedPut(this.db, {
      ...key,
      userId: member.userId,
      displayName: member.displayName,
      role: member.role,
      ...(member.avatarId ? { avatarId: member.avatarId } : {}),
      email: email ?? '',
      lastSeenAt: new Date().toISOString(),
    });
    return before !== undefined;
  }

  async getMember(tenantId: TenantId, eventId: string, userId: string): Promise<(ChatMember & { email: string }) | null> {
    const item = await this.getItem(chatPk(tenantId, eventId), SK.member(userId));
    return item ? { ...toMember(item), email: String(item.email ?? '') } : null;
  }

  /** A staff member able to receive private messages, with the email their host role was granted for. */
  async getStaff(tenantId: TenantId, eventId: string, userId: string): Promise<(ChatMember & { email: string }) | null> {
    const item = await this.getItem(chatPk(tenantId, eventId), SK.staff(userId));
    return item ? { ...toMember(item), email: String(item.email ?? '') } : null;
  }

  async listStaff(tenantId: TenantId, eventId: string): Promise<ChatMember[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': 'STAFF#' },
    });
    return items.map(toMember);
  }

  /** Members by id (in the given order); unknown ids get their id as the name. */
  async members(tenantId: TenantId, eventId: string, userIds: string[]): Promise<ChatMember[]> {
    const pk = chatPk(tenantId, eventId);
    const found = new Map<string, ChatMember>();
    for (const item of await this.batchGet(userIds.map((u) => ({ pk, sk: SK.member(u) })))) {
      const member = toMember(item);
      found.set(member.userId, member);
    }
    return userIds.map((userId) => found.get(userId) ?? { userId, displayName: userId, role: 'participant', avatarBgColor: avatarColorFor(userId) });
  }

  // ------------------------------------------------------------------------------------------
  // History
  // ------------------------------------------------------------------------------------------

  /** The message with this id wherever it is (public, pending, private). */
  async findMessage(tenantId: TenantId, eventId: string, msgId: string, kinds: MessageKind[] = ['pub', 'pend', 'prv']): Promise<StoredMessage | null> {
    const pk = chatPk(tenantId, eventId);
    const items =
      kinds.length === 1
        ? [await this.getItem(pk, KIND_SK[kinds[0]!](msgId))].filter((i) => i !== null)
        : await this.batchGet(kinds.map((k) => ({ pk, sk: KIND_SK[k](msgId) })));
    return items.length ? toStored(items[0]!) : null;
  }

  /** One page of public messages older than `before` (or the latest), ascending, and whether more exist. */
  async page(tenantId: TenantId, eventId: string, before: string | null): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const pk = chatPk(tenantId, eventId);
    if (before !== null && seqOfMsgId(before) <= 1) return { messages: [], hasMore: false };
    // One more than a page, newest first: whether it came tells whether older messages exist.
    const { items } = await queryPage(
      this.db,
      {
        ConsistentRead: true,
        ScanIndexForward: false,
        ...(before === null
          ? { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': 'PUB#' } }
          : {
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
              ExpressionAttributeValues: { ':pk': pk, ':lo': 'PUB#', ':hi': SK.pub(formatMsgId(seqOfMsgId(before) - 1)) },
            }),
      },
      { limit: CHAT_HISTORY_PAGE + 1, pageSize: CHAT_HISTORY_PAGE + 1 },
    );
    return { messages: items.slice(0, CHAT_HISTORY_PAGE).map(toMessage).reverse(), hasMore: items.length > CHAT_HISTORY_PAGE };
  }

  /** What every viewer's snapshot shares: the head seq it is consistent with, the latest page, questions, staff. */
  async publicSnapshot(tenantId: TenantId, eventId: string): Promise<PublicSnapshot> {
    const headSeq = await this.headSeq(tenantId, eventId);
    const [page, questions, staff] = await Promise.all([
      this.page(tenantId, eventId, null),
      this.queryAll(
        {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :q',
          ExpressionAttributeValues: { ':q': questionsPk(tenantId, eventId) },
          ScanIndexForward: false,
          Limit: CHAT_QUESTIONS_MAX,
        },
        CHAT_QUESTIONS_MAX,
      ),
      this.listStaff(tenantId, eventId),
    ]);
    return { headSeq, messages: page.messages, hasMore: page.hasMore, questions: questions.map(toMessage).reverse(), staff };
  }

  /** Messages waiting for approval: the whole queue for staff, one's own for others. */
  async pendingFor(tenantId: TenantId, eventId: string, viewer: Viewer): Promise<ChatMessage[]> {
    const staff = viewer.role !== 'participant';
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': 'PEND#', ...(staff ? {} : { ':me': viewer.userId }) },
      ...(staff ? {} : { FilterExpression: 'sender = :me' }),
    });
    return items.map(toMessage);
  }

  /** The viewer's private messages, latest CHAT_PRIVATE_MAX, ascending. */
  async privateFor(tenantId: TenantId, eventId: string, userId: string): Promise<ChatMessage[]> {
    const pk = chatPk(tenantId, eventId);
    const pointers = await this.queryAll(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': `INBOX#${userId}#` },
        ScanIndexForward: false,
        Limit: CHAT_PRIVATE_MAX,
      },
      CHAT_PRIVATE_MAX,
    );
    if (!pointers.length) return [];
    const items = await this.batchGet(pointers.map((p) => ({ pk, sk: SK.prv(String(p.msgId)) })));
    return items.map(toMessage).sort((a, b) => (a.msgId < b.msgId ? -1 : 1));
  }

  /** Which of these messages the user has liked. */
  likedAmong(tenantId: TenantId, eventId: string, userId: string, msgIds: Iterable<string>): Promise<string[]> {
    return this.markedAmong(tenantId, eventId, `LIKE#${userId}#`, msgIds);
  }

  /** Which of these questions the user has upvoted. */
  votedAmong(tenantId: TenantId, eventId: string, userId: string, msgIds: Iterable<string>): Promise<string[]> {
    return this.markedAmong(tenantId, eventId, `VOTE#${userId}#`, msgIds);
  }

  /** The msgIds among `msgIds` that have a per-user item under `prefix` (a like or a vote). */
  private async markedAmong(tenantId: TenantId, eventId: string, prefix: string, msgIds: Iterable<string>): Promise<string[]> {
    const wanted = new Set(msgIds);
    if (!wanted.size) return [];
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': prefix },
    });
    return items.map((i) => String(i.msgId)).filter((id) => wanted.has(id));
  }

  /**
   * The changes after `after` up to `upTo` that the viewer may see, ascending. Messages deleted
   * later in the same window come blank: their content is not sent again.
   */
  async replay(tenantId: TenantId, eventId: string, after: number, upTo: number, viewer: Viewer): Promise<ChatEvent[]> {
    if (upTo <= after) return [];
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':lo': SK.log(after + 1), ':hi': SK.log(upTo) },
    });
    const events = items.filter((i) => canSee(i.a as ChatAudience, viewer)).map((i) => JSON.parse(String(i.e)) as ChatEvent);
    const deleted = new Set(events.flatMap((e) => (e.kind === 'deleted' ? [e.msgId] : [])));
    if (!deleted.size) return events;
    return events.map((e) => (e.kind === 'message' && deleted.has(e.message.msgId) ? { ...e, message: blanked(e.message) } : e));
  }
}
