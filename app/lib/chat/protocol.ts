/**
 * The in-event chat protocol, shared by the browser and the server: the chat message and private
 * message fields (docs/PRODUCT.md, Data), the WebSocket frames both ways (every one checked with
 * zod), limits and close codes. One channel per event per tenant; the socket is
 * `CHAT_SOCKET_PATH?event=<id>` (`&after=<seq>` to resume). docs/decisions/0012-event-chat.md
 * explains the design.
 *
 * Ordering: every change to a channel (a message, a like, a deletion, an approval, a block…) gets
 * the channel's next `seq`, assigned in one serialised DynamoDB write, so `seq` totally orders a
 * channel. Messages are numbered by the seq that created them (`msgId`, zero-padded). A message's
 * `prevMsgId` is the previous message of the same stream (the public stream, or one private
 * conversation), so a client notices a gap and asks to resume. Clients must apply frames
 * idempotently: a message by msgId, an update only when its seq is newer than the message's.
 */
import { z } from 'zod';
import type { LiveCaption } from '#app/lib/captions/protocol';
import { reactFrameSchema, type ReactionsServerFrame } from '#app/lib/reactions/protocol';
import type { BreakoutState } from '../breakouts/model';
import type { DonationAlert } from '../donations/model';
import type { EventRole } from '../events/permissions';
import type { PinState } from '../roomSales/model';
import type { PollView } from '../polls/model';

export const CHAT_SOCKET_PATH = '/ws/chat';
/** textMessage: at most this many characters (docs/PRODUCT.md, Data: chat message). */
export const CHAT_TEXT_MAX = 1000;
/** Messages per history page (on join and per "earlier messages" request). */
export const CHAT_HISTORY_PAGE = 50;
/** Questions and private messages sent on join (latest first). */
export const CHAT_QUESTIONS_MAX = 200;
export const CHAT_PRIVATE_MAX = 200;
/** A client further behind than this many changes gets a fresh snapshot instead of a replay. */
export const CHAT_RESUME_MAX = 500;
export const CHAT_MAX_IMAGES = 4;
export const CHAT_MAX_ATTACHMENTS = 4;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const CHAT_ATTACHMENT_TYPES = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'audio/mpeg',
  'video/mp4',
  ...CHAT_IMAGE_TYPES,
] as const;
/** Per user and event: at most this many messages per window (likes and other actions have their own, wider bucket). */
export const CHAT_SEND_LIMIT = { points: 8, seconds: 10 } as const;
export const CHAT_ACTION_LIMIT = { points: 40, seconds: 10 } as const;
/** Largest frame the server reads; bigger ones close the socket (1009). */
export const CHAT_FRAME_MAX_BYTES = 16 * 1024;
/** The client pings this often; the server drops a socket silent for three intervals. */
export const CHAT_PING_SECONDS = 25;

/** Application close codes (4000–4999): the client does not reconnect after these. */
export const CHAT_CLOSE = {
  badRequest: 4400,
  unauthenticated: 4401,
  blocked: 4403,
  notFound: 4404,
  notYetOpen: 4409,
  over: 4410,
} as const;

export const CHAT_MSG_TYPES = ['text', 'image', 'attachment', 'question'] as const;
export type ChatMsgType = (typeof CHAT_MSG_TYPES)[number];
/** msgSubType of a private message: which way it goes. */
export const PRIVATE_SUBTYPES = ['toHost', 'fromHost'] as const;
export type PrivateSubType = (typeof PRIVATE_SUBTYPES)[number];

export const msgIdSchema = z.string().regex(/^\d{12}$/);
export const formatMsgId = (seq: number) => String(seq).padStart(12, '0');
export const seqOfMsgId = (msgId: string) => Number(msgId);
const userIdSchema = z.string().min(1).max(128);
/** A browser language tag (originalQuestionLangCode): "en", "es", "pt-BR". */
export const langCodeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/);
/** Upload keys inside the tenant's storage prefix: chat/<eventId>/<userId>/<id>/<file name>. */
export const chatFileKeySchema = z.string().min(1).max(400).regex(/^chat\/[a-z0-9]{12}\/[^/]+\/[A-Za-z0-9_-]{8,64}\/[^/]+$/);

/** The app URL of an uploaded chat file: the server checks the viewer may see the event, then redirects to a short-lived signed URL. */
export const chatFileUrl = (eventId: string, key: string) => `/api/chat/file?event=${encodeURIComponent(eventId)}&key=${encodeURIComponent(key)}`;
/** The file name shown for an attachment: the last segment of its key. */
export const chatFileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** Avatar backgrounds, each with at least 4.5:1 contrast against white initials. */
export const AVATAR_COLORS = [
  '#1D4ED8',
  '#6D28D9',
  '#BE185D',
  '#B91C1C',
  '#C2410C',
  '#A16207',
  '#15803D',
  '#0F766E',
  '#0369A1',
  '#4338CA',
  '#7E22CE',
  '#374151',
] as const;

/** avatarBgColor: the same colour for a user everywhere, derived from the user id (FNV-1a). */
export function avatarColorFor(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

/** A chat message as the browser sees it (docs/PRODUCT.md, Data: chat message, private message). */
export interface ChatMessage {
  msgId: string;
  eventId: string;
  /** The seq of the last change applied to this message (creation, likes, answered, deletion). */
  seq: number;
  chatMsgType: ChatMsgType;
  /** Plain text; the browser renders it as text (never HTML) and makes only http(s) links clickable. */
  textMessage: string;
  /** `sender`: the author's user id (every message has one; private messages also have a recipient). */
  sender: string;
  senderRole: EventRole;
  chatDisplayName: string;
  avatarBgColor: string;
  /** App URLs (chatFileUrl) of images and attachments. */
  chatImageUrls: string[];
  attachmentUrls: string[];
  replyToMsgId: string | null;
  replyToText: string;
  replyToDisplayName: string;
  likes: number;
  /** Upvotes of a question (one per person; the Q&A list sorts by them). 0 on other messages. */
  votes: number;
  /** The previous message of the same stream (public, or this private conversation); null for the first and for pending ones. */
  prevMsgId: string | null;
  showHandQuestion: boolean;
  questionAnswered: boolean;
  originalQuestionLangCode: string | null;
  isPrivateMsg: boolean;
  recipient: string | null;
  recipientDisplayName: string | null;
  msgSubType: PrivateSubType | null;
  /** 'pending' waits for a host's approval (moderateChat); only its author and the hosts see it. */
  status: 'pending' | 'approved';
  /** On an approved message: the pending message it replaces (its author and the hosts drop that one). */
  approvedFrom: string | null;
  deleted: boolean;
  createdAt: string;
  /** The sender's clientId of the `send` that made it: after a dropped connection the sender's browser recognises
   * a message that was stored although its ack never came, so nothing is sent twice. */
  clientId: string | null;
  /** The author had donated in this event's room when they sent it (set by the server at send time). */
  supporter?: boolean;
  /** The author's avatar item when they sent it (app/lib/photo/avatar.ts builds its address); absent: initials. */
  avatarId?: string;
}

export interface ChatMember {
  userId: string;
  displayName: string;
  role: EventRole;
  avatarBgColor: string;
  /** Their avatar item (app/lib/photo/avatar.ts); absent: initials on avatarBgColor. */
  avatarId?: string;
}

/** One change of a channel, as sent to the browsers allowed to see it. */
export type ChatEvent =
  | { kind: 'message'; seq: number; message: ChatMessage }
  | { kind: 'likes'; seq: number; likedMsgId: string; likes: number; by: string; liked: boolean }
  /** A question's upvotes: `by` voted (or took the vote back); `votes` is the new count. */
  | { kind: 'votes'; seq: number; msgId: string; votes: number; by: string; voted: boolean }
  | { kind: 'deleted'; seq: number; msgId: string }
  | { kind: 'answered'; seq: number; msgId: string; questionAnswered: boolean }
  /** Hosts only: the blocked list changed. (The blocked person's own sockets are closed with CHAT_CLOSE.blocked.) */
  | { kind: 'blocked'; seq: number; member: ChatMember }
  | { kind: 'unblocked'; seq: number; userId: string }
  /** A host or the organizer can now receive private messages. */
  | { kind: 'staff'; seq: number; member: ChatMember };

/** Who may see a change. Kept on the server (bus and log); never sent to browsers. */
export interface ChatAudience {
  everyone: boolean;
  /** Organizer and hosts. */
  staff: boolean;
  users: string[];
}

export function canSee(audience: ChatAudience, viewer: { userId: string; role: EventRole }): boolean {
  return audience.everyone || (audience.staff && viewer.role !== 'participant') || audience.users.includes(viewer.userId);
}

// -------------------------------------------------------------------------------------------
// Browser → server frames
// -------------------------------------------------------------------------------------------

const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

export const sendFrameSchema = z
  .object({
    type: z.literal('send'),
    clientId: clientIdSchema,
    textMessage: z.string().max(CHAT_TEXT_MAX * 2).default(''),
    imageKeys: z.array(chatFileKeySchema).max(CHAT_MAX_IMAGES).default([]),
    attachmentKeys: z.array(chatFileKeySchema).max(CHAT_MAX_ATTACHMENTS).default([]),
    replyToMsgId: msgIdSchema.nullish(),
    showHandQuestion: z.boolean().default(false),
    originalQuestionLangCode: langCodeSchema.nullish(),
    /** A private message to this user (a participant to a host or the organizer, or back). */
    recipient: userIdSchema.nullish(),
  })
  .strict();

export const clientFrameSchema = z.discriminatedUnion('type', [
  sendFrameSchema,
  z.object({ type: z.literal('like'), clientId: clientIdSchema, likedMsgId: msgIdSchema, liked: z.boolean() }).strict(),
  /** Upvote a question (voted: true) or take the vote back. */
  z.object({ type: z.literal('vote'), clientId: clientIdSchema, msgId: msgIdSchema, voted: z.boolean() }).strict(),
  /** Older messages than `before` (a msgId), one page. */
  z.object({ type: z.literal('history'), clientId: clientIdSchema, before: msgIdSchema }).strict(),
  z.object({ type: z.literal('approve'), clientId: clientIdSchema, msgId: msgIdSchema }).strict(),
  z.object({ type: z.literal('delete'), clientId: clientIdSchema, msgId: msgIdSchema }).strict(),
  z.object({ type: z.literal('answer'), clientId: clientIdSchema, msgId: msgIdSchema, answered: z.boolean() }).strict(),
  z.object({ type: z.literal('block'), clientId: clientIdSchema, userId: userIdSchema }).strict(),
  z.object({ type: z.literal('unblock'), clientId: clientIdSchema, userId: userIdSchema }).strict(),
  /** One live reaction (docs/decisions/0079): no clientId and no answer, never stored. */
  reactFrameSchema,
  z.object({ type: z.literal('ping') }).strict(),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type SendFrame = z.input<typeof sendFrameSchema>;

// -------------------------------------------------------------------------------------------
// Server → browser frames
// -------------------------------------------------------------------------------------------

export const CHAT_ERROR_CODES = [
  // Fatal (followed by a close with CHAT_CLOSE): no reconnect.
  'unauthenticated',
  'notFound',
  'blocked',
  'notYetOpen',
  'ended',
  'expired',
  'cancelled',
  'badRequest',
  // Per frame: the socket stays open.
  'badFrame',
  'rateLimited',
  'empty',
  'tooLong',
  'forbidden',
  'messageNotFound',
  'recipientInvalid',
  'badFile',
  'unavailable',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

export interface WelcomeFrame {
  type: 'welcome';
  me: ChatMember;
  moderateChat: boolean;
  /** 'snapshot': replace everything held; 'resume': apply `events` (the changes after the client's `after`). */
  mode: 'snapshot' | 'resume';
  /** The channel's seq this welcome is consistent with; the client resumes after the highest seq it has applied. */
  headSeq: number;
  /** snapshot: the latest page of public messages, ascending. */
  messages: ChatMessage[];
  hasMore: boolean;
  /** snapshot: messages waiting for approval: for hosts the whole queue, for others their own. */
  pending: ChatMessage[];
  /** snapshot: questions (showHandQuestion), latest CHAT_QUESTIONS_MAX, ascending. */
  questions: ChatMessage[];
  /** snapshot: the viewer's private messages, latest CHAT_PRIVATE_MAX, ascending. */
  privateMessages: ChatMessage[];
  /** snapshot: msgIds the viewer has liked among the messages sent. */
  myLikes: string[];
  /** snapshot: the questions the viewer has upvoted. */
  myVotes: string[];
  /** Hosts and organizer who can receive private messages. */
  staff: ChatMember[];
  /** Hosts only: blocked people. */
  blocked: ChatMember[];
  /** resume: the changes after `after`, ascending by seq. */
  events: ChatEvent[];
}

export type ServerFrame =
  | WelcomeFrame
  | { type: 'event'; event: ChatEvent }
  | { type: 'history'; clientId: string; messages: ChatMessage[]; hasMore: boolean; myLikes: string[] }
  /** The action with this clientId was applied; a send names its message. */
  | { type: 'ack'; clientId: string; msgId?: string }
  | { type: 'error'; clientId?: string; code: ChatErrorCode; retryAfterSeconds?: number; fatal?: boolean }
  | { type: 'pong' }
  /** Something the room shows to everyone at once, not kept in the chat's log (server/chat/service.server.ts broadcast). */
  | { type: 'notice'; notice: RoomNotice }
  /** A live caption of someone speaking (docs/decisions/0048); not kept in the chat's log either. */
  | { type: 'caption'; caption: LiveCaption }
  /** The room's reactions of one window, or (to a sender) reactions are off here (docs/decisions/0079). */
  | ReactionsServerFrame;

/** Room-wide notices: a donation alert, the pinned sale changed. */
export type RoomNotice =
  | { kind: 'donation'; donation: DonationAlert }
  | { kind: 'pin'; state: PinState }
  /** The event's breakout rooms changed (docs/decisions/0084): sent on the main room's channel and every breakout's. */
  | { kind: 'breakouts'; state: BreakoutState }
  /** A live poll changed: launched, voted on (at most a few a second), closed, shared (docs/decisions/0081). */
  | { kind: 'poll'; poll: PollView };
