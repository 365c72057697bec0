// bench/chat-listeners: the receiving clients of bench/chat.ts, in child processes of their own
// (`tsx bench/chat-listeners.ts`, spoken to over IPC), so 1,000 sockets do not share one event
// loop with the senders. Each socket records send-to-receive latency in a histogram and which
// benchmark messages it got; receivers only search each frame's bytes for the marker.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startIpcChild, type IpcChild } from './ipc-child';

/** Latency histogram: 0.1 ms buckets up to 10 s (the last bucket takes everything slower). */
export const BUCKETS = 100_001;
/** What starts the text of every benchmark message: `bench#<k>#<send time>#`. */
export const MARK = 'bench#';
const CONNECT_CONCURRENCY = 20;

const here = fileURLToPath(import.meta.url);
/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

export interface ConnectOrder {
  type: 'connect';
  url: string;
  host: string;
  origin: string;
  cookies: string[];
  sockets: number;
  /** Messages numbered below `warmup` are warm-up; `total` messages in all. */
  warmup: number;
  total: number;
}

export interface ListenerReport {
  type: 'report';
  /** Unique measured messages received, summed over sockets. */
  received: number;
  duplicates: number;
  /** Frames that carried no benchmark message (likes, errors…), and error frames among them. */
  otherFrames: number;
  errorFrames: number;
  closed: number;
  firstReceive: number;
  lastReceive: number;
  maxLatency: number;
  /** Non-zero buckets as [bucket, count] pairs (final report only). */
  histogram?: Array<[number, number]>;
  /** Per measured message, how many sockets received it (final report only). */
  perMessage?: number[];
}

/** The client process: opens the sockets it is told to, records what arrives, reports on request. */
function listenerProcess(): void {
  let sockets: WebSocket[] = [];
  let seen: Uint8Array[] = [];
  let order: ConnectOrder | undefined;
  const histogram = new Uint32Array(BUCKETS);
  let perMessage = new Uint32Array(0);
  const stats = { received: 0, duplicates: 0, otherFrames: 0, errorFrames: 0, closed: 0, firstReceive: 0, lastReceive: 0, maxLatency: 0 };
  const firstErrors: string[] = [];
  let stopping = false;

  /** Reads an unsigned decimal (with an optional fraction) from bytes; returns [value, index after it]. */
  function number(data: Buffer, from: number): [number, number] {
    let i = from;
    let value = 0;
    while (i < data.length && data[i]! >= 48 && data[i]! <= 57) value = value * 10 + (data[i++]! - 48);
    if (data[i] === 46) {
      let scale = 0.1;
      i++;
      while (i < data.length && data[i]! >= 48 && data[i]! <= 57) {
        value += (data[i++]! - 48) * scale;
        scale /= 10;
      }
    }
    return [value, i];
  }

  function onFrame(index: number, data: Buffer): void {
    const at = now();
    const o = order!;
    const mark = data.indexOf(MARK);
    if (mark < 0 || data.indexOf('"type":"event"') !== 1) {
      stats.otherFrames++;
      if (data.indexOf('"type":"error"') === 1) {
        stats.errorFrames++;
        if (firstErrors.length < 5) firstErrors.push(data.toString('utf8', 0, 300));
      }
      return;
    }
    const [k, afterK] = number(data, mark + MARK.length);
    if (data[afterK] !== 35 || k >= o.total) return;
    const [sentAt] = number(data, afterK + 1);
    const flags = seen[index]!;
    if (flags[k]) {
      if (k >= o.warmup) stats.duplicates++;
      return;
    }
    flags[k] = 1;
    if (k < o.warmup) return;
    stats.received++;
    perMessage[k - o.warmup]!++;
    const latency = Math.max(0, at - sentAt);
    histogram[Math.min(BUCKETS - 1, Math.floor(latency * 10))]!++;
    if (latency > stats.maxLatency) stats.maxLatency = latency;
    if (!stats.firstReceive) stats.firstReceive = at;
    stats.lastReceive = at;
  }

  function open(index: number, cookie: string): Promise<string | null> {
    const o = order!;
    return new Promise((resolve) => {
      const ws = new WebSocket(o.url, { headers: { Host: o.host, Origin: o.origin, Cookie: cookie }, perMessageDeflate: false });
      sockets[index] = ws;
      let welcomed = false;
      const timer = setTimeout(() => {
        ws.terminate();
        resolve('no welcome within 60 s');
      }, 60_000);
      ws.on('message', (data: Buffer) => {
        if (!welcomed) {
          welcomed = true;
          clearTimeout(timer);
          resolve(data.indexOf('"type":"welcome"') === 1 ? null : `first frame: ${data.toString('utf8', 0, 200)}`);
          return;
        }
        onFrame(index, data);
      });
      ws.on('close', (code, reason) => {
        clearTimeout(timer);
        if (!welcomed) resolve(`closed ${code} ${reason.toString()}`);
        else if (!stopping) {
          stats.closed++;
          if (firstErrors.length < 5) firstErrors.push(`socket closed ${code} ${reason.toString()}`);
        }
      });
      ws.on('error', (e) => {
        clearTimeout(timer);
        if (!welcomed) resolve(e.message);
      });
    });
  }

  const report = (final: boolean): ListenerReport => ({
    type: 'report',
    ...stats,
    ...(final
      ? {
          histogram: [...histogram.entries()].filter(([, n]) => n > 0),
          perMessage: [...perMessage],
        }
      : {}),
  });

  process.on('message', (message: ConnectOrder | { type: 'report' | 'final' | 'close' }) => {
    if (message.type === 'connect') {
      order = message;
      seen = Array.from({ length: message.sockets }, () => new Uint8Array(message.total));
      perMessage = new Uint32Array(message.total - message.warmup);
      sockets = new Array<WebSocket>(message.sockets);
      const started = performance.now();
      let next = 0;
      let failed = 0;
      void Promise.all(
        Array.from({ length: CONNECT_CONCURRENCY }, async () => {
          while (next < message.sockets) {
            const i = next++;
            const problem = await open(i, message.cookies[i % message.cookies.length]!);
            if (problem) {
              failed++;
              if (firstErrors.length < 5) firstErrors.push(problem);
            }
          }
        }),
      ).then(() => process.send!({ type: 'connected', open: message.sockets - failed, failed, ms: performance.now() - started, firstErrors }));
    } else if (message.type === 'report' || message.type === 'final') {
      process.send!({ ...report(message.type === 'final'), firstErrors });
    } else if (message.type === 'close') {
      stopping = true;
      for (const ws of sockets) ws?.terminate();
      setTimeout(() => process.exit(0), 100);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export type Child = IpcChild<object>;

/** Starts one client process and returns the benchmark's handle on it. */
export const startListeners = (): Child => startIpcChild<object>(here);

export async function closeListeners(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  if (child.process.connected) child.process.send({ type: 'close' });
  await Promise.race([exited, sleep(5000)]);
  if (child.process.exitCode === null) child.process.kill('SIGKILL');
}

if (import.meta.url === `file://${process.argv[1]}`) listenerProcess();
