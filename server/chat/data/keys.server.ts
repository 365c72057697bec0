/**
 * Chat storage in the single table (docs/decisions/0012-event-chat.md): the item keys and shapes,
 * and the types the sequencer, the change plans and the reads share. One partition per event and
 * tenant, pk = tenantKey(tenantId, 'CHAT', eventId):
 *
 *   HEAD                      { seq, lastPublic, pm: { pairKey → last private msgId } }
 *   PUB#<msgId>               an approved public message (questions also carry gsi1pk/gsi1sk)
 *   PEND#<msgId>              a message waiting for a host's approval (moderateChat)
 *   PRV#<msgId>               a private message
 *   INBOX#<userId>#<msgId>    one pointer per party of a private message
 *   LOG#<seq>                 every change with its audience: the replay log for resume
 *   LIKE#<userId>#<msgId>     one per like
 *   VOTE#<userId>#<msgId>     one per upvote of a question
 *   MEMBER#<userId>           who connected: display name, role, last seen
 *   STAFF#<userId>            organizer and hosts who can receive private messages
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import {
  avatarColorFor,
  formatMsgId,
  type ChatAudience,
  type ChatErrorCode,
  type ChatEvent,
  type ChatMember,
  type ChatMessage,
} from '#app/lib/chat/protocol';
import type { EventRole } from '#app/lib/events/permissions';
import { tenantKey } from '#server/platform/dynamo/dynamo.server';

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
export type MessageDraft = Omit<ChatMessage, 'msgId' | 'eventId' | 'seq' | 'likes' | 'votes' | 'prevMsgId' | 'questionAnswered' | 'deleted' | 'approvedFrom'>;

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
  'votes',
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

export const chatPk = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'CHAT', eventId);
export const questionsPk = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'CHATQ', eventId);
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
  vote: (userId: string, msgId: string) => `VOTE#${userId}#${msgId}`,
  member: (userId: string) => `MEMBER#${userId}`,
  staff: (userId: string) => `STAFF#${userId}`,
  /** A sender's send, by the clientId of its frame: a resent frame finds its message (docs/decisions/0053). */
  sent: (userId: string, clientId: string) => `SENT#${userId}#${clientId}`,
} as const;
export const KIND_SK: Record<MessageKind, (msgId: string) => string> = { pub: SK.pub, pend: SK.pend, prv: SK.prv };

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
  message.votes = Number(message.votes ?? 0);
  message.seq = Number(message.seq);
  // Only a supporter's messages carry the flag (older messages never had it).
  if (item.supporter === true) message.supporter = true;
  // Only messages of people with an avatar carry it.
  if (typeof item.avatarId === 'string' && /^[a-z0-9]{21}$/.test(item.avatarId)) message.avatarId = item.avatarId;
  return message;
}

export function toStored(item: Record<string, unknown>): StoredMessage {
  return { kind: item.kind as MessageKind, message: toMessage(item), audience: item.audience as ChatAudience };
}

export function toMember(item: Record<string, unknown>): ChatMember {
  const userId = String(item.userId);
  const avatarId = typeof item.avatarId === 'string' && /^[a-z0-9]{21}$/.test(item.avatarId) ? item.avatarId : null;
  return { userId, displayName: String(item.displayName ?? userId), role: (item.role as EventRole) ?? 'participant', avatarBgColor: avatarColorFor(userId), ...(avatarId ? { avatarId } : {}) };
}

/** A message with its content removed (what a deleted message shows). */
export function blanked(message: ChatMessage): ChatMessage {
  return { ...message, deleted: true, textMessage: '', chatImageUrls: [], attachmentUrls: [] };
}
