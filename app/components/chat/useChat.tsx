/**
 * One chat connection per event, shared by everything on the page that shows it (the chat pane,
 * the Q&A tab): ChatProvider opens the WebSocket after mount, keeps the state (app/lib/chat/state.ts,
 * changed by app/lib/chat/reducer.ts), pings, reconnects with backoff and jitter (never after the
 * fatal close codes), resumes after the last change it applied, and resumes at once when a
 * message arrives whose predecessor is missing and does not come within GAP_WAIT_MS. When the
 * browser reports it is offline the socket is closed at once (a dead connection could otherwise
 * look open for minutes) and reopened on "online".
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRole } from '#app/lib/events/permissions';
import { CHAT_PING_SECONDS, CHAT_SOCKET_PATH, langCodeSchema, type RoomNotice, type SendFrame, type ServerFrame } from '#app/lib/chat/protocol';
import { chatReducer } from '#app/lib/chat/reducer';
import type { LiveCaption } from '#app/lib/captions/protocol';
import type { ReactionEmoji, ReactionsServerFrame } from '#app/lib/reactions/protocol';
import { fatalOfClose, gapExpired, GAP_WAIT_MS, initialChatState, resumeSeq, type ChatState, type PendingAction } from '#app/lib/chat/state';

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;

/** A random id for a frame (crypto.getRandomValues works on plain-http pages too). */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Closes a socket without its handlers running; one still connecting closes once open (closing it earlier logs a browser error). */
function closeQuietly(ws: WebSocket, code: number, reason: string) {
  ws.onmessage = ws.onclose = ws.onerror = null;
  if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(code, reason);
  else {
    ws.onopen = null;
    ws.close(code, reason);
  }
}

/** The socket URL of an event's chat on this page's host. */
export function chatSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, eventId: string, after: number | null, breakout: string | null = null): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ event: eventId });
  // A breakout room's own chat (docs/decisions/0084).
  if (breakout) query.set('breakout', breakout);
  if (after !== null) query.set('after', String(after));
  return `${scheme}://${loc.host}${CHAT_SOCKET_PATH}?${query}`;
}

/** Delay before reconnect attempt `attempt` (0-based): exponential, capped, with ±50 % jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

export interface SendInput {
  textMessage: string;
  imageKeys?: string[];
  attachmentKeys?: string[];
  replyToMsgId?: string | null;
  showHandQuestion?: boolean;
  recipient?: string | null;
}

export interface ChatApi {
  eventId: string;
  role: EventRole;
  state: ChatState;
  /** The socket is open and the welcome applied: actions can be sent. */
  canAct: boolean;
  /** Sends a message; false when the chat is not connected (nothing was sent). */
  send: (input: SendInput) => boolean;
  /** Sends a failed message again, with the same content. */
  retry: (clientId: string) => boolean;
  discard: (clientId: string) => void;
  like: (msgId: string, liked: boolean) => boolean;
  /** Upvotes a question, or takes the vote back. */
  vote: (msgId: string, voted: boolean) => boolean;
  loadEarlier: () => boolean;
  approve: (msgId: string) => boolean;
  remove: (msgId: string) => boolean;
  markAnswered: (msgId: string, answered: boolean) => boolean;
  block: (userId: string) => boolean;
  unblock: (userId: string) => boolean;
  readPrivate: (other: string) => void;
  dismissNotice: () => void;
  /** Which action is waiting for its answer, by kind and target. */
  busy: (kind: PendingAction['kind'], target: string) => boolean;
  /** Hears the room's notices (donation alerts, the pinned sale); returns the unsubscribe. */
  onNotice: (listener: (notice: RoomNotice) => void) => () => void;
  /** Hears the room's live captions (docs/decisions/0048); returns the unsubscribe. */
  onCaption: (listener: (caption: LiveCaption) => void) => () => void;
  /** Sends one live reaction (docs/decisions/0079); false when the chat is not connected. */
  react: (emoji: ReactionEmoji) => boolean;
  /** Hears the room's reactions (counts per window) and a refusal because they are off; returns the unsubscribe. */
  onReactions: (listener: (frame: ReactionsServerFrame) => void) => () => void;
}

const ChatContext = createContext<ChatApi | null>(null);

/** The UI language as a question's originalQuestionLangCode (null when it is not a plain tag). */
function questionLang(language: string): string | null {
  const parsed = langCodeSchema.safeParse(language);
  return parsed.success ? parsed.data : null;
}

/** `breakout`: the chat of that breakout room instead of the event's (docs/decisions/0084); mount a new provider to change it. */
export function ChatProvider({ eventId, role, breakout = null, children }: { eventId: string; role: EventRole; breakout?: string | null; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const socketRef = useRef<WebSocket | null>(null);
  const gapRef = useRef<() => void>(() => undefined);
  const noticeListeners = useRef(new Set<(notice: RoomNotice) => void>());
  const captionListeners = useRef(new Set<(caption: LiveCaption) => void>());
  const reactionListeners = useRef(new Set<(frame: ReactionsServerFrame) => void>());
  const languageRef = useRef(i18n.language);
  languageRef.current = i18n.language;

  useEffect(() => {
    let disposed = false;
    let attempt = 0;
    let reconnectTimer: number | undefined;
    let pingTimer: number | undefined;
    let lastFrameAt = Date.now();

    const clearTimers = () => {
      window.clearTimeout(reconnectTimer);
      window.clearInterval(pingTimer);
    };

    const schedule = (delay: number) => {
      window.clearTimeout(reconnectTimer);
      reconnectTimer = window.setTimeout(connect, delay);
    };

    /** Gives up on a socket without waiting for its closing handshake (it may never come). */
    const drop = (ws: WebSocket, reason: 'gap' | 'offline' | 'silent') => {
      closeQuietly(ws, 4000, reason);
      if (socketRef.current === ws) socketRef.current = null;
      window.clearInterval(pingTimer);
      dispatch({ type: 'closed', code: 4000 });
      if (reason === 'gap') schedule(0);
      else if (reason === 'silent') schedule(backoffMs(attempt++));
      // 'offline': the "online" event reconnects.
    };

    function connect() {
      if (disposed) return;
      clearTimers();
      const current = stateRef.current;
      if (current.status === 'fatal') return;
      dispatch({ type: 'connecting' });
      const after = current.loaded ? resumeSeq(current) : null;
      const ws = new WebSocket(chatSocketUrl(window.location, eventId, after, breakout));
      socketRef.current = ws;
      lastFrameAt = Date.now();

      ws.onopen = () => {
        lastFrameAt = Date.now();
        pingTimer = window.setInterval(() => {
          // Three silent intervals: the connection is dead even if the browser has not noticed.
          if (Date.now() - lastFrameAt > CHAT_PING_SECONDS * 3000) drop(ws, 'silent');
          else if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
        }, CHAT_PING_SECONDS * 1000);
      };
      ws.onmessage = (e: MessageEvent) => {
        lastFrameAt = Date.now();
        if (typeof e.data !== 'string') return;
        let frame: ServerFrame;
        try {
          frame = JSON.parse(e.data) as ServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'welcome') attempt = 0;
        if (frame.type === 'notice') {
          for (const listener of noticeListeners.current) listener(frame.notice);
          return;
        }
        if (frame.type === 'caption') {
          for (const listener of captionListeners.current) listener(frame.caption);
          return;
        }
        if (frame.type === 'reactions' || frame.type === 'reactionsOff') {
          for (const listener of reactionListeners.current) listener(frame);
          return;
        }
        dispatch({ type: 'frame', frame, now: Date.now() });
      };
      ws.onclose = (e: CloseEvent) => {
        if (socketRef.current === ws) socketRef.current = null;
        window.clearInterval(pingTimer);
        if (disposed) return;
        dispatch({ type: 'closed', code: e.code });
        if (fatalOfClose(e.code) || stateRef.current.status === 'fatal') return;
        if (!navigator.onLine) return; // "online" reconnects.
        schedule(backoffMs(attempt++));
      };
    }

    gapRef.current = () => {
      const ws = socketRef.current;
      if (ws) drop(ws, 'gap');
    };
    const onOffline = () => {
      const ws = socketRef.current;
      if (ws) drop(ws, 'offline');
      window.clearTimeout(reconnectTimer);
    };
    const onOnline = () => {
      attempt = 0;
      if (!socketRef.current) schedule(0);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    connect();

    return () => {
      disposed = true;
      clearTimers();
      gapRef.current = () => undefined;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      const ws = socketRef.current;
      socketRef.current = null;
      if (ws) closeQuietly(ws, 1000, 'leaving');
    };
  }, [eventId, breakout]);

  // A message waiting for its predecessor: resume from the server if it does not come soon.
  useEffect(() => {
    if (state.gapSince === null) return;
    const wait = Math.max(0, GAP_WAIT_MS - (Date.now() - state.gapSince));
    const timer = window.setTimeout(() => {
      if (gapExpired(stateRef.current, Date.now())) gapRef.current();
    }, wait + 20);
    return () => window.clearTimeout(timer);
  }, [state.gapSince]);

  const canAct = state.status === 'live';

  const transmit = useCallback((frame: object): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN || stateRef.current.status !== 'live') return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  const sendFrame = useCallback(
    (frame: SendFrame): boolean => {
      if (!transmit(frame)) return false;
      dispatch({ type: 'send', clientId: frame.clientId, frame });
      return true;
    },
    [transmit],
  );

  const act = useCallback(
    (action: PendingAction, frame: Record<string, unknown>): boolean => {
      const clientId = newClientId();
      if (!transmit({ ...frame, clientId })) return false;
      dispatch({ type: 'action', clientId, action });
      return true;
    },
    [transmit],
  );

  const onNotice = useCallback((listener: (notice: RoomNotice) => void) => {
    const listeners = noticeListeners.current;
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  const onCaption = useCallback((listener: (caption: LiveCaption) => void) => {
    const listeners = captionListeners.current;
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  const onReactions = useCallback((listener: (frame: ReactionsServerFrame) => void) => {
    const listeners = reactionListeners.current;
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  const react = useCallback((emoji: ReactionEmoji) => transmit({ type: 'react', emoji }), [transmit]);

  const api = useMemo<ChatApi>(
    () => ({
      eventId,
      role,
      state,
      canAct,
      send: (input) => {
        const frame: SendFrame = {
          type: 'send',
          clientId: newClientId(),
          textMessage: input.textMessage,
          imageKeys: input.imageKeys ?? [],
          attachmentKeys: input.attachmentKeys ?? [],
          replyToMsgId: input.replyToMsgId ?? null,
          showHandQuestion: Boolean(input.showHandQuestion),
          originalQuestionLangCode: input.showHandQuestion ? questionLang(languageRef.current) : null,
          recipient: input.recipient ?? null,
        };
        return sendFrame(frame);
      },
      retry: (clientId) => {
        const failed = stateRef.current.outgoing.find((o) => o.clientId === clientId);
        if (!failed) return false;
        const frame = { ...failed.frame, clientId: newClientId() };
        if (!sendFrame(frame)) return false;
        dispatch({ type: 'discard', clientId });
        return true;
      },
      discard: (clientId) => dispatch({ type: 'discard', clientId }),
      like: (msgId, liked) => act({ kind: 'like', target: msgId }, { type: 'like', likedMsgId: msgId, liked }),
      vote: (msgId, voted) => act({ kind: 'vote', target: msgId }, { type: 'vote', msgId, voted }),
      loadEarlier: () => {
        const first = stateRef.current.messages[0];
        if (!first || stateRef.current.loadingEarlier) return false;
        return act({ kind: 'history', target: first.msgId }, { type: 'history', before: first.msgId });
      },
      approve: (msgId) => act({ kind: 'approve', target: msgId }, { type: 'approve', msgId }),
      remove: (msgId) => act({ kind: 'delete', target: msgId }, { type: 'delete', msgId }),
      markAnswered: (msgId, answered) => act({ kind: 'answer', target: msgId }, { type: 'answer', msgId, answered }),
      block: (userId) => act({ kind: 'block', target: userId }, { type: 'block', userId }),
      unblock: (userId) => act({ kind: 'unblock', target: userId }, { type: 'unblock', userId }),
      readPrivate: (other) => dispatch({ type: 'readPrivate', other }),
      dismissNotice: () => dispatch({ type: 'dismissNotice' }),
      busy: (kind, target) => Object.values(state.actions).some((a) => a.kind === kind && a.target === target),
      onNotice,
      onCaption,
      react,
      onReactions,
    }),
    [eventId, role, state, canAct, sendFrame, act, onNotice, onCaption, react, onReactions],
  );

  return <ChatContext.Provider value={api}>{children}</ChatContext.Provider>;
}

/** The chat of the surrounding ChatProvider. */
export function useChat(): ChatApi {
  const api = useContext(ChatContext);
  if (!api) throw new Error('useChat needs a ChatProvider around it');
  return api;
}

/** The chat if a ChatProvider is around, else null (a pane can then provide its own). */
export function useOptionalChat(): ChatApi | null {
  return useContext(ChatContext);
}
