// bench/rooms clients: the room's participants for bench/rooms.ts, in child processes of their own
// (`tsx bench/rooms-clients.ts`, spoken to over IPC), so the benchmark process itself runs no
// WebRTC. One process publishes (bench/rooms-media.ts); the others each hold many rtc-node rooms
// that receive (and decode) the publisher's video and audio. Asked, a process reports its
// cumulative counters (sent by the publisher, received by each subscriber) and its own CPU time.
// NODE_ENV=production keeps rtc-node's logger at "info" (it logs every connect at "debug" otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { dispose, Room, RoomEvent, TrackKind } from '@livekit/rtc-node';
import { childNodeEnv } from '#server/local/stack';
import { publishSynthetic, receiveCounters, sendCounters, type ReceiveCounters, type SendCounters, type SyntheticPublisher } from './rooms-media';

/** Joins in flight at once per process: a burst of handshakes would itself cost packets. */
const JOIN_CONCURRENCY = 4;
/** A subscriber that has not received both tracks by then counts as failed. */
const JOIN_TIMEOUT_MS = 20_000;

const here = fileURLToPath(import.meta.url);

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

/** Connects and waits until the publisher's video and audio are both subscribed. */
async function joinOne(url: string, token: string): Promise<Room> {
  const room = new Room();
  const kinds = new Set<TrackKind>();
  const subscribed = new Promise<void>((resolve) => {
    room.on(RoomEvent.TrackSubscribed, (track) => {
      if (track.kind !== undefined) kinds.add(track.kind);
      if (kinds.has(TrackKind.KIND_VIDEO) && kinds.has(TrackKind.KIND_AUDIO)) resolve();
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no video and audio within ${JOIN_TIMEOUT_MS} ms`)), JOIN_TIMEOUT_MS);
  });
  try {
    await Promise.race([room.connect(url, token, { autoSubscribe: true, dynacast: false }).then(() => subscribed), timeout]);
    return room;
  } catch (e) {
    await room.disconnect().catch(() => undefined);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

function clientProcess(): void {
  const rooms: Room[] = [];
  let publisher: SyntheticPublisher | undefined;
  let dropped = 0;
  const send = (m: Joined | Sample | { type: 'published' | 'left' }) => process.send?.(m);

  process.on('message', async (order: ClientOrder) => {
    if (order.type === 'publish') {
      publisher = await publishSynthetic(order.url, order.token);
      send({ type: 'published' });
    } else if (order.type === 'join') {
      const failures: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: JOIN_CONCURRENCY }, async () => {
          while (next < order.tokens.length) {
            const token = order.tokens[next++]!;
            try {
              const room = await joinOne(order.url, token);
              room.on(RoomEvent.Disconnected, () => dropped++);
              rooms.push(room);
            } catch (e) {
              failures.push((e as Error).message);
            }
          }
        }),
      );
      send({ type: 'joined', joined: order.tokens.length - failures.length, failures });
    } else if (order.type === 'sample') {
      const counters = await Promise.all(rooms.map(async (room) => (room.isConnected ? receiveCounters(await room.getRtcStats()) : null)));
      const sent = publisher ? sendCounters(await publisher.room.getRtcStats()) : null;
      const cpu = process.cpuUsage();
      send({ type: 'sample', counters, sent, dropped, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
    } else if (order.type === 'leave') {
      await Promise.all(rooms.map((room) => room.disconnect().catch(() => undefined)));
      await publisher?.stop().catch(() => undefined);
      await dispose();
      send({ type: 'left' });
      await sleep(100);
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export interface ClientProcess {
  process: ChildProcess;
  ask<T>(order: ClientOrder, answer: string): Promise<T>;
}

/** Starts one client process and returns the benchmark's handle on it. */
export function startClientProcess(): ClientProcess {
  const child = spawn('node_modules/.bin/tsx', [here], { env: childNodeEnv({ NODE_ENV: 'production' }), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    process: child,
    ask: <T>(order: ClientOrder, answer: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as T);
        };
        const onExit = (code: number | null) => reject(new Error(`a client process exited (${code})`));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(order);
      }),
  };
}

/** Asks the process to leave the room and end; ends it after 10 s if it does not. */
export async function stopClientProcess(child: ClientProcess): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  await Promise.race([child.ask({ type: 'leave' }, 'left').catch(() => undefined), sleep(10_000)]);
  await Promise.race([exited, sleep(2_000)]);
  if (child.process.exitCode === null) child.process.kill('SIGKILL');
}

if (import.meta.url === `file://${process.argv[1]}`) clientProcess();
