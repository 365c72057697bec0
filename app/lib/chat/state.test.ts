import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE, formatMsgId, type ChatEvent, type ChatMember, type ChatMessage, type ServerFrame, type WelcomeFrame } from './protocol';
import { chatReducer } from './reducer';
import { gapExpired, GAP_WAIT_MS, initialChatState, resumeSeq, unreadCounts, type ChatAction, type ChatState } from './state';

const ME: ChatMember = { userId: 'me', displayName: 'Me', role: 'participant', avatarBgColor: '#1D4ED8' };
const HOST: ChatMember = { userId: 'host', displayName: 'Host', role: 'organizer', avatarBgColor: '#6D28D9' };

function msg(seq: number, over: Partial<ChatMessage> = {}): ChatMessage {
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
    prevMsgId: null,
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
    ...over,
  };
}

/** A chain of public messages seq from..to, each pointing at the one before. */
const chain = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, { prevMsgId: from + i > 1 ? formatMsgId(from + i - 1) : null }));

function welcome(over: Partial<WelcomeFrame> = {}): WelcomeFrame {
  return {
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
    staff: [HOST],
    blocked: [],
    events: [],
    ...over,
  };
}

const frame = (f: ServerFrame, now = 0): ChatAction => ({ type: 'frame', frame: f, now });
const ev = (event: ChatEvent, now = 0) => frame({ type: 'event', event }, now);
const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const ids = (list: ChatMessage[]) => list.map((m) => Number(m.msgId));

describe('welcome', () => {
  it('a snapshot replaces everything and the chat is live', () => {
    const s = run([
      { type: 'connecting' },
      frame(welcome({ headSeq: 3, messages: chain(1, 3), hasMore: true, myLikes: [formatMsgId(2)] })),
    ]);
    expect(s.status).toBe('live');
    expect(s.loaded).toBe(true);
    expect(ids(s.messages)).toEqual([1, 2, 3]);
    expect(s.hasMore).toBe(true);
    expect(s.myLikes).toEqual({ [formatMsgId(2)]: true });
    expect(s.lastSeq).toBe(3);
    const again = chatReducer(s, frame(welcome({ headSeq: 9, messages: [msg(9, { prevMsgId: null })] })));
    expect(ids(again.messages)).toEqual([9]);
    expect(again.myLikes).toEqual({});
    expect(again.lastSeq).toBe(9);
  });

  it('sorts each part and groups private messages by the other party', () => {
    const s = run([
      frame(
        welcome({
          headSeq: 6,
          messages: [msg(2), msg(1)],
          pending: [msg(5, { sender: 'me', status: 'pending' })],
          questions: [msg(2, { showHandQuestion: true })],
          privateMessages: [
            msg(4, { isPrivateMsg: true, sender: 'host', recipient: 'me', msgSubType: 'fromHost' }),
            msg(3, { isPrivateMsg: true, sender: 'me', recipient: 'host', msgSubType: 'toHost' }),
            msg(6, { isPrivateMsg: true, sender: 'me', recipient: 'other-host', msgSubType: 'toHost' }),
          ],
        }),
      ),
    ]);
    expect(ids(s.messages)).toEqual([1, 2]);
    expect(ids(s.pending)).toEqual([5]);
    expect(ids(s.questions)).toEqual([2]);
    expect(Object.keys(s.privates).sort()).toEqual(['host', 'other-host']);
    expect(ids(s.privates.host!)).toEqual([3, 4]);
    // What was there on join counts as read.
    expect(unreadCounts(s)).toEqual({ host: 0, 'other-host': 0 });
  });

  it('a resume applies the missed events on top of what is held', () => {
    const s0 = run([frame(welcome({ headSeq: 2, messages: chain(1, 2) })), { type: 'closed', code: 1006 }]);
    expect(s0.status).toBe('reconnecting');
    const s = chatReducer(
      s0,
      frame(
        welcome({
          mode: 'resume',
          headSeq: 5,
          events: [
            { kind: 'message', seq: 3, message: chain(3, 3)[0]! },
            { kind: 'likes', seq: 4, likedMsgId: formatMsgId(1), likes: 1, by: 'x', liked: true },
            { kind: 'message', seq: 5, message: msg(5, { prevMsgId: formatMsgId(3) }) },
          ],
        }),
      ),
    );
    expect(s.status).toBe('live');
    expect(ids(s.messages)).toEqual([1, 2, 3, 5]);
    expect(s.messages[0]!.likes).toBe(1);
    expect(s.lastSeq).toBe(5);
  });
});

describe('events', () => {
  const live = () => run([frame(welcome({ headSeq: 2, messages: chain(1, 2) }))]);

  it('messages are idempotent by msgId and ordered', () => {
    const m3 = msg(3, { prevMsgId: formatMsgId(2) });
    const s = run([ev({ kind: 'message', seq: 3, message: m3 }), ev({ kind: 'message', seq: 3, message: m3 })], live());
    expect(ids(s.messages)).toEqual([1, 2, 3]);
    expect(s.lastSeq).toBe(3);
  });

  it('a change applies only when newer than the message', () => {
    const s = run(
      [
        ev({ kind: 'likes', seq: 5, likedMsgId: formatMsgId(2), likes: 2, by: 'a', liked: true }),
        ev({ kind: 'likes', seq: 4, likedMsgId: formatMsgId(2), likes: 1, by: 'b', liked: true }),
        ev({ kind: 'message', seq: 2, message: msg(2, { textMessage: 'old copy' }) }),
      ],
      live(),
    );
    expect(s.messages[1]!.likes).toBe(2);
    expect(s.messages[1]!.textMessage).toBe('message 2');
  });

  it('tracks my own likes', () => {
    let s = chatReducer(live(), ev({ kind: 'likes', seq: 3, likedMsgId: formatMsgId(1), likes: 1, by: 'me', liked: true }));
    expect(s.myLikes[formatMsgId(1)]).toBe(true);
    s = chatReducer(s, ev({ kind: 'likes', seq: 4, likedMsgId: formatMsgId(1), likes: 0, by: 'me', liked: false }));
    expect(s.myLikes[formatMsgId(1)]).toBeUndefined();
  });

  it('a deleted message disappears everywhere and still counts for prevMsgId', () => {
    const q = msg(3, { prevMsgId: formatMsgId(2), showHandQuestion: true, chatMsgType: 'question' });
    let s = run([ev({ kind: 'message', seq: 3, message: q })], live());
    expect(ids(s.questions)).toEqual([3]);
    s = chatReducer(s, ev({ kind: 'deleted', seq: 4, msgId: formatMsgId(3) }));
    expect(ids(s.messages)).toEqual([1, 2]);
    expect(s.questions).toEqual([]);
    s = chatReducer(s, ev({ kind: 'message', seq: 5, message: msg(5, { prevMsgId: formatMsgId(3) }) }));
    expect(s.held).toEqual([]);
    expect(ids(s.messages)).toEqual([1, 2, 5]);
  });

  it('questions are marked answered', () => {
    const q = msg(3, { prevMsgId: formatMsgId(2), showHandQuestion: true });
    const s = run([ev({ kind: 'message', seq: 3, message: q }), ev({ kind: 'answered', seq: 4, msgId: q.msgId, questionAnswered: true })], live());
    expect(s.questions[0]!.questionAnswered).toBe(true);
    expect(s.messages[2]!.questionAnswered).toBe(true);
  });

  it('approval replaces the pending message with the public one', () => {
    let s = run([ev({ kind: 'message', seq: 3, message: msg(3, { sender: 'me', status: 'pending' }) })], live());
    expect(ids(s.pending)).toEqual([3]);
    expect(ids(s.messages)).toEqual([1, 2]);
    s = chatReducer(s, ev({ kind: 'message', seq: 4, message: msg(4, { sender: 'me', approvedFrom: formatMsgId(3), prevMsgId: formatMsgId(2) }) }));
    expect(s.pending).toEqual([]);
    expect(ids(s.messages)).toEqual([1, 2, 4]);
  });

  it('private messages go to the conversation with the other party, with unread counts', () => {
    let s = run([ev({ kind: 'message', seq: 3, message: msg(3, { isPrivateMsg: true, sender: 'host', recipient: 'me', msgSubType: 'fromHost' }) })], live());
    expect(ids(s.privates.host!)).toEqual([3]);
    expect(ids(s.messages)).toEqual([1, 2]);
    expect(unreadCounts(s).host).toBe(1);
    s = chatReducer(s, { type: 'readPrivate', other: 'host' });
    expect(unreadCounts(s).host).toBe(0);
    s = chatReducer(s, ev({ kind: 'message', seq: 4, message: msg(4, { isPrivateMsg: true, sender: 'me', recipient: 'host', msgSubType: 'toHost', prevMsgId: formatMsgId(3) }) }));
    expect(ids(s.privates.host!)).toEqual([3, 4]);
    expect(unreadCounts(s).host).toBe(0);
  });

  it('staff, blocked and unblocked update their lists', () => {
    const x: ChatMember = { userId: 'x', displayName: 'X', role: 'participant', avatarBgColor: '#374151' };
    let s = run([ev({ kind: 'blocked', seq: 3, member: x }), ev({ kind: 'staff', seq: 4, member: { ...HOST, userId: 'h2' } })], live());
    expect(s.blocked.map((b) => b.userId)).toEqual(['x']);
    expect(s.staff.map((b) => b.userId)).toEqual(['host', 'h2']);
    s = chatReducer(s, ev({ kind: 'unblocked', seq: 5, userId: 'x' }));
    expect(s.blocked).toEqual([]);
    expect(s.lastSeq).toBe(5);
  });
});

describe('gaps (prevMsgId)', () => {
  const live = () => run([frame(welcome({ headSeq: 2, messages: chain(1, 2) }))]);

  it('holds a message whose predecessor is missing, and releases both in order when it comes', () => {
    let s = chatReducer(live(), ev({ kind: 'message', seq: 4, message: msg(4, { prevMsgId: formatMsgId(3) }) }, 100));
    expect(ids(s.messages)).toEqual([1, 2]);
    expect(s.held).toHaveLength(1);
    expect(resumeSeq(s)).toBe(2);
    expect(gapExpired(s, 100 + GAP_WAIT_MS - 1)).toBe(false);
    expect(gapExpired(s, 100 + GAP_WAIT_MS)).toBe(true);
    s = chatReducer(s, ev({ kind: 'message', seq: 3, message: msg(3, { prevMsgId: formatMsgId(2) }) }, 300));
    expect(ids(s.messages)).toEqual([1, 2, 3, 4]);
    expect(s.held).toEqual([]);
    expect(s.gapSince).toBeNull();
    expect(s.lastSeq).toBe(4);
  });

  it('a predecessor from before the snapshot is never a gap (older than the page, or deleted)', () => {
    const s = run([frame(welcome({ headSeq: 10, messages: [msg(9)] })), ev({ kind: 'message', seq: 11, message: msg(11, { prevMsgId: formatMsgId(7) }) })]);
    expect(s.held).toEqual([]);
    expect(ids(s.messages)).toEqual([9, 11]);
  });

  it('a resume that replays the missing message fills the gap with nothing duplicated', () => {
    let s = chatReducer(live(), ev({ kind: 'message', seq: 4, message: msg(4, { prevMsgId: formatMsgId(3) }) }, 0));
    s = chatReducer(s, { type: 'closed', code: 4000 });
    const after = resumeSeq(s);
    expect(after).toBe(2);
    s = chatReducer(
      s,
      frame(
        welcome({
          mode: 'resume',
          headSeq: 4,
          events: [
            { kind: 'message', seq: 3, message: msg(3, { prevMsgId: formatMsgId(2) }) },
            { kind: 'message', seq: 4, message: msg(4, { prevMsgId: formatMsgId(3) }) },
          ],
        }),
      ),
    );
    expect(ids(s.messages)).toEqual([1, 2, 3, 4]);
    expect(s.held).toEqual([]);
  });

  it('a change that arrives before its message is applied when the message comes', () => {
    let s = chatReducer(live(), ev({ kind: 'likes', seq: 4, likedMsgId: formatMsgId(3), likes: 1, by: 'x', liked: true }));
    s = chatReducer(s, ev({ kind: 'message', seq: 3, message: msg(3, { prevMsgId: formatMsgId(2) }) }));
    expect(s.messages[2]!.likes).toBe(1);
    expect(s.early).toEqual([]);
  });
});

describe('sending and errors', () => {
  const live = () => run([frame(welcome({ headSeq: 2, messages: chain(1, 2) }))]);
  const send = { type: 'send' as const, clientId: 'c-000001', frame: { type: 'send' as const, clientId: 'c-000001', textMessage: 'hello' } };

  it('a send is "sending" until acked, then replaced by its message', () => {
    let s = chatReducer(live(), send);
    expect(s.outgoing[0]!.status).toBe('sending');
    s = chatReducer(s, frame({ type: 'ack', clientId: 'c-000001', msgId: formatMsgId(3) }));
    expect(s.outgoing[0]!.status).toBe('sent');
    s = chatReducer(s, ev({ kind: 'message', seq: 3, message: msg(3, { sender: 'me', prevMsgId: formatMsgId(2), textMessage: 'hello' }) }));
    expect(s.outgoing).toEqual([]);
    expect(ids(s.messages)).toEqual([1, 2, 3]);
  });

  it('an ack after the message drops the outgoing entry at once', () => {
    let s = chatReducer(live(), send);
    s = chatReducer(s, ev({ kind: 'message', seq: 3, message: msg(3, { sender: 'me', prevMsgId: formatMsgId(2) }) }));
    s = chatReducer(s, frame({ type: 'ack', clientId: 'c-000001', msgId: formatMsgId(3) }));
    expect(s.outgoing).toEqual([]);
  });

  it('a refused send keeps its text with the reason', () => {
    let s = chatReducer(live(), send);
    s = chatReducer(s, frame({ type: 'error', clientId: 'c-000001', code: 'rateLimited', retryAfterSeconds: 4 }));
    expect(s.outgoing[0]).toMatchObject({ status: 'failed', problem: { code: 'rateLimited', retryAfterSeconds: 4 }, frame: { textMessage: 'hello' } });
    expect(s.status).toBe('live');
    s = chatReducer(s, { type: 'discard', clientId: 'c-000001' });
    expect(s.outgoing).toEqual([]);
  });

  it('a connection lost before the ack marks the send failed', () => {
    const s = run([send, { type: 'closed', code: 1006 }], live());
    expect(s.outgoing[0]).toMatchObject({ status: 'failed', problem: { code: 'connectionLost' } });
    expect(s.status).toBe('reconnecting');
  });

  it('a send stored although its ack was lost is settled by the resumed message, not offered again', () => {
    let s = run([send, { type: 'closed', code: 1006 }], live());
    expect(s.outgoing[0]).toMatchObject({ status: 'failed' });
    const stored = msg(3, { sender: 'me', prevMsgId: formatMsgId(2), textMessage: 'hello', clientId: 'c-000001' });
    s = chatReducer(s, frame(welcome({ mode: 'resume', headSeq: 3, events: [{ kind: 'message', seq: 3, message: stored }] })));
    expect(s.outgoing).toEqual([]);
    expect(ids(s.messages)).toEqual([1, 2, 3]);
  });

  it('a snapshot holding a failed send settles it too; a send it lacks stays for a retry', () => {
    const other: ChatAction = { type: 'send', clientId: 'c-000002', frame: { type: 'send', clientId: 'c-000002', textMessage: 'second' } };
    let s = run([send, other, { type: 'closed', code: 1006 }], live());
    const stored = msg(3, { sender: 'me', prevMsgId: formatMsgId(2), textMessage: 'hello', clientId: 'c-000001' });
    s = chatReducer(s, frame(welcome({ headSeq: 3, messages: [...chain(1, 2), stored] })));
    expect(s.outgoing.map((o) => o.clientId)).toEqual(['c-000002']);
  });

  it('errors of other actions become a notice; frame errors without clientId too', () => {
    let s = chatReducer(live(), { type: 'action', clientId: 'a-000001', action: { kind: 'approve', target: formatMsgId(1) } });
    s = chatReducer(s, frame({ type: 'error', clientId: 'a-000001', code: 'forbidden' }));
    expect(s.notice).toMatchObject({ kind: 'approve', code: 'forbidden' });
    expect(s.actions).toEqual({});
    s = chatReducer(s, frame({ type: 'error', code: 'badFrame' }));
    expect(s.notice).toMatchObject({ kind: 'frame', code: 'badFrame' });
    expect(s.status).toBe('live');
  });

  it('earlier messages are prepended and the request ends', () => {
    let s = run([frame(welcome({ headSeq: 60, messages: [msg(59), msg(60)], hasMore: true }))]);
    s = chatReducer(s, { type: 'action', clientId: 'h-000001', action: { kind: 'history', target: formatMsgId(59) } });
    expect(s.loadingEarlier).toBe('h-000001');
    s = chatReducer(s, frame({ type: 'history', clientId: 'h-000001', messages: [msg(57), msg(58)], hasMore: false, myLikes: [formatMsgId(57)] }));
    expect(ids(s.messages)).toEqual([57, 58, 59, 60]);
    expect(s.hasMore).toBe(false);
    expect(s.loadingEarlier).toBeNull();
    expect(s.myLikes[formatMsgId(57)]).toBe(true);
  });
});

describe('fatal states', () => {
  it('a fatal error frame, then its close, ends the chat', () => {
    let s = run([frame(welcome()), frame({ type: 'error', code: 'blocked', fatal: true })]);
    expect(s).toMatchObject({ status: 'fatal', fatal: 'blocked' });
    s = chatReducer(s, { type: 'closed', code: CHAT_CLOSE.blocked });
    expect(s).toMatchObject({ status: 'fatal', fatal: 'blocked' });
    s = chatReducer(s, { type: 'connecting' });
    expect(s.status).toBe('fatal');
  });

  it('close codes alone map to their reason; other closes reconnect', () => {
    expect(chatReducer(initialChatState, { type: 'closed', code: CHAT_CLOSE.unauthenticated })).toMatchObject({ status: 'fatal', fatal: 'unauthenticated' });
    expect(chatReducer(initialChatState, { type: 'closed', code: CHAT_CLOSE.over })).toMatchObject({ status: 'fatal', fatal: 'ended' });
    expect(chatReducer(initialChatState, { type: 'closed', code: CHAT_CLOSE.notFound })).toMatchObject({ status: 'fatal', fatal: 'notFound' });
    expect(chatReducer(initialChatState, { type: 'closed', code: 1006 })).toMatchObject({ status: 'connecting', fatal: null });
  });

  it('"expired" and "cancelled" read as ended', () => {
    expect(chatReducer(initialChatState, frame({ type: 'error', code: 'expired', fatal: true }))).toMatchObject({ fatal: 'ended' });
  });
});
