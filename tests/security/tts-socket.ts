/**
 * The security suites' part for the text-to-speech socket (/ws/tts), next to the chat socket's:
 * hostile upgrade requests (plain HTTP jobs); every frame type of its protocol in every fuzz
 * category, signed out (closed with 4401) and signed in (each frame followed by a ping that must
 * be answered; an `internal` error or a 1011 close is a server failure); and the cross-tenant
 * matrix: tenant A's session cookies on B's host are refused like no session, and nothing said on
 * B's host names A.
 */
import { TTS_SOCKET_PATH, ttsClientFrameSchema } from '#app/lib/speech/ttsProtocol';
import { frameCases } from './fuzz-cases';
import type { MatrixCaller } from './matrix-jobs';
import type { SeededTenant } from './matrix-seed';
import { emptyResult, type Job, type RunResult } from './runner';
import { ChatSocket } from './socket';

export interface TtsSocketContext {
  port: number;
  host: string;
  origin: string;
  callers: Array<{ as: string; cookie?: string }>;
  timeoutMs?: number;
}

const UPGRADE: Array<[string, string]> = [
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Sec-WebSocket-Version', '13'],
  ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

/** A server-side failure on the text-to-speech socket: an `internal` error frame or a 1011 close. */
function ttsServerFailure(socket: ChatSocket, from = 0): string | null {
  if (socket.frames.slice(from).some((f) => f.type === 'error' && f.code === 'internal')) return 'error frame "internal"';
  if (socket.closeCode === 1011) return 'closed with 1011 (internal error)';
  return null;
}

const open = (ctx: { port: number; host: string; origin: string }, cookie?: string) => ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie, query: '', path: TTS_SOCKET_PATH });

/** Upgrade requests with hostile query strings and handshake headers, signed out and in. */
export function ttsUpgradeJobs(ctx: TtsSocketContext): Job[] {
  const base = (cookie?: string): Array<[string, string]> => [['Host', ctx.host], ['Origin', ctx.origin], ...(cookie ? ([['Cookie', cookie]] as Array<[string, string]>) : []), ...UPGRADE];
  const jobs: Job[] = [];
  for (const caller of ctx.callers) {
    for (const [input, query] of [
      ['malformed: query garbage', '?%%%&=&&a[]=1'],
      ['oversized: 8 KB query', `?q=${'A'.repeat(8000)}`],
      ['nulCrlf: encoded NUL and CR/LF', '?a=%00%0d%0aX-Injected:%201'],
    ] as const) {
      jobs.push({ endpoint: TTS_SOCKET_PATH, as: caller.as, input: `${input} (upgrade)`, request: { method: 'GET', target: TTS_SOCKET_PATH + query, headers: base(caller.cookie) } });
    }
  }
  const variants: Array<[string, Array<[string, string]>]> = [
    ['empty: no Origin', base().filter(([k]) => k !== 'Origin')],
    ['malformed: Origin "null"', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'null'] : [k, v]))],
    ['malformed: Origin of another site', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'http://evil.example'] : [k, v]))],
    ['wrongType: WebSocket version 99', base().map(([k, v]): [string, string] => (k === 'Sec-WebSocket-Version' ? [k, '99'] : [k, v]))],
    ['empty: no WebSocket key', base().filter(([k]) => k !== 'Sec-WebSocket-Key')],
    ['wrongType: Upgrade to something else', base().map(([k, v]): [string, string] => (k === 'Upgrade' ? [k, 'h2c'] : [k, v]))],
    ['oversized: 64 protocols', [...base(), ['Sec-WebSocket-Protocol', Array.from({ length: 64 }, (_, i) => `p${i}`).join(', ')]]],
  ];
  for (const [input, headers] of variants) jobs.push({ endpoint: TTS_SOCKET_PATH, as: 'anonymous', input, request: { method: 'GET', target: TTS_SOCKET_PATH, headers } });
  return jobs;
}

/** Every frame case of the text-to-speech protocol over real sockets. */
export async function fuzzTtsFrames(ctx: TtsSocketContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const cases = frameCases(ttsClientFrameSchema);
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'other', text: string) => {
    result[kind]++;
    result.failures.push({ endpoint: TTS_SOCKET_PATH, method: 'frame', as, input, result: text });
  };
  for (const caller of ctx.callers) {
    if (!caller.cookie) {
      const socket = open(ctx);
      const opened = await socket.opened(timeoutMs);
      for (const c of cases) {
        result.requests++;
        if (opened) socket.send(c.data);
      }
      if (!(await socket.until(() => false, timeoutMs))) fail(caller.as, 'frames while signed out', 'hung', 'the socket was not closed');
      else if (socket.closeCode !== 4401) fail(caller.as, 'frames while signed out', 'other', `closed with ${socket.closeCode}, expected 4401`);
      const failure = ttsServerFailure(socket);
      if (failure) fail(caller.as, 'frames while signed out', 'serverErrors', failure);
      socket.close();
      continue;
    }
    let socket: ChatSocket | null = null;
    for (const c of cases) {
      const input = `${c.category}: ${c.frameType} frame, ${c.name}`;
      if (!socket || socket.closed) {
        socket?.close();
        socket = open(ctx, caller.cookie);
        const ready = await socket.until(() => socket!.frames.some((f) => f.type === 'ready'), timeoutMs);
        if (!ready || socket.closed) {
          fail(caller.as, input, ready ? 'other' : 'hung', `no ready frame (close ${socket.closeCode})`);
          socket.close();
          socket = null;
          continue;
        }
      }
      const from = socket.frames.length;
      const pongs = socket.frames.filter((f) => f.type === 'pong').length;
      result.requests++;
      socket.send(c.data);
      socket.send('{"type":"ping"}');
      const answered = await socket.until(() => socket!.frames.filter((f) => f.type === 'pong').length > pongs, timeoutMs);
      const failure = ttsServerFailure(socket, from);
      if (failure) fail(caller.as, input, 'serverErrors', failure);
      else if (!answered) fail(caller.as, input, 'hung', 'no pong after the frame');
      else if (socket.closed && !(socket.closeCode === 1009 || (socket.closeCode! >= 4400 && socket.closeCode! < 4500))) fail(caller.as, input, 'other', `closed with ${socket.closeCode}`);
    }
    socket?.close();
  }
  return result;
}

export interface TtsMatrixContext {
  port: number;
  /** Tenant B's host and origin. */
  host: string;
  origin: string;
  seeded: SeededTenant;
  callers: MatrixCaller[];
  timeoutMs?: number;
}

/**
 * On B's host: a signed-out caller (A's owner's cookies, or none) is closed with 4401 before any
 * ready frame; B's own caller gets ready, is read a sentence, and no frame names A.
 */
export async function ttsSocketMatrix(ctx: TtsMatrixContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'leaks' | 'other', text: string) => {
    result[kind]++;
    result.failures.push({ endpoint: TTS_SOCKET_PATH, method: 'socket', as, input, result: text });
  };
  const markers = [...ctx.seeded.markers, ...ctx.seeded.idMarkers];
  for (const caller of ctx.callers) {
    result.requests++;
    const socket = open(ctx, caller.cookie);
    const input = caller.signedOut ? 'open on B’s host' : 'open on its own host and speak';
    if (caller.signedOut) {
      if (!(await socket.until(() => false, timeoutMs))) fail(caller.as, input, 'hung', 'the socket stayed open');
      else if (socket.closeCode !== 4401) fail(caller.as, input, 'other', `closed with ${socket.closeCode}, expected 4401`);
      if (socket.frames.some((f) => f.type === 'ready')) fail(caller.as, input, 'other', 'a signed-out caller was admitted (ready frame)');
    } else {
      const ready = await socket.until(() => socket.frames.some((f) => f.type === 'ready'), timeoutMs);
      if (!ready || socket.closed) fail(caller.as, input, 'other', `not admitted (close ${socket.closeCode})`);
      else {
        socket.send(JSON.stringify({ type: 'speak', id: 'matrix1', text: 'Matrix check.', language: 'en' }));
        if (!(await socket.until(() => socket.frames.some((f) => f.type === 'end' || f.type === 'error'), timeoutMs))) fail(caller.as, input, 'hung', 'no end of the reading');
        else if (!socket.frames.some((f) => f.type === 'end')) fail(caller.as, input, 'other', `the reading failed: ${JSON.stringify(socket.frames.at(-1))}`);
      }
    }
    const failure = ttsServerFailure(socket);
    if (failure) fail(caller.as, input, 'serverErrors', failure);
    const leaked = markers.filter((m) => socket.raw.join('\n').includes(m));
    if (leaked.length) fail(caller.as, input, 'leaks', `frames name A's ${leaked.join(', ')}`);
    socket.close();
  }
  return result;
}
