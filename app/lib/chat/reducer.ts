/**
 * The chat of one event as the browser holds it: a pure reducer over the server's frames
 * (app/lib/chat/protocol.ts) and the browser's own actions. Everything is applied idempotently:
 * a message by msgId, a change only when its seq is newer than the message's.
 *
 * Gaps: every message names the previous message of its stream (prevMsgId). A message whose
 * prevMsgId was created after the last snapshot and has not arrived is held back; if the gap does
 * not fill within GAP_WAIT_MS the socket resumes after `resumeSeq(state)` (the changes are replayed,
 * and applying them twice changes nothing).
 */
import type { ChatEvent, ChatMessage, ServerFrame, WelcomeFrame } from './protocol';
import { seqOfMsgId } from './protocol';
import { byMsgId, groupPrivates, mapMessage, mapPrivates, otherParty, upsert, upsertMember } from './messageLists';
import { fatalOfClose, fatalOfError, type ActionProblem, type ChatAction, type ChatState } from './state';

/** Changes to messages that have not arrived yet (possible with several app instances) kept at most. */
const EARLY_MAX = 200;

/** Applies `fn` to the message wherever it is held. */
function mapEverywhere(s: ChatState, msgId: string, fn: (m: ChatMessage) => ChatMessage | null): ChatState {
  return {
    ...s,
    messages: mapMessage(s.messages, msgId, fn),
    pending: mapMessage(s.pending, msgId, fn),
    questions: mapMessage(s.questions, msgId, fn),
    privates: mapPrivates(s.privates, msgId, fn),
    held: s.held.flatMap((h) => {
      if (h.message.msgId !== msgId) return [h];
      const m = fn(h.message);
      return m ? [{ ...h, message: m }] : [];
    }),
  };
}

function holds(s: ChatState, msgId: string): boolean {
  return (
    s.messages.some((m) => m.msgId === msgId) ||
    s.pending.some((m) => m.msgId === msgId) ||
    s.questions.some((m) => m.msgId === msgId) ||
    Object.values(s.privates).some((l) => l.some((m) => m.msgId === msgId)) ||
    s.held.some((h) => h.message.msgId === msgId)
  );
}

/** Puts a message where it belongs (public, pending, questions, private). */
function place(s: ChatState, m: ChatMessage): ChatState {
  const me = s.me?.userId ?? '';
  let next: ChatState = { ...s, seen: s.seen[m.msgId] ? s.seen : { ...s.seen, [m.msgId]: true } };
  if (m.deleted) return mapEverywhere(next, m.msgId, () => null);
  if (m.approvedFrom) {
    const from = m.approvedFrom;
    next = mapEverywhere(next, from, () => null);
    next.seen = next.seen[from] ? next.seen : { ...next.seen, [from]: true };
  }
  if (m.isPrivateMsg) {
    const other = otherParty(m, me);
    const list = next.privates[other] ?? [];
    const updated = upsert(list, m);
    if (updated !== list) next.privates = { ...next.privates, [other]: updated };
  } else if (m.status === 'pending') {
    next.pending = upsert(next.pending, m);
  } else {
    // An approved message is no longer pending (the same msgId never is both, but be sure).
    next.pending = mapMessage(next.pending, m.msgId, () => null);
    next.messages = upsert(next.messages, m);
  }
  if (m.showHandQuestion && !m.isPrivateMsg) next.questions = upsert(next.questions, m);
  // A send the server acknowledged is now shown as its message.
  if (next.outgoing.some((o) => o.msgId === m.msgId)) next.outgoing = next.outgoing.filter((o) => o.msgId !== m.msgId);
  return next;
}

/** Whether the message's predecessor should be here and is not. */
function missingPrev(s: ChatState, m: ChatMessage): boolean {
  if (!m.prevMsgId) return false;
  if (seqOfMsgId(m.prevMsgId) <= s.floorSeq) return false;
  return !s.seen[m.prevMsgId];
}

/** Applies held messages whose predecessor has arrived, repeatedly. */
function drainHeld(s: ChatState): ChatState {
  let next = s;
  for (;;) {
    const ready = next.held.find((h) => !missingPrev(next, h.message));
    if (!ready) break;
    next = { ...next, held: next.held.filter((h) => h !== ready) };
    next = applyMessage(next, ready.seq, ready.message);
  }
  if (next.held.length === 0 && next.gapSince !== null) next = { ...next, gapSince: null };
  return next;
}

/** A message of mine that carries the clientId of a send still outstanding settles it (the ack may have been lost). */
function settleOutgoing(s: ChatState, messages: ChatMessage[]): ChatState {
  const me = s.me?.userId;
  if (!me || s.outgoing.length === 0) return s;
  const stored = new Set(messages.filter((m) => m.sender === me && m.clientId).map((m) => m.clientId));
  if (stored.size === 0) return s;
  const outgoing = s.outgoing.filter((o) => !stored.has(o.clientId));
  return outgoing.length === s.outgoing.length ? s : { ...s, outgoing };
}

function applyMessage(s: ChatState, seq: number, m: ChatMessage): ChatState {
  let next = settleOutgoing(place(s, m), [m]);
  // Changes that came before their message.
  const early = next.early.filter((e) => eventTarget(e) === m.msgId);
  if (early.length > 0) {
    next = { ...next, early: next.early.filter((e) => eventTarget(e) !== m.msgId) };
    for (const e of early) next = applyEvent(next, e, 0);
  }
  return { ...next, lastSeq: Math.max(next.lastSeq, seq) };
}

function eventTarget(e: ChatEvent): string | null {
  switch (e.kind) {
    case 'likes':
      return e.likedMsgId;
    case 'deleted':
    case 'answered':
    case 'votes':
      return e.msgId;
    default:
      return null;
  }
}

/** A change to a message not held: keep it if the message is still to come. */
function stashEarly(s: ChatState, e: ChatEvent, msgId: string): ChatState {
  if (s.seen[msgId] || seqOfMsgId(msgId) <= s.floorSeq) return s;
  return { ...s, early: [...s.early, e].slice(-EARLY_MAX) };
}

function applyEvent(s: ChatState, e: ChatEvent, now: number): ChatState {
  const withSeq = (x: ChatState): ChatState => ({ ...x, lastSeq: Math.max(x.lastSeq, e.seq) });
  switch (e.kind) {
    case 'message': {
      const m = e.message;
      if (missingPrev(s, m) && !s.seen[m.msgId]) {
        if (s.held.some((h) => h.message.msgId === m.msgId)) return s;
        const first = s.held.length === 0;
        return {
          ...s,
          held: [...s.held, { seq: e.seq, message: m }],
          holdFloor: first ? s.lastSeq : s.holdFloor,
          gapSince: first ? now : s.gapSince,
        };
      }
      return drainHeld(applyMessage(s, e.seq, m));
    }
    case 'likes': {
      let next = s;
      if (s.me && e.by === s.me.userId) {
        const myLikes = { ...s.myLikes };
        if (e.liked) myLikes[e.likedMsgId] = true;
        else delete myLikes[e.likedMsgId];
        next = { ...next, myLikes };
      }
      if (!holds(next, e.likedMsgId)) return withSeq(stashEarly(next, e, e.likedMsgId));
      return withSeq(mapEverywhere(next, e.likedMsgId, (m) => (e.seq > m.seq ? { ...m, likes: e.likes, seq: e.seq } : m)));
    }
    case 'votes': {
      let next = s;
      if (s.me && e.by === s.me.userId) {
        const myVotes = { ...s.myVotes };
        if (e.voted) myVotes[e.msgId] = true;
        else delete myVotes[e.msgId];
        next = { ...next, myVotes };
      }
      if (!holds(next, e.msgId)) return withSeq(stashEarly(next, e, e.msgId));
      return withSeq(mapEverywhere(next, e.msgId, (m) => (e.seq > m.seq ? { ...m, votes: e.votes, seq: e.seq } : m)));
    }
    case 'answered': {
      if (!holds(s, e.msgId)) return withSeq(stashEarly(s, e, e.msgId));
      return withSeq(mapEverywhere(s, e.msgId, (m) => (e.seq > m.seq ? { ...m, questionAnswered: e.questionAnswered, seq: e.seq } : m)));
    }
    case 'deleted': {
      const next = { ...s, seen: s.seen[e.msgId] ? s.seen : { ...s.seen, [e.msgId]: true as const } };
      if (!holds(s, e.msgId)) return withSeq(stashEarly(next, e, e.msgId));
      return withSeq(drainHeld(mapEverywhere(next, e.msgId, () => null)));
    }
    case 'blocked':
      return withSeq({ ...s, blocked: upsertMember(s.blocked, e.member) });
    case 'unblocked':
      return withSeq({ ...s, blocked: s.blocked.filter((b) => b.userId !== e.userId) });
    case 'staff':
      return withSeq({ ...s, staff: upsertMember(s.staff, e.member) });
  }
}

function applyWelcome(s: ChatState, w: WelcomeFrame, now: number): ChatState {
  const base: ChatState = { ...s, status: 'live', fatal: null, loaded: true, me: w.me, moderateChat: w.moderateChat, staff: w.staff, blocked: w.blocked };
  if (w.mode === 'resume' && s.loaded) {
    let next = base;
    for (const e of w.events) next = applyEvent(next, e, now);
    // The server has now sent every change: nothing it could add fills what is still held.
    next = flushHeld(next);
    return { ...next, lastSeq: Math.max(next.lastSeq, w.headSeq) };
  }
  const visible = (list: ChatMessage[]) => list.filter((m) => !m.deleted).sort(byMsgId);
  const privates = groupPrivates(w.privateMessages, w.me.userId);
  const privateRead = { ...s.privateRead };
  for (const [other, list] of Object.entries(privates)) if (!(other in privateRead)) privateRead[other] = list[list.length - 1]!.msgId;
  const seen: Record<string, true> = {};
  for (const m of [...w.messages, ...w.pending, ...w.questions, ...w.privateMessages]) seen[m.msgId] = true;
  const myLikes: Record<string, true> = {};
  for (const id of w.myLikes) myLikes[id] = true;
  const myVotes: Record<string, true> = {};
  for (const id of w.myVotes ?? []) myVotes[id] = true;
  let next: ChatState = {
    ...base,
    messages: visible(w.messages),
    hasMore: w.hasMore,
    loadingEarlier: null,
    pending: visible(w.pending),
    questions: visible(w.questions),
    privates,
    privateRead,
    myLikes,
    myVotes,
    lastSeq: w.headSeq,
    floorSeq: w.headSeq,
    seen,
    held: [],
    holdFloor: w.headSeq,
    gapSince: null,
    early: [],
    // Sends the server acknowledged are in the snapshot (or were deleted); failed ones stay for a retry.
    outgoing: s.outgoing.filter((o) => o.status === 'failed'),
  };
  next = settleOutgoing(next, [...w.messages, ...w.pending, ...w.questions, ...w.privateMessages]);
  for (const e of w.events) next = applyEvent(next, e, now);
  return next;
}

/** Applies whatever is held, in order, without waiting for the gap any longer. */
function flushHeld(s: ChatState): ChatState {
  let next: ChatState = { ...s, held: [], gapSince: null };
  for (const h of [...s.held].sort((a, b) => a.seq - b.seq)) next = applyMessage(next, h.seq, h.message);
  return next;
}

function failAction(s: ChatState, clientId: string, problem: ActionProblem): ChatState {
  const out = s.outgoing.findIndex((o) => o.clientId === clientId);
  if (out >= 0) {
    const outgoing = s.outgoing.slice();
    outgoing[out] = { ...outgoing[out]!, status: 'failed', problem };
    return { ...s, outgoing };
  }
  const action = s.actions[clientId];
  const actions = { ...s.actions };
  delete actions[clientId];
  const kind = action?.kind ?? 'frame';
  return {
    ...s,
    actions,
    loadingEarlier: s.loadingEarlier === clientId ? null : s.loadingEarlier,
    notice: { ...problem, kind, id: (s.notice?.id ?? 0) + 1 },
  };
}

function applyFrame(s: ChatState, frame: ServerFrame, now: number): ChatState {
  switch (frame.type) {
    case 'welcome':
      return applyWelcome(s, frame, now);
    case 'event':
      return applyEvent(s, frame.event, now);
    case 'history': {
      let messages = s.messages;
      const seen = { ...s.seen };
      for (const m of frame.messages) {
        seen[m.msgId] = true;
        if (!m.deleted && !m.isPrivateMsg && m.status === 'approved') messages = upsert(messages, m);
      }
      const myLikes = { ...s.myLikes };
      for (const id of frame.myLikes) myLikes[id] = true;
      const actions = { ...s.actions };
      delete actions[frame.clientId];
      return { ...s, messages, seen, myLikes, actions, hasMore: frame.hasMore, loadingEarlier: s.loadingEarlier === frame.clientId ? null : s.loadingEarlier };
    }
    case 'ack': {
      const i = s.outgoing.findIndex((o) => o.clientId === frame.clientId);
      if (i >= 0) {
        const msgId = frame.msgId ?? null;
        if (!msgId || s.seen[msgId]) return { ...s, outgoing: s.outgoing.filter((_, j) => j !== i) };
        const outgoing = s.outgoing.slice();
        outgoing[i] = { ...outgoing[i]!, status: 'sent', msgId, problem: null };
        return { ...s, outgoing };
      }
      if (!(frame.clientId in s.actions)) return s;
      const actions = { ...s.actions };
      delete actions[frame.clientId];
      return { ...s, actions };
    }
    case 'error': {
      const fatal = frame.fatal ? (fatalOfError(frame.code) ?? 'badRequest') : fatalOfError(frame.code);
      if (fatal && (frame.fatal || !frame.clientId)) return { ...s, status: 'fatal', fatal };
      const problem: ActionProblem = { code: frame.code, ...(frame.retryAfterSeconds !== undefined ? { retryAfterSeconds: frame.retryAfterSeconds } : {}) };
      if (frame.clientId) return failAction(s, frame.clientId, problem);
      return { ...s, notice: { ...problem, kind: 'frame', id: (s.notice?.id ?? 0) + 1 } };
    }
    // Room notices, live captions and reactions are the room's (ChatProvider hands them to its listeners), not the chat's state.
    case 'pong':
    case 'notice':
    case 'caption':
    case 'reactions':
    case 'reactionsOff':
      return s;
  }
}

export function chatReducer(s: ChatState, a: ChatAction): ChatState {
  switch (a.type) {
    case 'connecting':
      if (s.status === 'fatal') return s;
      return { ...s, status: s.loaded ? 'reconnecting' : 'connecting' };
    case 'frame':
      if (s.status === 'fatal') return s;
      return applyFrame(s, a.frame, a.now);
    case 'closed': {
      if (s.status === 'fatal') return s;
      const fatal = fatalOfClose(a.code);
      // Nothing in flight will be answered now: sends wait for a retry, other actions are dropped.
      const outgoing = s.outgoing.map((o) => (o.status === 'sending' ? { ...o, status: 'failed' as const, problem: { code: 'connectionLost' as const } } : o));
      const base = { ...s, outgoing, actions: {}, loadingEarlier: null };
      if (fatal) return { ...base, status: 'fatal', fatal };
      return { ...base, status: s.loaded ? 'reconnecting' : 'connecting' };
    }
    case 'send':
      return { ...s, outgoing: [...s.outgoing.filter((o) => o.clientId !== a.clientId), { clientId: a.clientId, frame: a.frame, status: 'sending', msgId: null, problem: null }] };
    case 'discard':
      return { ...s, outgoing: s.outgoing.filter((o) => o.clientId !== a.clientId) };
    case 'action': {
      const next = { ...s, actions: { ...s.actions, [a.clientId]: a.action } };
      if (a.action.kind === 'history') next.loadingEarlier = a.clientId;
      return next;
    }
    case 'readPrivate': {
      const list = s.privates[a.other];
      const last = list?.[list.length - 1]?.msgId;
      if (!last || s.privateRead[a.other] === last) return s;
      return { ...s, privateRead: { ...s.privateRead, [a.other]: last } };
    }
    case 'dismissNotice':
      return s.notice ? { ...s, notice: null } : s;
  }
}
