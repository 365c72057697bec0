/**
 * The cross-tenant matrix on the chat socket: A's event opened on B's host by each caller (it
 * must close with 4401/4403/4404 or be refused), and B's own event's chat sent every frame type
 * with A's ids in its id fields (server/endpoints.ts CHAT_FRAME_IDS); no frame may name A.
 */
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { CHAT_FRAME_IDS, CHAT_FRAME_TYPES } from '#server/endpoints';
import { idValue, type MatrixCaller } from './matrix-jobs';
import type { SeededTenant } from './matrix-seed';
import { emptyResult, type RunResult } from './runner';
import { ChatSocket, serverFailure } from './socket';

export interface SocketMatrixContext {
  port: number;
  host: string;
  origin: string;
  seeded: SeededTenant;
  callers: MatrixCaller[];
  /** B's own open event and a caller of B allowed into it. */
  ownEventId: string;
  ownCaller: MatrixCaller;
  timeoutMs?: number;
}

const REFUSED = [4401, 4403, 4404];
/** Fields a frame needs besides its ids to pass the protocol's schema. */
const FRAME_FILLER: Record<string, object> = { send: { textMessage: 'hello' }, like: { liked: true }, vote: { voted: true }, answer: { answered: true }, react: { emoji: '👏' } };
/** Frames the protocol takes without a clientId (a reaction is never answered). */
const WITHOUT_CLIENT_ID = new Set(['ping', 'react']);

export async function socketMatrix(ctx: SocketMatrixContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const { seeded } = ctx;
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'leaks' | 'other', text: string) => {
    result[kind]++;
    result.failures.push({ endpoint: CHAT_SOCKET_PATH, method: 'socket', as, input, result: text });
  };
  const leaks = (socket: ChatSocket, sent: string) => {
    const text = socket.raw.join('\n');
    return [...seeded.markers, ...seeded.idMarkers.filter((id) => !sent.includes(id))].filter((m) => text.includes(m));
  };

  // A's event's chat, and one of its breakouts' (docs/decisions/0084): refused like any tenant mismatch.
  for (const [caller, query] of ctx.callers.flatMap((c) => [`?event=${seeded.ids.event}`, `?event=${seeded.ids.event}&breakout=b1`].map((q) => [c, q] as const))) {
    const input = `A's event ${query}`;
    result.requests++;
    const socket = ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie: caller.cookie, query });
    const opened = await socket.opened(timeoutMs);
    if (opened && !(await socket.until(() => false, timeoutMs))) fail(caller.as, input, 'hung', 'the socket stayed open');
    const code = socket.closeCode;
    const failure = serverFailure(socket);
    if (failure) fail(caller.as, input, 'serverErrors', failure);
    else if (!(code !== null && (REFUSED.includes(code) || code === -403 || code === -404))) fail(caller.as, input, 'other', `closed with ${code}, expected ${REFUSED.join('/')}`);
    const leaked = leaks(socket, query);
    if (leaked.length) fail(caller.as, input, 'leaks', `frames name A's ${leaked.join(', ')}`);
    socket.close();
  }

  // B's own chat, every frame type carrying A's ids.
  const socket = ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie: ctx.ownCaller.cookie, query: `?event=${ctx.ownEventId}` });
  try {
    if (!(await socket.until(() => socket.frames.some((f) => f.type === 'welcome'), timeoutMs)) || socket.closed) {
      fail(ctx.ownCaller.as, 'join of its own event', 'other', `could not join (close ${socket.closeCode})`);
      return result;
    }
    let n = 0;
    for (const type of CHAT_FRAME_TYPES) {
      const fields = Object.entries(CHAT_FRAME_IDS[type] ?? {}).map(([name, kind]) => [name, idValue(seeded, kind, CHAT_SOCKET_PATH)] as const);
      const frame = JSON.stringify({ type, ...(WITHOUT_CLIENT_ID.has(type) ? {} : { clientId: `matrix-${n++}` }), ...FRAME_FILLER[type], ...Object.fromEntries(fields) });
      const input = `B's event, ${type} frame with A's ids`;
      const from = socket.raw.length;
      const pongs = socket.frames.filter((f) => f.type === 'pong').length;
      result.requests++;
      socket.send(frame);
      socket.send('{"type":"ping"}');
      if (!(await socket.until(() => socket.frames.filter((f) => f.type === 'pong').length > pongs, timeoutMs))) fail(ctx.ownCaller.as, input, 'hung', 'no pong after the frame');
      const failure = serverFailure(socket, from);
      if (failure) fail(ctx.ownCaller.as, input, 'serverErrors', failure);
      const text = socket.raw.slice(from).join('\n');
      const leaked = [...seeded.markers, ...seeded.idMarkers.filter((id) => !frame.includes(id))].filter((m) => text.includes(m));
      if (leaked.length) fail(ctx.ownCaller.as, input, 'leaks', `frames name A's ${leaked.join(', ')}`);
      if (socket.closed) break;
    }
  } finally {
    socket.close();
  }
  return result;
}
