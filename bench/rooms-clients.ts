// bench/rooms clients: the benchmark's handle on the room's participants, which run in child
// processes of their own (bench/rooms-client-process.ts, spoken to over IPC), so the benchmark
// process itself loads no WebRTC. One process publishes; the others each hold many subscribers.
// NODE_ENV=production keeps rtc-node's logger at "info" (it logs every connect at "debug" otherwise).
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startIpcChild, type IpcChild } from './ipc-child';
import type { ReceiveCounters, SendCounters } from './rooms-media';

const entry = fileURLToPath(new URL('./rooms-client-process.ts', import.meta.url));

export type ClientOrder =
  | { type: 'publish'; url: string; token: string }
  | { type: 'join'; url: string; tokens: string[] }
  | { type: 'sample' }
  | { type: 'leave' };
export interface Joined {
  type: 'joined';
  joined: number;
  failures: string[];
}
export interface Sample {
  type: 'sample';
  /** In join order; null for a subscriber no longer connected. */
  counters: Array<ReceiveCounters | null>;
  /** The publisher's, when this process publishes. */
  sent: SendCounters | null;
  /** Subscribers the server disconnected since they joined. */
  dropped: number;
  cpuSeconds: number;
}

export type ClientProcess = IpcChild<ClientOrder>;

/** Starts one client process and returns the benchmark's handle on it. */
export const startClientProcess = (): ClientProcess => startIpcChild<ClientOrder>(entry, { NODE_ENV: 'production' });

/** Asks the process to leave the room and end; ends it after 10 s if it does not. */
export async function stopClientProcess(child: ClientProcess): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  await Promise.race([child.ask({ type: 'leave' }, 'left').catch(() => undefined), sleep(10_000)]);
  await Promise.race([exited, sleep(2_000)]);
  if (child.process.exitCode === null) child.process.kill('SIGKILL');
}
