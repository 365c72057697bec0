// bench/rooms load client: the benchmark's handle on one lk-load process (tools/loadclient/, the Go
// client built into .local/bin by scripts/lk-load.mjs). It publishes synthetic 720p simulcast and
// Opus audio, or holds many subscribers that read RTP without decoding; orders and answers are
// JSON lines on its stdin and stdout (the protocol is described in tools/loadclient/main.go).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

export type LoadOrder =
  | { type: 'publish'; url: string; token: string; video: boolean; audio: boolean }
  | { type: 'join'; url: string; tokens: string[]; videoTracks: number; audioTracks: number }
  | { type: 'sample' }
  | { type: 'leave' };

/** What the process published so far (cumulative), over every participant it publishes as. */
export interface LoadSent {
  videoFrames: number;
  videoBytes: number;
  /** Frames of the 720p layer alone: what a subscriber on the top layer should receive. */
  topFrames: number;
  audioPackets: number;
  audioBytes: number;
  keyframes: number;
}

/** One subscriber's cumulative figures, read from RTP without decoding. */
export interface LoadSubscriber {
  connected: boolean;
  videoPackets: number;
  audioPackets: number;
  /** RTP payload bytes, every track. */
  bytes: number;
  /** Video frames (RTP marker bits). */
  frames: number;
  /** Expected (from sequence numbers) minus received, every track. */
  lost: number;
}

export interface LoadJoined {
  type: 'joined';
  joined: number;
  failures: string[];
}
export interface LoadSample {
  type: 'sample';
  sent: LoadSent;
  /** In join order. */
  subscribers: LoadSubscriber[];
  /** Subscribers the server disconnected since they joined. */
  dropped: number;
}

export interface LoadClient {
  process: ChildProcess;
  /** Sends an order and resolves with the answer of the given type (rejects on an error answer or exit). */
  ask<T>(order: LoadOrder, answer: string): Promise<T>;
  /** Leaves the room and ends the process (killed after 10 s if it does not). */
  stop(): Promise<void>;
}

export function startLoadClient(binary: string): LoadClient {
  const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const waiters: Array<{ answer: string; resolve: (m: unknown) => void; reject: (e: Error) => void }> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: { type?: string; message?: string };
    try {
      message = JSON.parse(line) as { type?: string };
    } catch {
      return;
    }
    // Orders are answered one at a time, in order: the first waiter is the one answered.
    const waiter = waiters.shift();
    if (!waiter) return;
    if (message.type === 'error') waiter.reject(new Error(`lk-load: ${message.message}`));
    else if (message.type !== waiter.answer) waiter.reject(new Error(`lk-load answered ${message.type}, not ${waiter.answer}`));
    else waiter.resolve(message);
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`lk-load exited (${code}) before answering:\n${stderr.trim()}`));
      resolve();
    }),
  );
  const ask = <T>(order: LoadOrder, answer: string) =>
    new Promise<T>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`lk-load already exited (${child.exitCode}):\n${stderr.trim()}`));
      waiters.push({ answer, resolve: resolve as (m: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify(order)}\n`);
    });
  return {
    process: child,
    ask,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await Promise.race([ask({ type: 'leave' }, 'left').catch(() => undefined), sleep(10_000)]);
      await Promise.race([exited, sleep(2_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
