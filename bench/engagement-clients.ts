// bench/engagement-clients: the audience of bench/engagement.ts, in child processes of their own
// (`tsx bench/engagement-clients.ts`, spoken to over IPC) so 1,000 chat sockets do not share one
// event loop with the benchmark. One socket per signed-in person. On order each socket sends its
// reactions at random moments of a window, and records every `reactions` frame it receives: how
// many frames arrived in each second, and the sum of the counts they carried. Polls: each seat
// records the `poll` notices it receives and votes over HTTP on order (bench/engagement-poll-clients.ts).
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { REACTION_EMOJI } from '#app/lib/reactions/protocol';
import { startIpcChild, type IpcChild } from './ipc-child';
import { pollRecorder, type VoteOrder } from './engagement-poll-clients';

const CONNECT_CONCURRENCY = 20;
const here = fileURLToPath(import.meta.url);

export interface AudienceConnect {
  type: 'connect';
  url: string;
  host: string;
  origin: string;
  /** One socket per cookie (one person each). */
  cookies: string[];
}

export interface ReactOrder {
  type: 'react';
  /** Each socket sends this many reactions at random moments within `seconds`, starting at `startAt` (epoch ms). */
  perSocket: number;
  seconds: number;
  startAt: number;
}

export interface AudienceReport {
  type: 'report';
  sockets: number;
  sent: number;
  /** Reactions frames received, summed over sockets. */
  frames: number;
  /** The sum of every frame's counts, per socket (each should reach everyone's reactions). */
  countsPerSocket: number[];
  /** The most frames any socket got within one second (from the first reaction sent). */
  maxFramesInASecond: number;
  /** Frames per socket per second, averaged over the seconds with any frame. */
  meanFramesPerSecond: number;
  errorFrames: number;
  closed: number;
  firstErrors: string[];
}

interface Seat {
  ws: WebSocket;
  index: number;
  cookie: string;
  frames: number;
  counted: number;
  perSecond: Map<number, number>;
}

function audienceProcess(): void {
  const seats: Seat[] = [];
  const firstErrors: string[] = [];
  let order: AudienceConnect | undefined;
  let reactStart = 0;
  let sent = 0;
  let errorFrames = 0;
  let closed = 0;
  let stopping = false;
  const polls = pollRecorder();
  const note = (problem: string) => {
    if (firstErrors.length < 5) firstErrors.push(problem);
  };

  function onFrame(seat: Seat, data: Buffer): void {
    if (data.indexOf('"type":"reactions"') === 1) {
      const { counts } = JSON.parse(data.toString()) as { counts: Record<string, number> };
      seat.frames++;
      for (const n of Object.values(counts)) seat.counted += n;
      const second = Math.floor((Date.now() - reactStart) / 1000);
      seat.perSecond.set(second, (seat.perSecond.get(second) ?? 0) + 1);
    } else if (polls.onFrame(seat.index, data)) {
      return;
    } else if (data.indexOf('"type":"error"') === 1) {
      errorFrames++;
      note(data.toString('utf8', 0, 300));
    }
  }

  function open(cookie: string): Promise<string | null> {
    const o = order!;
    return new Promise((resolve) => {
      const ws = new WebSocket(o.url, { headers: { Host: o.host, Origin: o.origin, Cookie: cookie }, perMessageDeflate: false });
      const seat: Seat = { ws, index: -1, cookie, frames: 0, counted: 0, perSecond: new Map() };
      let welcomed = false;
      const timer = setTimeout(() => {
        ws.terminate();
        resolve('no welcome within 60 s');
      }, 60_000);
      ws.on('message', (data: Buffer) => {
        if (welcomed) return onFrame(seat, data);
        welcomed = true;
        clearTimeout(timer);
        if (data.indexOf('"type":"welcome"') !== 1) return resolve(`first frame: ${data.toString('utf8', 0, 200)}`);
        seat.index = seats.push(seat) - 1;
        resolve(null);
      });
      ws.on('close', (code, reason) => {
        clearTimeout(timer);
        if (!welcomed) resolve(`closed ${code} ${reason.toString()}`);
        else if (!stopping) {
          closed++;
          note(`socket closed ${code} ${reason.toString()}`);
        }
      });
      ws.on('error', (e) => {
        clearTimeout(timer);
        if (!welcomed) resolve(e.message);
      });
    });
  }

  function react(o: ReactOrder): void {
    reactStart = o.startAt;
    for (const seat of seats) {
      for (let i = 0; i < o.perSocket; i++) {
        const at = o.startAt + Math.random() * o.seconds * 1000;
        const emoji = REACTION_EMOJI[Math.floor(Math.random() * REACTION_EMOJI.length)]!;
        setTimeout(() => {
          if (seat.ws.readyState !== WebSocket.OPEN) return;
          seat.ws.send(JSON.stringify({ type: 'react', emoji }));
          sent++;
        }, Math.max(0, at - Date.now()));
      }
    }
  }

  function report(): AudienceReport {
    let maxFramesInASecond = 0;
    let secondsWithFrames = 0;
    let frames = 0;
    for (const seat of seats) {
      frames += seat.frames;
      for (const n of seat.perSecond.values()) {
        maxFramesInASecond = Math.max(maxFramesInASecond, n);
        secondsWithFrames++;
      }
    }
    return {
      type: 'report',
      sockets: seats.length,
      sent,
      frames,
      countsPerSocket: seats.map((s) => s.counted),
      maxFramesInASecond,
      meanFramesPerSecond: secondsWithFrames ? frames / secondsWithFrames : 0,
      errorFrames,
      closed,
      firstErrors,
    };
  }

  process.on('message', (message: AudienceConnect | ReactOrder | VoteOrder | { type: 'report' | 'polls' | 'close' }) => {
    if (message.type === 'connect') {
      order = message;
      let next = 0;
      let failed = 0;
      void Promise.all(
        Array.from({ length: CONNECT_CONCURRENCY }, async () => {
          while (next < message.cookies.length) {
            const problem = await open(message.cookies[next++]!);
            if (problem) {
              failed++;
              note(problem);
            }
          }
        }),
      ).then(() => process.send!({ type: 'connected', open: seats.length, failed, firstErrors }));
    } else if (message.type === 'react') {
      react(message);
      process.send!({ type: 'scheduled' });
    } else if (message.type === 'vote') {
      void polls.vote(message, seats.map((s) => s.cookie)).then(() => process.send!({ type: 'voted' }));
    } else if (message.type === 'polls') {
      process.send!(polls.report(seats.length));
    } else if (message.type === 'report') {
      process.send!(report());
    } else if (message.type === 'close') {
      stopping = true;
      for (const seat of seats) seat.ws.terminate();
      setTimeout(() => process.exit(0), 100);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

export type Audience = IpcChild<object>;

export const startAudience = (): Audience => startIpcChild<object>(here);

/** Stops a client process (the same as bench/chat's listeners). */
export { closeListeners as closeAudience } from './chat-listeners';

if (import.meta.url === `file://${process.argv[1]}`) audienceProcess();
