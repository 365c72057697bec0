/**
 * Chat storage in the single table (docs/decisions/0012-event-chat.md). One partition per event
 * and tenant, pk = tenantKey(tenantId, 'CHAT', eventId):
 *
 *   HEAD                      { seq, lastPublic, pm: { pairKey → last private msgId } }
 *   PUB#<msgId>               an approved public message (questions also carry gsi1pk/gsi1sk)
 *   PEND#<msgId>              a message waiting for a host's approval (moderateChat)
 *   PRV#<msgId>               a private message
 *   INBOX#<userId>#<msgId>    one pointer per party of a private message
 *   LOG#<seq>                 every change with its audience: the replay log for resume
 *   LIKE#<userId>#<msgId>     one per like
 *   MEMBER#<userId>           who connected: display name, role, last seen
 *   STAFF#<userId>            organizer and hosts who can receive private messages
 *
 * Every change is one TransactWrite: the HEAD update conditioned on the seq this instance
 * expects, the item writes and the LOG put. Changes are serialised per channel inside an instance
 * (a promise chain and a cached HEAD), so an instance never races itself; another instance's
 * write makes the condition fail, and the change is planned again on a freshly read HEAD.
 */
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CHAT_HISTORY_PAGE,
  CHAT_PRIVATE_MAX,
  CHAT_QUESTIONS_MAX,
  avatarColorFor,
  canSee,
  formatMsgId,
  seqOfMsgId,
  type ChatAudience,
  type ChatErrorCode,
  type ChatEvent,
  type ChatMember,
  type ChatMessage,
} from '#app/lib/chat/protocol';
import type { EventRole } from '#app/lib/events/permissions';
import { tenantKey, type Database } from '../dynamo.server';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An expected refusal of a chat action; the hub answers it with an error frame of this code. */
export class ChatError extends Error {
  constructor(public code: ChatErrorCode, public retryAfterSeconds?: number) {
    super(code);
    this.name = 'ChatError';
  }
}

export interface Head {
  seq: number;
  lastPublic: string | null;
  pm: Record<string, string>;
}

export type MessageKind = 'pub' | 'pend' | 'prv';
export interface StoredMessage {
  kind: MessageKind;
  message: ChatMessage;
  audience: ChatAudience;
}

/** A committed change and who may see it. */
export interface Sequenced {
  event: ChatEvent;
  audience: ChatAudience;
}

export interface Viewer {
  userId: string;
  role: EventRole;
}

export interface PlanContext {
  seq: number;
  msgId: string;
  /** The public stream's last message before this change. */
  lastPublic: string | null;
  /** A private conversation's last message before this change. */
  lastPrivate(pair: string): string | null;
}

/** What one change writes. Returning null from a plan means "nothing to change" (an idempotent repeat). */
export interface Plan {
  event: ChatEvent;
  audience: ChatAudience;
  writes: TxItem[];
  /** The new head of the public stream. */
  lastPublic?: string;
  /** The new head of one private conversation: [pairKey, msgId]. */
  pm?: [string, string];
}

/** Which stream head a change moves: the public stream, one private conversation (its pair key), or none. */
export type Stream = typeof PUBLIC_STREAM | string | null;
export const PUBLIC_STREAM = '';

/** The stream a committed change extends (what `observe` needs to keep a cached HEAD current). */
export function streamOf(event: ChatEvent): Stream {
  if (event.kind !== 'message') return null;
  const m = event.message;
  if (m.isPrivateMsg && m.recipient) return pairKey(m.sender, m.recipient);
  return m.status === 'approved' ? PUBLIC_STREAM : null;
}

/** Fields of a new message the sender's side decides; the repository numbers and chains it. */
export type MessageDraft = Omit<ChatMessage, 'msgId' | 'eventId' | 'seq' | 'likes' | 'prevMsgId' | 'questionAnswered' | 'deleted' | 'approvedFrom'>;

export interface PublicSnapshot {
  headSeq: number;
  messages: ChatMessage[];
  hasMore: boolean;
  questions: ChatMessage[];
  staff: ChatMember[];
}

const MESSAGE_FIELDS = [
  'msgId',
  'eventId',
  'seq',
  'chatMsgType',
  'textMessage',
  'sender',
  'senderRole',
  'chatDisplayName',
  'avatarBgColor',
  'chatImageUrls',
  'attachmentUrls',
  'replyToMsgId',
  'replyToText',
  'replyToDisplayName',
  'likes',
  'prevMsgId',
  'showHandQuestion',
  'questionAnswered',
  'originalQuestionLangCode',
  'isPrivateMsg',
  'recipient',
  'recipientDisplayName',
  'msgSubType',
  'status',
  'approvedFrom',
  'deleted',
  'createdAt',
  'clientId',
] as const satisfies ReadonlyArray<keyof ChatMessage>;

export const EVERYONE: ChatAudience = { everyone: true, staff: false, users: [] };
export const STAFF_ONLY: ChatAudience = { everyone: false, staff: true, users: [] };

export const chatPk = (tenantId: string, eventId: string) => tenantKey(tenantId, 'CHAT', eventId);
export const questionsPk = (tenantId: string, eventId: string) => tenantKey(tenantId, 'CHATQ', eventId);
/** One private conversation, whichever way it is written. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export const SK = {
  head: 'HEAD',
  pub: (msgId: string) => `PUB#${msgId}`,
  pend: (msgId: string) => `PEND#${msgId}`,
  prv: (msgId: string) => `PRV#${msgId}`,
  inbox: (userId: string, msgId: string) => `INBOX#${userId}#${msgId}`,
  log: (seq: number) => `LOG#${formatMsgId(seq)}`,
  like: (userId: string, msgId: string) => `LIKE#${userId}#${msgId}`,
  member: (userId: string) => `MEMBER#${userId}`,
  staff: (userId: string) => `STAFF#${userId}`,
} as const;
const KIND_SK: Record<MessageKind, (msgId: string) => string> = { pub: SK.pub, pend: SK.pend, prv: SK.prv };

const MAX_ATTEMPTS = 10;

export function toMessage(item: Record<string, unknown>): ChatMessage {
  const out: Record<string, unknown> = {};
  for (const field of MESSAGE_FIELDS) out[field] = item[field] ?? null;
  const message = out as unknown as ChatMessage;
  message.chatImageUrls ??= [];
  message.attachmentUrls ??= [];
  message.replyToText ??= '';
  message.replyToDisplayName ??= '';
  message.textMessage ??= '';
  message.likes = Number(message.likes ?? 0);
  message.seq = Number(message.seq);
  return message;
}

function toStored(item: Record<string, unknown>): StoredMessage {
  return { kind: item.kind as MessageKind, message: toMessage(item), audience: item.audience as ChatAudience };
}

export function toMember(item: Record<string, unknown>): ChatMember {
  const userId = String(item.userId);
  return { userId, displayName: String(item.displayName ?? userId), role: (item.role as EventRole) ?? 'participant', avatarBgColor: avatarColorFor(userId) };
}

const isRetryable = (e: unknown) => {
  const name = (e as Error)?.name;
  return name === 'TransactionCanceledException' || name === 'TransactionConflictException';
};

/** A message with its content removed (what a deleted message shows). */
export function blanked(message: ChatMessage): ChatMessage {
  return { ...message, deleted: true, textMessage: '', chatImageUrls: [], attachmentUrls: [] };
}

interface Job {
  plan: (ctx: PlanContext) => Promise<Plan | null>;
  /** Only creates new items (no read, no update of an existing item): may share a transaction with others. */
  batchable: boolean;
  resolve: (change: Sequenced | null) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface ChannelState {
  head: Head | null;
  queue: Job[];
  running: boolean;
}

/** Changes committed together at most (a TransactWrite takes 100 items; a private message needs 4). */
const MAX_BATCH = 20;

export class ChatRepository {
  private channels = new Map<string, ChannelState>();

  constructor(private db: Database) {}

  // ------------------------------------------------------------------------------------------
  // Sequencing
  // ------------------------------------------------------------------------------------------

  /**
   * Applies one change with the channel's next seq; null when the plan found nothing to change.
   * Changes wait in a per-channel queue; new messages that queued up meanwhile are committed
   * together in one transaction (group commit), so a slow store adds latency, never a backlog.
   */
  append(tenantId: string, eventId: string, plan: (ctx: PlanContext) => Promise<Plan | null>, batchable = false): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    let state = this.channels.get(pk);
    if (!state) {
      state = { head: null, queue: [], running: false };
      this.channels.set(pk, state);
    }
    const channel = state;
    return new Promise<Sequenced | null>((resolve, reject) => {
      channel.queue.push({ plan, batchable, resolve, reject, settled: false });
      if (!channel.running) void this.drain(pk, channel);
    });
  }

  /**
   * A change committed elsewhere (another instance, seen on the bus) moves the cached HEAD along,
   * so this instance's next change expects the right seq instead of failing and re-reading.
   * A change that skips a seq drops the cache (re-read on the next change).
   */
  observe(tenantId: string, eventId: string, seq: number, stream: Stream): void {
    const state = this.channels.get(chatPk(tenantId, eventId));
    const head = state?.head;
    if (!state || !head || seq <= head.seq) return;
    if (seq > head.seq + 1) {
      state.head = null;
      return;
    }
    head.seq = seq;
    if (stream === PUBLIC_STREAM) head.lastPublic = formatMsgId(seq);
    else if (stream) head.pm[stream] = formatMsgId(seq);
  }

  private async drain(pk: string, channel: ChannelState) {
    channel.running = true;
    try {
      while (channel.queue.length) {
        const batch = [channel.queue.shift()!];
        if (batch[0]!.batchable) {
          while (batch.length < MAX_BATCH && channel.queue[0]?.batchable) batch.push(channel.queue.shift()!);
        }
        await this.commit(pk, channel, batch);
      }
    } finally {
      channel.running = false;
    }
  }

  private async commit(pk: string, channel: ChannelState, jobs: Job[]): Promise<void> {
    const settle = (job: Job, outcome: { change: Sequenced | null } | { error: unknown }) => {
      job.settled = true;
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome.change);
    };
    for (let attempt = 1; ; attempt++) {
      let head: Head;
      try {
        head = channel.head ??= await this.readHead(pk);
      } catch (error) {
        for (const job of jobs) if (!job.settled) settle(job, { error });
        return;
      }
      let seq = head.seq;
      let lastPublic = head.lastPublic;
      const pm = new Map<string, string>();
      const planned: Array<{ job: Job; plan: Plan }> = [];
      const writes: TxItem[] = [];
      for (const job of jobs) {
        if (job.settled) continue;
        let plan: Plan | null;
        try {
          plan = await job.plan({ seq: seq + 1, msgId: formatMsgId(seq + 1), lastPublic, lastPrivate: (pair) => pm.get(pair) ?? head.pm[pair] ?? null });
        } catch (error) {
          settle(job, { error });
          continue;
        }
        if (!plan) {
          settle(job, { change: null });
          continue;
        }
        seq++;
        if (plan.lastPublic) lastPublic = plan.lastPublic;
        if (plan.pm) pm.set(plan.pm[0], plan.pm[1]);
        planned.push({ job, plan });
        writes.push(...plan.writes, { Put: { TableName: this.db.table, Item: { pk, sk: SK.log(seq), e: JSON.stringify(plan.event), a: plan.audience } } });
      }
      if (!planned.length) return;

      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':n': seq };
      let update = 'SET seq = :n';
      let condition: string;
      if (head.seq === 0) {
        condition = 'attribute_not_exists(seq)';
        update += ', lastPublic = :lp, pm = :pm';
        values[':lp'] = lastPublic;
        values[':pm'] = Object.fromEntries(pm);
      } else {
        condition = 'seq = :e';
        values[':e'] = head.seq;
        if (lastPublic !== head.lastPublic) {
          update += ', lastPublic = :lp';
          values[':lp'] = lastPublic;
        }
        let i = 0;
        for (const [pair, msgId] of pm) {
          update += `, pm.#p${i} = :p${i}`;
          names[`#p${i}`] = pair;
          values[`:p${i}`] = msgId;
          i++;
        }
      }
      const headUpdate: TxItem = {
        Update: {
          TableName: this.db.table,
          Key: { pk, sk: SK.head },
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        },
      };
      const expected = head.seq;
      try {
        await this.db.doc.send(new TransactWriteCommand({ TransactItems: [headUpdate, ...writes] }));
      } catch (error) {
        if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) {
          channel.head = null;
          for (const { job } of planned) settle(job, { error });
          return;
        }
        // Another instance wrote first. When its change has already arrived on the bus, the
        // cached head is current: plan again at once; otherwise re-read it after a short pause.
        if (channel.head !== head || head.seq === expected) {
          channel.head = null;
          await sleep(Math.random() * 4 * attempt);
        }
        continue;
      }
      head.seq = seq;
      head.lastPublic = lastPublic;
      for (const [pair, msgId] of pm) head.pm[pair] = msgId;
      for (const { job, plan } of planned) settle(job, { change: { event: plan.event, audience: plan.audience } });
      return;
    }
  }

  async readHead(pk: string): Promise<Head> {
    const out = await this.db.doc.send(new GetCommand({ TableName: this.db.table, Key: { pk, sk: SK.head }, ConsistentRead: true }));
    const item = out.Item;
    if (!item) return { seq: 0, lastPublic: null, pm: {} };
    return { seq: Number(item.seq ?? 0), lastPublic: (item.lastPublic as string | null) ?? null, pm: { ...((item.pm as Record<string, string>) ?? {}) } };
  }

  async headSeq(tenantId: string, eventId: string): Promise<number> {
    return (await this.readHead(chatPk(tenantId, eventId))).seq;
  }

  // ------------------------------------------------------------------------------------------
  // Changes
  // ------------------------------------------------------------------------------------------

  private put(pk: string, sk: string, item: Record<string, unknown>): TxItem {
    return { Put: { TableName: this.db.table, Item: { pk, sk, ...item } } };
  }

  private messageItem(tenantId: string, kind: MessageKind, message: ChatMessage, audience: ChatAudience): Record<string, unknown> {
    const item: Record<string, unknown> = { kind, audience, ...message };
    if (kind === 'pub' && message.showHandQuestion) {
      item.gsi1pk = questionsPk(tenantId, message.eventId);
      item.gsi1sk = message.msgId;
    }
    return item;
  }

  /** A new message: public (approved), pending (waits for approval) or private. */
  postMessage(tenantId: string, eventId: string, draft: MessageDraft): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(
      tenantId,
      eventId,
      async ({ seq, msgId, lastPublic, lastPrivate }) => {
        const base = { ...draft, msgId, eventId, seq, likes: 0, questionAnswered: false, deleted: false, approvedFrom: null };
        if (draft.isPrivateMsg && draft.recipient) {
          const pair = pairKey(draft.sender, draft.recipient);
          const message: ChatMessage = { ...base, prevMsgId: lastPrivate(pair), status: 'approved' };
          const audience: ChatAudience = { everyone: false, staff: false, users: [draft.sender, draft.recipient] };
          return {
            event: { kind: 'message', seq, message },
            audience,
            writes: [
              this.put(pk, SK.prv(msgId), this.messageItem(tenantId, 'prv', message, audience)),
              this.put(pk, SK.inbox(draft.sender, msgId), { msgId }),
              this.put(pk, SK.inbox(draft.recipient, msgId), { msgId }),
            ],
            pm: [pair, msgId],
          };
        }
        if (draft.status === 'pending') {
          const message: ChatMessage = { ...base, prevMsgId: null };
          const audience: ChatAudience = { everyone: false, staff: true, users: [draft.sender] };
          return {
            event: { kind: 'message', seq, message },
            audience,
            writes: [this.put(pk, SK.pend(msgId), this.messageItem(tenantId, 'pend', message, audience))],
          };
        }
        const message: ChatMessage = { ...base, prevMsgId: lastPublic };
        return {
          event: { kind: 'message', seq, message },
          audience: EVERYONE,
          writes: [this.put(pk, SK.pub(msgId), this.messageItem(tenantId, 'pub', message, EVERYONE))],
          lastPublic: msgId,
        };
      },
      true,
    );
  }

  /** Approves a pending message: a new public message (new seq and msgId) replaces it. */
  approve(tenantId: string, eventId: string, pendingId: string): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq, msgId, lastPublic }) => {
      const found = await this.getItem(pk, SK.pend(pendingId));
      if (!found) throw new ChatError('messageNotFound');
      const pending = toMessage(found);
      const message: ChatMessage = { ...pending, msgId, seq, status: 'approved', approvedFrom: pendingId, prevMsgId: lastPublic };
      return {
        event: { kind: 'message', seq, message },
        audience: EVERYONE,
        writes: [
          this.put(pk, SK.pub(msgId), this.messageItem(tenantId, 'pub', message, EVERYONE)),
          { Delete: { TableName: this.db.table, Key: { pk, sk: SK.pend(pendingId) } } },
        ],
        lastPublic: msgId,
      };
    });
  }

  /** Likes or unlikes an approved message the viewer can see (idempotent: a repeat changes nothing). */
  like(tenantId: string, eventId: string, viewer: Viewer, msgId: string, liked: boolean): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const [found, mine] = await Promise.all([this.findMessage(tenantId, eventId, msgId, ['pub', 'prv']), this.getItem(pk, SK.like(viewer.userId, msgId))]);
      if (!found || found.message.deleted || !canSee(found.audience, viewer)) throw new ChatError('messageNotFound');
      if (Boolean(mine) === liked) return null;
      const likes = Math.max(0, found.message.likes + (liked ? 1 : -1));
      const likeKey = { pk, sk: SK.like(viewer.userId, msgId) };
      return {
        event: { kind: 'likes', seq, likedMsgId: msgId, likes, by: viewer.userId, liked },
        audience: found.audience,
        writes: [
          liked ? this.put(pk, likeKey.sk, { msgId, userId: viewer.userId }) : { Delete: { TableName: this.db.table, Key: likeKey } },
          {
            Update: {
              TableName: this.db.table,
              Key: { pk, sk: KIND_SK[found.kind](msgId) },
              UpdateExpression: 'SET likes = :l, seq = :s',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':l': likes, ':s': seq },
            },
          },
        ],
      };
    });
  }

  /**
   * Deletes a message: a public or private one keeps a blank tombstone (so the stream's chain
   * stays whole), a pending one is removed from the queue. `by` must be a party of a private one.
   */
  remove(tenantId: string, eventId: string, by: Viewer, msgId: string): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const found = await this.findMessage(tenantId, eventId, msgId, ['pub', 'pend', 'prv']);
      if (!found || (found.kind === 'prv' && !found.audience.users.includes(by.userId))) throw new ChatError('messageNotFound');
      if (found.message.deleted) return null;
      const event: ChatEvent = { kind: 'deleted', seq, msgId };
      if (found.kind === 'pend') {
        return { event, audience: found.audience, writes: [{ Delete: { TableName: this.db.table, Key: { pk, sk: SK.pend(msgId) } } }] };
      }
      return {
        event,
        audience: found.audience,
        writes: [
          {
            Update: {
              TableName: this.db.table,
              Key: { pk, sk: KIND_SK[found.kind](msgId) },
              UpdateExpression: 'SET deleted = :t, textMessage = :empty, chatImageUrls = :none, attachmentUrls = :none, seq = :s REMOVE gsi1pk, gsi1sk',
              ExpressionAttributeValues: { ':t': true, ':empty': '', ':none': [], ':s': seq },
            },
          },
        ],
      };
    });
  }

  /** Marks a question answered (or open again). */
  answer(tenantId: string, eventId: string, msgId: string, answered: boolean): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const found = await this.getItem(pk, SK.pub(msgId));
      if (!found || !found.showHandQuestion || found.deleted) throw new ChatError('messageNotFound');
      if (Boolean(found.questionAnswered) === answered) return null;
      return {
        event: { kind: 'answered', seq, msgId, questionAnswered: answered },
        audience: EVERYONE,
        writes: [
          {
            Update: {
              TableName: this.db.table,
              Key: { pk, sk: SK.pub(msgId) },
              UpdateExpression: 'SET questionAnswered = :a, seq = :s',
              ExpressionAttributeValues: { ':a': answered, ':s': seq },
            },
          },
        ],
      };
    });
  }

  /** Records a host or the organizer as able to receive private messages (announced once, and when the name changes). */
  staffJoined(tenantId: string, eventId: string, member: ChatMember, email: string | null): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const known = await this.getItem(pk, SK.staff(member.userId));
      if (known && known.displayName === member.displayName && known.role === member.role) return null;
      return {
        event: { kind: 'staff', seq, member },
        audience: EVERYONE,
        writes: [this.put(pk, SK.staff(member.userId), { userId: member.userId, displayName: member.displayName, role: member.role, email: email ?? '' })],
      };
    });
  }

  blocked(tenantId: string, eventId: string, member: ChatMember): Promise<Sequenced | null> {
    return this.append(tenantId, eventId, async ({ seq }) => ({ event: { kind: 'blocked', seq, member }, audience: STAFF_ONLY, writes: [] }), true);
  }

  unblocked(tenantId: string, eventId: string, userId: string): Promise<Sequenced | null> {
    return this.append(tenantId, eventId, async ({ seq }) => ({ event: { kind: 'unblocked', seq, userId }, audience: STAFF_ONLY, writes: [] }), true);
  }

  // ------------------------------------------------------------------------------------------
  // Members
  // ------------------------------------------------------------------------------------------

  /** Written on every connect; the email (never sent to browsers) lets the server re-check a host's role. */
  async putMember(tenantId: string, eventId: string, member: ChatMember, email: string | null): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.table,
        Item: {
          pk: chatPk(tenantId, eventId),
          sk: SK.member(member.userId),
          userId: member.userId,
          displayName: member.displayName,
          role: member.role,
          email: email ?? '',
          lastSeenAt: new Date().toISOString(),
        },
      }),
    );
  }

  async getMember(tenantId: string, eventId: string, userId: string): Promise<(ChatMember & { email: string }) | null> {
    const item = await this.getItem(chatPk(tenantId, eventId), SK.member(userId));
    return item ? { ...toMember(item), email: String(item.email ?? '') } : null;
  }

  /** A staff member able to receive private messages, with the email their host role was granted for. */
  async getStaff(tenantId: string, eventId: string, userId: string): Promise<(ChatMember & { email: string }) | null> {
    const item = await this.getItem(chatPk(tenantId, eventId), SK.staff(userId));
    return item ? { ...toMember(item), email: String(item.email ?? '') } : null;
  }

  async listStaff(tenantId: string, eventId: string): Promise<ChatMember[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': 'STAFF#' },
    });
    return items.map(toMember);
  }

  /** Members by id (in the given order); unknown ids get their id as the name. */
  async members(tenantId: string, eventId: string, userIds: string[]): Promise<ChatMember[]> {
    const pk = chatPk(tenantId, eventId);
    const found = new Map<string, ChatMember>();
    for (const item of await this.batchGet(userIds.map((u) => ({ pk, sk: SK.member(u) })))) {
      const member = toMember(item);
      found.set(member.userId, member);
    }
    return userIds.map((userId) => found.get(userId) ?? { userId, displayName: userId, role: 'participant', avatarBgColor: avatarColorFor(userId) });
  }

  // ------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------

  private async getItem(pk: string, sk: string): Promise<Record<string, unknown> | null> {
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

  private async queryAll(input: Omit<QueryCommandInput, 'TableName'>, max = Infinity): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.doc.send(
        new QueryCommand({ TableName: this.db.table, ConsistentRead: input.IndexName ? undefined : true, ...input, ExclusiveStartKey: start }),
      );
      items.push(...((out.Items as Array<Record<string, unknown>>) ?? []));
      start = out.LastEvaluatedKey;
    } while (start && items.length < max);
    return items.slice(0, max);
  }

  /** The message with this id wherever it is (public, pending, private). */
  async findMessage(tenantId: string, eventId: string, msgId: string, kinds: MessageKind[] = ['pub', 'pend', 'prv']): Promise<StoredMessage | null> {
    const pk = chatPk(tenantId, eventId);
    const items =
      kinds.length === 1
        ? [await this.getItem(pk, KIND_SK[kinds[0]!](msgId))].filter((i) => i !== null)
        : await this.batchGet(kinds.map((k) => ({ pk, sk: KIND_SK[k](msgId) })));
    return items.length ? toStored(items[0]!) : null;
  }

  /** One page of public messages older than `before` (or the latest), ascending, and whether more exist. */
  async page(tenantId: string, eventId: string, before: string | null): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const pk = chatPk(tenantId, eventId);
    if (before !== null && seqOfMsgId(before) <= 1) return { messages: [], hasMore: false };
    const out = await this.db.doc.send(
      new QueryCommand({
        TableName: this.db.table,
        ConsistentRead: true,
        ScanIndexForward: false,
        Limit: CHAT_HISTORY_PAGE + 1,
        ...(before === null
          ? { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': 'PUB#' } }
          : {
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
              ExpressionAttributeValues: { ':pk': pk, ':lo': 'PUB#', ':hi': SK.pub(formatMsgId(seqOfMsgId(before) - 1)) },
            }),
      }),
    );
    const items = (out.Items as Array<Record<string, unknown>>) ?? [];
    return { messages: items.slice(0, CHAT_HISTORY_PAGE).map(toMessage).reverse(), hasMore: items.length > CHAT_HISTORY_PAGE };
  }

  /** What every viewer's snapshot shares: the head seq it is consistent with, the latest page, questions, staff. */
  async publicSnapshot(tenantId: string, eventId: string): Promise<PublicSnapshot> {
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
  async pendingFor(tenantId: string, eventId: string, viewer: Viewer): Promise<ChatMessage[]> {
    const staff = viewer.role !== 'participant';
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': 'PEND#', ...(staff ? {} : { ':me': viewer.userId }) },
      ...(staff ? {} : { FilterExpression: 'sender = :me' }),
    });
    return items.map(toMessage);
  }

  /** The viewer's private messages, latest CHAT_PRIVATE_MAX, ascending. */
  async privateFor(tenantId: string, eventId: string, userId: string): Promise<ChatMessage[]> {
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
  async likedAmong(tenantId: string, eventId: string, userId: string, msgIds: Iterable<string>): Promise<string[]> {
    const wanted = new Set(msgIds);
    if (!wanted.size) return [];
    const items = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': chatPk(tenantId, eventId), ':p': `LIKE#${userId}#` },
    });
    return items.map((i) => String(i.msgId)).filter((id) => wanted.has(id));
  }

  /**
   * The changes after `after` up to `upTo` that the viewer may see, ascending. Messages deleted
   * later in the same window come blank: their content is not sent again.
   */
  async replay(tenantId: string, eventId: string, after: number, upTo: number, viewer: Viewer): Promise<ChatEvent[]> {
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
