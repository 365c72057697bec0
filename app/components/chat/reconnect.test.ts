/**
 * The browser chat client after its instance dies or the bus asks it to resume
 * (docs/decisions/0052): it reconnects with backoff and jitter, asks for the changes after the
 * last one it applied, and shows each message once even when a resume replays one it has.
 */
import { describe, expect, it } from 'vitest';
import { formatMsgId, type ChatMember, type ChatMessage, type WelcomeFrame } from '#app/lib/chat/protocol';
import { chatReducer } from '#app/lib/chat/reducer';
import { fatalOfClose, initialChatState, resumeSeq, type ChatAction, type ChatState } from '#app/lib/chat/state';
import { backoffMs, chatSocketUrl } from './useChat';

const ME: ChatMember = { userId: 'me', displayName: 'Me', role: 'participant', avatarBgColor: '#1D4ED8' };

function msg(seq: number): ChatMessage {
  return {
    msgId: formatMsgId(seq),
    eventId: 'abcdefabcdef',
    seq,
    chatMsgType: 'text',
    textMessage: `message ${seq}`,
    sender: 'other',
    senderRole: 'participant',
    chatDisplayName: 'Other',
    avatarBgColor: '#374151',
    chatImageUrls: [],
    attachmentUrls: [],
    replyToMsgId: null,
    replyToText: '',
    replyToDisplayName: '',
    likes: 0,
    votes: 0,
    prevMsgId: seq > 1 ? formatMsgId(seq - 1) : null,
    showHandQuestion: false,
    questionAnswered: false,
    originalQuestionLangCode: null,
    isPrivateMsg: false,
    recipient: null,
    recipientDisplayName: null,
    msgSubType: null,
    status: 'approved',
    approvedFrom: null,
    deleted: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    clientId: null,
  };
}

const welcome = (over: Partial<WelcomeFrame>): WelcomeFrame => ({
  type: 'welcome',
  me: ME,
  moderateChat: false,
  mode: 'snapshot',
  headSeq: 0,
  messages: [],
  hasMore: false,
  pending: [],
  questions: [],
  privateMessages: [],
  myLikes: [],
  myVotes: [],
  staff: [],
  blocked: [],
  events: [],
  ...over,
});
const frame = (f: WelcomeFrame | { type: 'event'; event: { kind: 'message'; seq: number; message: ChatMessage } }): ChatAction => ({ type: 'frame', frame: f, now: 0 });
const message = (seq: number) => frame({ type: 'event', event: { kind: 'message', seq, message: msg(seq) } });
const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const shown = (s: ChatState) => s.messages.map((m) => m.seq);
const LOC = { protocol: 'https:', host: 'aurora.example.com' };

describe('chat client resume after losing its instance', () => {
  it('reconnects to the same address asking for the changes after the last one applied, and shows each message once', () => {
    // Live on instance A: a snapshot up to 3, then 4 delivered live.
    let s = run([frame(welcome({ headSeq: 3, messages: [msg(1), msg(2), msg(3)] })), message(4)]);
    expect(shown(s)).toEqual([1, 2, 3, 4]);
    // Instance A is killed: the socket closes abnormally; the chat is not over.
    for (const code of [1006, 1001, 1012]) expect(fatalOfClose(code)).toBeNull();
    s = chatReducer(s, { type: 'closed', code: 1006 });
    expect(s.status).toBe('reconnecting');
    // The next socket goes to the same address (the load balancer picks instance B) with after=4.
    const url = new URL(chatSocketUrl(LOC, 'abcdefabcdef', s.loaded ? resumeSeq(s) : null));
    expect(url.origin).toBe('wss://aurora.example.com');
    expect(url.searchParams.get('after')).toBe('4');
    // B's resume carries what was sent meanwhile; a replayed 4 (a change delivered both locally and
    // after the bus returned) is not shown twice.
    s = chatReducer(s, frame(welcome({ mode: 'resume', headSeq: 6, events: [4, 5, 6].map((seq) => ({ kind: 'message' as const, seq, message: msg(seq) })) })));
    expect(s.status).toBe('live');
    expect(shown(s)).toEqual([1, 2, 3, 4, 5, 6]);
    // A live copy of 6 arriving after the resume is ignored as well.
    s = chatReducer(s, message(6));
    expect(shown(s)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(resumeSeq(s)).toBe(6);
  });

  it('waits longer after each failed attempt, up to 15 s, never in lockstep with other clients', () => {
    expect(backoffMs(0, () => 0)).toBe(250);
    expect(backoffMs(0, () => 0.999)).toBeLessThanOrEqual(750);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(20, () => 0.5)).toBe(15_000);
    expect(backoffMs(20, () => 0.999)).toBeLessThanOrEqual(22_500);
    // Jitter: two clients dropped at the same moment do not come back at the same moment.
    const delays = new Set(Array.from({ length: 20 }, () => backoffMs(2)));
    expect(delays.size).toBeGreaterThan(1);
  });
});
