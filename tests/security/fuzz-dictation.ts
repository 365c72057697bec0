/**
 * The fuzz and cross-tenant suites' dictation socket part (/ws/stt): hostile handshakes (plain HTTP
 * jobs), then hostile frames over real sockets, signed out, with a session, and with another
 * tenant's session. Every frame must end in a client-error close (4400–4499, or 1009 for an
 * oversized frame) or, for a valid start, a `ready` frame; a 1011 close, an `engine` error for a
 * frame that never reached the engine, or silence is a failure.
 */
import { WebSocket } from 'ws';
import { DICTATION_MAX_AUDIO_FRAME_BYTES, DICTATION_SOCKET_PATH } from '#app/lib/speech/dictation';
import type { Failure } from './report';
import { emptyResult, type Job, type RunResult } from './runner';

export interface DictationFuzzContext {
  port: number;
  host: string;
  origin: string;
  callers: Array<{ as: string; cookie?: string }>;
  /** Sessions of another tenant, sent to this tenant's host: each must be refused with 4401. */
  foreignCallers?: Array<{ as: string; cookie: string }>;
  timeoutMs?: number;
}

const UPGRADE: Array<[string, string]> = [
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Sec-WebSocket-Version', '13'],
  ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

export function dictationUpgradeJobs(ctx: DictationFuzzContext): Job[] {
  const base = (cookie?: string): Array<[string, string]> => [['Host', ctx.host], ['Origin', ctx.origin], ...(cookie ? ([['Cookie', cookie]] as Array<[string, string]>) : []), ...UPGRADE];
  const variants: Array<[string, Array<[string, string]>]> = [
    ['empty: no Origin', base().filter(([k]) => k !== 'Origin')],
    ['malformed: Origin "null"', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'null'] : [k, v]))],
    ['malformed: Origin of another site', base().map(([k, v]): [string, string] => (k === 'Origin' ? [k, 'http://evil.example'] : [k, v]))],
    ['wrongType: WebSocket version 99', base().map(([k, v]): [string, string] => (k === 'Sec-WebSocket-Version' ? [k, '99'] : [k, v]))],
    ['empty: no WebSocket key', base().filter(([k]) => k !== 'Sec-WebSocket-Key')],
    ['malformed: extensions garbage', [...base(), ['Sec-WebSocket-Extensions', 'permessage-deflate; client_max_window_bits=99; x="']]],
  ];
  const jobs: Job[] = variants.map(([input, headers]) => ({ endpoint: DICTATION_SOCKET_PATH, as: 'anonymous', input, request: { method: 'GET', target: DICTATION_SOCKET_PATH, headers } }));
  for (const query of ['?language=%00', `?x=${'A'.repeat(6000)}`, '?__proto__[admin]=1']) {
    for (const caller of ctx.callers) jobs.push({ endpoint: DICTATION_SOCKET_PATH, as: caller.as, input: `malformed: upgrade query ${query.slice(0, 24)}`, request: { method: 'GET', target: DICTATION_SOCKET_PATH + query, headers: base(caller.cookie) } });
  }
  return jobs;
}

/** Hostile frames, each sent on a fresh socket after a valid start (or first, when `bare`). */
function frameCases(): Array<{ name: string; data: string | Buffer; bare?: boolean }> {
  return [
    { name: 'empty: type only', data: '{"type":"start"}', bare: true },
    { name: 'wrongType: language a number', data: '{"type":"start","language":1}', bare: true },
    { name: 'malformed: truncated JSON', data: '{"type":"start","lang', bare: true },
    { name: 'malformed: prototype keys', data: '{"type":"start","language":"en","__proto__":{"admin":true}}', bare: true },
    { name: 'nested: 4000-deep arrays', data: `{"type":${'['.repeat(4000)}${']'.repeat(4000)}}`, bare: true },
    { name: 'nulCrlf: language with NUL and CR/LF', data: '{"type":"start","language":"e\\u0000n\\r\\n"}', bare: true },
    { name: 'unicode: lone surrogates', data: '{"type":"\\ud800","language":"\\u202een"}', bare: true },
    { name: 'oversized: text frame above the limit', data: JSON.stringify({ type: 'start', language: 'A'.repeat(DICTATION_MAX_AUDIO_FRAME_BYTES + 10) }), bare: true },
    { name: 'wrongType: audio before start', data: Buffer.alloc(640), bare: true },
    { name: 'wrongType: odd-sized audio', data: Buffer.alloc(641) },
    { name: 'oversized: audio frame above the limit', data: Buffer.alloc(DICTATION_MAX_AUDIO_FRAME_BYTES + 2) },
    { name: 'wrongType: a second start', data: '{"type":"start","language":"en"}' },
    { name: 'wrongType: JSON as binary (odd-sized, so not audio)', data: Buffer.from('{"type":"stop"}') },
  ];
}

interface Outcome {
  frames: Array<{ type?: string; code?: string }>;
  closeCode: number | null;
}

function exchange(ctx: DictationFuzzContext, cookie: string | undefined, frames: Array<string | Buffer>, until: (o: Outcome) => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { frames: [], closeCode: null };
    const ws = new WebSocket(`ws://127.0.0.1:${ctx.port}${DICTATION_SOCKET_PATH}`, { headers: { host: ctx.host, ...(cookie ? { cookie } : {}) }, origin: ctx.origin, perMessageDeflate: false });
    const done = () => {
      clearTimeout(timer);
      ws.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(done, ctx.timeoutMs ?? 10_000);
    ws.on('open', () => {
      for (const frame of frames) ws.send(frame);
    });
    ws.on('message', (data) => {
      try {
        outcome.frames.push(JSON.parse(data.toString()) as { type?: string });
      } catch {
        outcome.frames.push({ type: 'unparsable' });
      }
      if (until(outcome)) done();
    });
    ws.on('close', (code) => {
      outcome.closeCode = code;
      done();
    });
    ws.on('error', () => undefined);
  });
}

const clientError = (code: number | null) => code === 1009 || (code !== null && code >= 4400 && code < 4500);

export async function fuzzDictation(ctx: DictationFuzzContext): Promise<RunResult> {
  const result = emptyResult();
  const fail = (as: string, input: string, kind: 'serverErrors' | 'hung' | 'other', text: string) => {
    result[kind]++;
    const failure: Failure = { endpoint: DICTATION_SOCKET_PATH, method: 'frame', as, input, result: text };
    result.failures.push(failure);
  };
  const start = '{"type":"start","language":"en"}';
  for (const caller of [...ctx.callers, ...(ctx.foreignCallers ?? [])]) {
    const signedIn = caller.cookie && !ctx.foreignCallers?.includes(caller as { as: string; cookie: string });
    if (!signedIn) {
      result.requests++;
      const o = await exchange(ctx, caller.cookie, [start, Buffer.alloc(640)], () => false);
      if (o.closeCode === null) fail(caller.as, 'start and audio without a session', 'hung', 'the socket was not closed');
      else if (o.closeCode !== 4401) fail(caller.as, 'start and audio without a session', 'other', `closed with ${o.closeCode}, expected 4401; frames ${JSON.stringify(o.frames)}`);
      continue;
    }
    for (const c of frameCases()) {
      result.requests++;
      const o = await exchange(ctx, caller.cookie, c.bare ? [c.data] : [start, c.data], (x) => x.closeCode !== null);
      if (o.closeCode === 1011 || o.frames.some((f) => f.type === 'unparsable')) fail(caller.as, c.name, 'serverErrors', `close ${o.closeCode}, frames ${JSON.stringify(o.frames)}`);
      else if (o.closeCode === null) fail(caller.as, c.name, 'hung', `no close; frames ${JSON.stringify(o.frames)}`);
      else if (!clientError(o.closeCode)) fail(caller.as, c.name, 'other', `closed with ${o.closeCode}`);
    }
  }
  return result;
}
