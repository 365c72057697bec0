// bench/rooms client process: one child process of bench/rooms.ts (started by bench/rooms-clients.ts).
// Publishes the synthetic 720p simulcast + audio (bench/rooms-media.ts) or holds many rtc-node
// subscribers that receive and decode it; asked, it reports its cumulative counters (sent by the
// publisher, received by each subscriber) and its own CPU time.
import { setTimeout as sleep } from 'node:timers/promises';
import { dispose, Room, RoomEvent, TrackKind } from '@livekit/rtc-node';
import type { ClientOrder, Joined, Sample } from './rooms-clients';
import { publishSynthetic, receiveCounters, sendCounters, type SyntheticPublisher } from './rooms-media';

/** Joins in flight at once per process: a burst of handshakes would itself cost packets. */
const JOIN_CONCURRENCY = 4;
/** A subscriber that has not received both tracks by then counts as failed. */
const JOIN_TIMEOUT_MS = 20_000;

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

clientProcess();
