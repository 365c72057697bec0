/**
 * The fuzz suite's chat socket part: the upgrade request with hostile query strings and headers
 * (plain HTTP jobs), then every frame type of the protocol in every category over a joined
 * socket, signed out and as each given session. After each frame a ping must be answered with a
 * pong (or the socket closed with a client-error code); an `unavailable` frame or a 1011 close
 * is a server error.
 */
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { frameCases, queryCases } from './fuzz-cases';
import type { Failure } from './report';
import { emptyResult, type Job, type RunResult } from './runner';
import { ChatSocket, serverFailure } from './socket';

export interface SocketFuzzContext {
  port: number;
  host: string;
  origin: string;
  eventId: string;
  callers: Array<{ as: string; cookie?: string }>;
  timeoutMs?: number;
}

const UPGRADE: Array<[string, string]> = [
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Sec-WebSocket-Version', '13'],
  ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

/** Upgrade requests: hostile query strings (signed out and in), then hostile handshake headers (the chat socket unless told). */
export function upgradeJobs(ctx: SocketFuzzContext, path: string = CHAT_SOCKET_PATH, fields: string[] = ['event', 'after', 'breakout']): Job[] {
  const jobs: Job[] = [];
  const base = (cookie?: string): Array<[string, string]> => [['Host', ctx.host], ['Origin', ctx.origin], ...(cookie ? ([['Cookie', cookie]] as Array<[string, string]>) : []), ...UPGRADE];
  for (const caller of ctx.callers) {
    for (const q of queryCases(fields)) {
      jobs.push({ endpoint: path, as: caller.as, input: `${q.category}: upgrade query, ${q.name}`, request: { method: 'GET', target: path + q.query, headers: base(caller.cookie) } });
    }
  }
  const target = `${path}?event=${ctx.eventId}`;
  const variants: Array<[string, Array<[string, string]>]> = [
    ['empty: no Origin', base().filter(([k]) => k !== 'Origin')],
    ['malformed: Origin "null"', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'null'] : [k, v]))],
    ['malformed: Origin of another site', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'http://evil.example'] : [k, v]))],
    ['wrongType: WebSocket version 99', base().map(([k, v]): [string, string] => (k === 'Sec-WebSocket-Version' ? [k, '99'] : [k, v]))],
    ['empty: no WebSocket key', base().filter(([k]) => k !== 'Sec-WebSocket-Key')],
    ['malformed: WebSocket key not base64', base().map(([k, v]): [string, string] => (k === 'Sec-WebSocket-Key' ? [k, '%%%\xff'] : [k, v]))],
    ['wrongType: Upgrade to something else', base().map(([k, v]): [string, string] => (k === 'Upgrade' ? [k, 'h2c'] : [k, v]))],
    ['oversized: 64 protocols', [...base(), ['Sec-WebSocket-Protocol', Array.from({ length: 64 }, (_, i) => `p${i}`).join(', ')]]],
    ['malformed: extensions garbage', [...base(), ['Sec-WebSocket-Extensions', 'permessage-deflate; client_max_window_bits=99; x="']]],
  ];
  for (const [input, headers] of variants) jobs.push({ endpoint: path, as: 'anonymous', input, request: { method: 'GET', target, headers } });
  return jobs;
}

/** Every frame case over real sockets; returns the counts and failures. */
export async function fuzzFrames(ctx: SocketFuzzContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const cases = frameCases();
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'other', text: string) => {
    result[kind]++;
    const failure: Failure = { endpoint: CHAT_SOCKET_PATH, method: 'frame', as, input, result: text };
    result.failures.push(failure);
  };
  const connect = (caller: { cookie?: string }) => ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie: caller.cookie, query: `?event=${ctx.eventId}` });

  for (const caller of ctx.callers) {
    if (!caller.cookie) {
      // Signed out: the socket is closed with 4401; frames sent meanwhile must not break anything.
      const socket = connect(caller);
      const open = await socket.opened(timeoutMs);
      for (const c of cases) {
        result.requests++;
        if (open) socket.send(c.data);
      }
      if (!(await socket.until(() => false, timeoutMs))) fail(caller.as, 'frames while signed out', 'hung', 'the socket was not closed');
      else if (socket.closeCode !== 4401) fail(caller.as, 'frames while signed out', 'other', `closed with ${socket.closeCode}, expected 4401`);
      const failure = serverFailure(socket);
      if (failure) fail(caller.as, 'frames while signed out', 'serverErrors', failure);
      socket.close();
      continue;
    }

    let socket: ChatSocket | null = null;
    for (const c of cases) {
      const input = `${c.category}: ${c.frameType} frame, ${c.name}`;
      if (!socket || socket.closed) {
        socket?.close();
        socket = connect(caller);
        const joined = await socket.until(() => socket!.frames.some((f) => f.type === 'welcome'), timeoutMs);
        if (!joined || !socket.frames.some((f) => f.type === 'welcome')) {
          fail(caller.as, input, joined ? 'other' : 'hung', `could not join the event's chat (close ${socket.closeCode}, frames ${JSON.stringify(socket.frames.slice(-2))})`);
          socket.close();
          socket = null;
          continue;
        }
      }
      const from = socket.frames.length;
      const pongsBefore = socket.frames.filter((f) => f.type === 'pong').length;
      result.requests++;
      socket.send(c.data);
      socket.send('{"type":"ping"}');
      const answered = await socket.until(() => socket!.frames.filter((f) => f.type === 'pong').length > pongsBefore, timeoutMs);
      const failure = serverFailure(socket, from);
      if (failure) fail(caller.as, input, 'serverErrors', failure);
      else if (!answered) fail(caller.as, input, 'hung', 'no pong after the frame');
      else if (socket.closed && !(socket.closeCode === 1009 || (socket.closeCode! >= 4400 && socket.closeCode! < 4500))) {
        fail(caller.as, input, 'other', `closed with ${socket.closeCode}`);
      }
    }
    socket?.close();
  }
  return result;
}
