/**
 * The chat repository on `services.chat.repository` (docs/decisions/0012-event-chat.md): the
 * reads it inherits (reads.server.ts: members and history), and the change plans below: what each
 * change writes, planned against the seq and stream heads the group-commit sequencer
 * (sequencer.server.ts) hands it. Item layout and shared types: keys.server.ts.
 *
 * One repository per instance: the sequencer's per-channel queues and cached HEADs must be shared
 * by every socket of the instance.
 */
import type { TenantId } from '#app/lib/config/tenant';
import { canSee, type ChatAudience, type ChatEvent, type ChatMember, type ChatMessage } from '#app/lib/chat/protocol';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import {
  ChatError,
  EVERYONE,
  KIND_SK,
  SK,
  STAFF_ONLY,
  chatPk,
  pairKey,
  questionsPk,
  toMessage,
  type MessageDraft,
  type MessageKind,
  type Plan,
  type PlanContext,
  type Sequenced,
  type Stream,
  type TxItem,
  type Viewer,
} from './keys.server';
import { ChatReads } from './reads.server';
import { ChatSequencer } from './sequencer.server';

export class ChatRepository extends ChatReads {
  private sequencer: ChatSequencer;
  /** Sends being stored, by channel, sender and clientId (see postMessage). */
  private sendsInFlight = new Map<string, Promise<Sequenced | null>>();

  constructor(db: Database) {
    super(db);
    this.sequencer = new ChatSequencer(db, this);
  }

  /** See ChatSequencer.append: the change `plan` describes gets the channel's next seq. */
  append(tenantId: TenantId, eventId: string, plan: (ctx: PlanContext) => Promise<Plan | null>, batchable = false): Promise<Sequenced | null> {
    return this.sequencer.append(tenantId, eventId, plan, batchable);
  }

  /** See ChatSequencer.observe: a change committed by another instance. */
  observe(tenantId: TenantId, eventId: string, seq: number, stream: Stream): void {
    this.sequencer.observe(tenantId, eventId, seq, stream);
  }

  // ------------------------------------------------------------------------------------------
  // Change plans
  // ------------------------------------------------------------------------------------------

  private put(pk: string, sk: string, item: Record<string, unknown>): TxItem {
    return { Put: { TableName: this.db.table, Item: { pk, sk, ...item } } };
  }

  private messageItem(tenantId: TenantId, kind: MessageKind, message: ChatMessage, audience: ChatAudience): Record<string, unknown> {
    const item: Record<string, unknown> = { kind, audience, ...message };
    if (kind === 'pub' && message.showHandQuestion) {
      item.gsi1pk = questionsPk(tenantId, message.eventId);
      item.gsi1sk = message.msgId;
    }
    return item;
  }

  /**
   * A new message: public (approved), pending (waits for approval) or private. A send whose
   * clientId the sender already used is stored once: a resend finds the stored message (null), and
   * one made while the first is still being stored waits for it rather than share its transaction.
   */
  async postMessage(tenantId: TenantId, eventId: string, draft: MessageDraft): Promise<Sequenced | null> {
    if (!draft.clientId) return this.storeMessage(tenantId, eventId, draft);
    const key = `${chatPk(tenantId, eventId)}|${draft.sender}|${draft.clientId}`;
    const earlier = this.sendsInFlight.get(key);
    const sending = (earlier ?? Promise.resolve(null)).catch(() => null).then(() => this.storeMessage(tenantId, eventId, draft));
    this.sendsInFlight.set(key, sending);
    try {
      return await sending;
    } finally {
      if (this.sendsInFlight.get(key) === sending) this.sendsInFlight.delete(key);
    }
  }

  private storeMessage(tenantId: TenantId, eventId: string, draft: MessageDraft): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(
      tenantId,
      eventId,
      async ({ seq, msgId, lastPublic, lastPrivate }) => {
        // A resent frame (its answer was lost) whose message is already stored changes nothing.
        if (draft.clientId && (await this.getItem(pk, SK.sent(draft.sender, draft.clientId)))) return null;
        const base = { ...draft, msgId, eventId, seq, likes: 0, votes: 0, questionAnswered: false, deleted: false, approvedFrom: null };
        // Written with the message; the condition makes a concurrent resend on another instance re-plan and find it.
        const marker: TxItem[] = draft.clientId
          ? [{ Put: { TableName: this.db.table, Item: { pk, sk: SK.sent(draft.sender, draft.clientId), msgId }, ConditionExpression: 'attribute_not_exists(pk)' } }]
          : [];
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
              ...marker,
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
            writes: [this.put(pk, SK.pend(msgId), this.messageItem(tenantId, 'pend', message, audience)), ...marker],
          };
        }
        const message: ChatMessage = { ...base, prevMsgId: lastPublic };
        return {
          event: { kind: 'message', seq, message },
          audience: EVERYONE,
          writes: [this.put(pk, SK.pub(msgId), this.messageItem(tenantId, 'pub', message, EVERYONE)), ...marker],
          lastPublic: msgId,
        };
      },
      true,
    );
  }

  /** The message a sender's send (by its frame's clientId) made, if it is stored. */
  async sentMessageId(tenantId: TenantId, eventId: string, sender: string, clientId: string): Promise<string | null> {
    const found = await this.getItem(chatPk(tenantId, eventId), SK.sent(sender, clientId));
    return typeof found?.msgId === 'string' ? found.msgId : null;
  }

  /** Approves a pending message: a new public message (new seq and msgId) replaces it. */
  approve(tenantId: TenantId, eventId: string, pendingId: string): Promise<Sequenced | null> {
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
  like(tenantId: TenantId, eventId: string, viewer: Viewer, msgId: string, liked: boolean): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const [found, mine] = await Promise.all([
        this.findMessage(tenantId, eventId, msgId, ['pub', 'prv']),
        this.getItem(pk, SK.like(viewer.userId, msgId)),
      ]);
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
   * Upvotes a public question or takes the vote back: one VOTE# item per person and question, so a
   * repeat changes nothing (docs/decisions/0023). Pending, private and deleted messages and plain
   * messages are not questions anyone can vote on.
   */
  vote(tenantId: TenantId, eventId: string, viewer: Viewer, msgId: string, voted: boolean): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const voteKey = { pk, sk: SK.vote(viewer.userId, msgId) };
      const [found, mine] = await Promise.all([this.getItem(pk, SK.pub(msgId)), this.getItem(pk, voteKey.sk)]);
      if (!found || !found.showHandQuestion || found.deleted) throw new ChatError('messageNotFound');
      if (Boolean(mine) === voted) return null;
      const votes = Math.max(0, Number(found.votes ?? 0) + (voted ? 1 : -1));
      return {
        event: { kind: 'votes', seq, msgId, votes, by: viewer.userId, voted },
        audience: EVERYONE,
        writes: [
          voted ? this.put(pk, voteKey.sk, { msgId, userId: viewer.userId }) : { Delete: { TableName: this.db.table, Key: voteKey } },
          {
            Update: {
              TableName: this.db.table,
              Key: { pk, sk: SK.pub(msgId) },
              UpdateExpression: 'SET votes = :v, seq = :s',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':v': votes, ':s': seq },
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
  remove(tenantId: TenantId, eventId: string, by: Viewer, msgId: string): Promise<Sequenced | null> {
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

  /** Marks a question answered (or open again); `answeredAt` records when, for the recording's chapters (server/media/ondemand). */
  answer(tenantId: TenantId, eventId: string, msgId: string, answered: boolean, at = new Date()): Promise<Sequenced | null> {
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
              UpdateExpression: answered ? 'SET questionAnswered = :a, seq = :s, answeredAt = :at' : 'SET questionAnswered = :a, seq = :s REMOVE answeredAt',
              ExpressionAttributeValues: { ':a': answered, ':s': seq, ...(answered ? { ':at': at.toISOString() } : {}) },
            },
          },
        ],
      };
    });
  }

  /** Records a host or the organizer as able to receive private messages (announced once, and when the name changes). */
  staffJoined(tenantId: TenantId, eventId: string, member: ChatMember, email: string | null): Promise<Sequenced | null> {
    const pk = chatPk(tenantId, eventId);
    return this.append(tenantId, eventId, async ({ seq }) => {
      const known = await this.getItem(pk, SK.staff(member.userId));
      if (known && known.displayName === member.displayName && known.role === member.role) return null;
      return {
        event: { kind: 'staff', seq, member },
        audience: EVERYONE,
        writes: [this.put(pk, SK.staff(member.userId), { userId: member.userId, displayName: member.displayName, role: member.role, ...(member.avatarId ? { avatarId: member.avatarId } : {}), email: email ?? '' })],
      };
    });
  }

  blocked(tenantId: TenantId, eventId: string, member: ChatMember): Promise<Sequenced | null> {
    return this.append(tenantId, eventId, async ({ seq }) => ({ event: { kind: 'blocked', seq, member }, audience: STAFF_ONLY, writes: [] }), true);
  }

  unblocked(tenantId: TenantId, eventId: string, userId: string): Promise<Sequenced | null> {
    return this.append(tenantId, eventId, async ({ seq }) => ({ event: { kind: 'unblocked', seq, userId }, audience: STAFF_ONLY, writes: [] }), true);
  }
}
