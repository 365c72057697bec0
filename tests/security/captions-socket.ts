/**
 * The security suites' captions socket part (docs/decisions/0048). Fuzz: hostile text and binary
 * frames over a speaker's admitted socket (after each a ping must be answered with a pong, or the
 * socket closed with 1009 or a 44xx code; an `unavailable` frame or a 1011 close is a server
 * error), and signed out (closed with 4401). Matrix: tenant A's event opened on B's host by each
 * caller must be refused (4401/4403/4404, or the upgrade refused) and no frame may name A.
 */
import { CAPTIONS_CHUNK_MAX_BYTES, CAPTIONS_SOCKET_PATH } from '#app/lib/captions/protocol';
import type { MatrixCaller } from './matrix-jobs';
import type { SeededTenant } from './matrix-seed';
import type { Failure } from './report';
import { emptyResult, type RunResult } from './runner';
import { ChatSocket, serverFailure } from './socket';

export interface CaptionsFuzzContext {
  port: number;
  host: string;
  origin: string;
  /** An open event with showTranscription on, where the caller with a cookie may speak. */
  eventId: string;
  callers: Array<{ as: string; cookie?: string }>;
  timeoutMs?: number;
}

const NESTED = `${'['.repeat(4000)}${']'.repeat(4000)}`;

/** Hostile frames: text (the control frames' schema) and binary (the audio). */
export function captionsFrameCases(): Array<{ name: string; data: string | Buffer }> {
  return [
    { name: 'empty: type only of an unknown frame', data: '{"type":""}' },
    { name: 'empty: an empty object', data: '{}' },
    { name: 'wrongType: type a number', data: '{"type":7}' },
    { name: 'wrongType: ping with extra fields', data: '{"type":"ping","clientId":"x","__proto__":{"admin":true}}' },
    { name: 'wrongType: pause as an array', data: '["pause"]' },
    { name: 'malformed: truncated JSON', data: '{"type":"pau' },
    { name: 'malformed: not JSON', data: 'hello' },
    { name: 'oversized: 1.5 KB text frame', data: JSON.stringify({ type: 'ping', pad: 'A'.repeat(1500) }) },
    { name: 'nested: 4000-deep arrays', data: NESTED },
    { name: 'nulCrlf: NUL and CR/LF in the type', data: '{"type":"ping\\u0000\\r\\n"}' },
    { name: 'unicode: lone surrogates and overrides', data: '{"type":"\\ud800\\u202e"}' },
    { name: 'binary: empty', data: Buffer.alloc(0) },
    { name: 'binary: odd length', data: Buffer.alloc(3, 7) },
    { name: 'binary: JSON as binary', data: Buffer.from('{"type":"pause"}') },
    { name: 'binary: full-scale noise', data: Buffer.from(Array.from({ length: 3200 }, (_, i) => (i * 97) % 256)) },
    { name: 'oversized: binary above the chunk limit', data: Buffer.alloc(CAPTIONS_CHUNK_MAX_BYTES + 2) },
  ];
}

export async function fuzzCaptionsFrames(ctx: CaptionsFuzzContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const cases = captionsFrameCases();
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'other', text: string) => {
    result[kind]++;
    const failure: Failure = { endpoint: CAPTIONS_SOCKET_PATH, method: 'frame', as, input, result: text };
    result.failures.push(failure);
  };
  const connect = (cookie?: string) => ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie, query: `?event=${ctx.eventId}`, path: CAPTIONS_SOCKET_PATH });

  for (const caller of ctx.callers) {
    if (!caller.cookie) {
      const socket = connect();
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
      if (!socket || socket.closed) {
        socket?.close();
        socket = connect(caller.cookie);
        if (!(await socket.until(() => socket!.frames.some((f) => f.type === 'ready'), timeoutMs)) || socket.closed) {
          fail(caller.as, c.name, 'other', `could not open a speaker's socket (close ${socket.closeCode}, frames ${JSON.stringify(socket.frames.slice(-2))})`);
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
      const failure = serverFailure(socket, from);
      if (failure) fail(caller.as, c.name, 'serverErrors', failure);
      else if (!answered) fail(caller.as, c.name, 'hung', 'no pong after the frame');
      else if (socket.closed && !(socket.closeCode === 1009 || (socket.closeCode! >= 4400 && socket.closeCode! < 4500))) fail(caller.as, c.name, 'other', `closed with ${socket.closeCode}`);
    }
    socket?.close();
  }
  return result;
}

export interface CaptionsMatrixContext {
  port: number;
  host: string;
  origin: string;
  seeded: SeededTenant;
  callers: MatrixCaller[];
  timeoutMs?: number;
}

const REFUSED = [4401, 4403, 4404, -403, -404];

export async function captionsSocketMatrix(ctx: CaptionsMatrixContext): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  const { seeded } = ctx;
  for (const caller of ctx.callers) {
    const query = `?event=${seeded.ids.event}`;
    const input = `A's event ${query}`;
    const fail = (kind: 'serverErrors' | 'hung' | 'leaks' | 'other', text: string) => {
      result[kind]++;
      result.failures.push({ endpoint: CAPTIONS_SOCKET_PATH, method: 'socket', as: caller.as, input, result: text });
    };
    result.requests++;
    const socket = ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie: caller.cookie, query, path: CAPTIONS_SOCKET_PATH });
    const opened = await socket.opened(timeoutMs);
    // Audio sent at once must not be taken in before the refusal.
    if (opened) socket.send(Buffer.alloc(3200));
    if (opened && !(await socket.until(() => false, timeoutMs))) fail('hung', 'the socket stayed open');
    const failure = serverFailure(socket);
    if (failure) fail('serverErrors', failure);
    else if (socket.closeCode === null || !REFUSED.includes(socket.closeCode)) fail('other', `closed with ${socket.closeCode}, expected 4401/4403/4404`);
    const text = socket.raw.join('\n');
    const leaked = [...seeded.markers, ...seeded.idMarkers.filter((id) => !query.includes(id))].filter((m) => text.includes(m));
    if (leaked.length) fail('leaks', `frames name A's ${leaked.join(', ')}`);
    socket.close();
  }
  return result;
}
