/**
 * The chat of one event as the browser holds it: the state, the actions the reducer takes
 * (./reducer.ts applies them) and what components read from it.
 */
import type { ChatErrorCode, ChatEvent, ChatMember, ChatMessage, SendFrame, ServerFrame } from './protocol';
import { CHAT_CLOSE } from './protocol';

/** How long a message waits for the message before it before the client asks for a resume. */
export const GAP_WAIT_MS = 1000;

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'fatal';
/** Why the chat cannot be used at all; the client does not reconnect. */
export type FatalReason = 'unauthenticated' | 'notFound' | 'blocked' | 'notYetOpen' | 'ended' | 'badRequest';
/** A per-action problem: the server's codes plus the connection dropping before an answer came. */
export type ActionProblem = { code: ChatErrorCode | 'connectionLost'; retryAfterSeconds?: number };

/** What the composer sent, kept until the server acknowledges it (and its message arrives) or refuses it. */
export interface Outgoing {
  clientId: string;
  frame: SendFrame;
  status: 'sending' | 'sent' | 'failed';
  /** Set by the ack: the message that will arrive (or has arrived) for it. */
  msgId: string | null;
  problem: ActionProblem | null;
}

export type ActionKind = 'like' | 'history' | 'approve' | 'delete' | 'answer' | 'block' | 'unblock';
export interface PendingAction {
  kind: ActionKind;
  /** The message or user the action is about. */
  target: string;
}

export interface Notice extends ActionProblem {
  kind: ActionKind | 'frame';
  /** Increases with every notice, so the same problem twice is shown twice. */
  id: number;
}

export interface ChatState {
  status: ConnectionStatus;
  fatal: FatalReason | null;
  /** A welcome has been applied at least once. */
  loaded: boolean;
  me: ChatMember | null;
  moderateChat: boolean;
  /** Public approved messages, ascending by msgId. */
  messages: ChatMessage[];
  hasMore: boolean;
  /** The clientId of the "earlier messages" request in flight. */
  loadingEarlier: string | null;
  /** Waiting for approval: the whole queue for hosts, one's own for everyone else. */
  pending: ChatMessage[];
  /** Questions (showHandQuestion), ascending. */
  questions: ChatMessage[];
  /** Private conversations keyed by the other party's user id, each ascending. */
  privates: Record<string, ChatMessage[]>;
  /** Per conversation: the last msgId read. */
  privateRead: Record<string, string>;
  myLikes: Record<string, true>;
  staff: ChatMember[];
  blocked: ChatMember[];
  /** The highest seq applied. */
  lastSeq: number;
  /** The headSeq of the last snapshot: messages before it came with the snapshot (or are older than its page). */
  floorSeq: number;
  /** Every msgId received since the snapshot (deleted ones included), for prevMsgId checks. */
  seen: Record<string, true>;
  /** Messages waiting for their prevMsgId. */
  held: { seq: number; message: ChatMessage }[];
  /** lastSeq when the first held message arrived: resume after this. */
  holdFloor: number;
  /** When the oldest held message arrived (ms). */
  gapSince: number | null;
  /** Changes to messages not received yet (their msgId is after floorSeq). */
  early: ChatEvent[];
  outgoing: Outgoing[];
  actions: Record<string, PendingAction>;
  notice: Notice | null;
}

export const initialChatState: ChatState = {
  status: 'connecting',
  fatal: null,
  loaded: false,
  me: null,
  moderateChat: false,
  messages: [],
  hasMore: false,
  loadingEarlier: null,
  pending: [],
  questions: [],
  privates: {},
  privateRead: {},
  myLikes: {},
  staff: [],
  blocked: [],
  lastSeq: 0,
  floorSeq: 0,
  seen: {},
  held: [],
  holdFloor: 0,
  gapSince: null,
  early: [],
  outgoing: [],
  actions: {},
  notice: null,
};

export type ChatAction =
  | { type: 'connecting' }
  | { type: 'frame'; frame: ServerFrame; now: number }
  /** The socket closed; `code` is its close code. */
  | { type: 'closed'; code: number }
  | { type: 'send'; clientId: string; frame: SendFrame }
  /** Forget a failed send (the person dismissed it or sent it again). */
  | { type: 'discard'; clientId: string }
  | { type: 'action'; clientId: string; action: PendingAction; like?: { liked: boolean } }
  | { type: 'readPrivate'; other: string }
  | { type: 'dismissNotice' };

const FATAL_CODES: Record<number, FatalReason> = {
  [CHAT_CLOSE.badRequest]: 'badRequest',
  [CHAT_CLOSE.unauthenticated]: 'unauthenticated',
  [CHAT_CLOSE.blocked]: 'blocked',
  [CHAT_CLOSE.notFound]: 'notFound',
  [CHAT_CLOSE.notYetOpen]: 'notYetOpen',
  [CHAT_CLOSE.over]: 'ended',
};

/** The reason a close code ends the chat for good, or null when the client should reconnect. */
export const fatalOfClose = (code: number): FatalReason | null => FATAL_CODES[code] ?? null;

/** The reason an error code ends the chat for good, or null when only the action failed. */
export function fatalOfError(code: ChatErrorCode): FatalReason | null {
  switch (code) {
    case 'unauthenticated':
    case 'notFound':
    case 'blocked':
    case 'notYetOpen':
    case 'badRequest':
      return code;
    case 'ended':
    case 'expired':
    case 'cancelled':
      return 'ended';
    default:
      return null;
  }
}

/** Where to resume from after a reconnect. */
export const resumeSeq = (s: ChatState): number => (s.held.length > 0 ? Math.min(s.holdFloor, s.lastSeq) : s.lastSeq);

/** Whether held messages have waited long enough that the client should resume. */
export const gapExpired = (s: ChatState, now: number): boolean => s.gapSince !== null && now - s.gapSince >= GAP_WAIT_MS;

/** Unread private messages per conversation (messages from the other party after the last one read). */
export function unreadCounts(s: ChatState): Record<string, number> {
  const me = s.me?.userId ?? '';
  const out: Record<string, number> = {};
  for (const [other, list] of Object.entries(s.privates)) {
    const read = s.privateRead[other] ?? '';
    out[other] = list.filter((m) => m.sender !== me && m.msgId > read).length;
  }
  return out;
}
