// bench/engagement-poll-clients: the polls side of bench/engagement-clients.ts (in the audience's
// child processes). Every seat records each `poll` room notice its chat socket receives (when it
// arrived, the counts it carried); on order each seat votes once over HTTP (POST /api/polls, as the
// room's poll card does, with the person's cookies) at a random moment of a window, on the instance
// its socket is on, and records when the answer came back. Times are epoch milliseconds with
// sub-millisecond precision (performance.timeOrigin + performance.now()), comparable across the
// processes of this machine.
import http from 'node:http';

const VOTE_SOCKETS = 64;
/** A browser's fetch waits as long as the server takes; the bench gives up after this. */
const VOTE_TIMEOUT_MS = 180_000;

export const preciseNow = (): number => performance.timeOrigin + performance.now();

export interface VoteOrder {
  type: 'vote';
  /** http://127.0.0.1:<port> of the instance this process's sockets are on. */
  origin: string;
  host: string;
  eventId: string;
  pollId: string;
  /** The option each seat votes for, by seat index (this process's seats, in connection order). */
  choices: number[];
  startAt: number;
  seconds: number;
}

export interface CastVote {
  choice: number;
  status: number;
  /** When the answer arrived (epoch ms); 0 when it never did. */
  answeredAt: number;
  /** The request's round trip (ms). */
  ms: number;
}

export interface PollReport {
  type: 'polls';
  votes: CastVote[];
  /** Distinct counts seen in notices of the poll: [voters, ...counts per option]. */
  shapes: number[][];
  /** Per seat: [shape index, arrival (epoch ms)] of each poll notice, in arrival order. */
  seen: Array<Array<[number, number]>>;
  errors: string[];
}

/** One seat's notices, and the shapes shared by every seat of the process. */
export function pollRecorder() {
  const shapes: number[][] = [];
  const shapeIndex = new Map<string, number>();
  const seen: Array<Array<[number, number]>> = [];
  const votes: CastVote[] = [];
  const errors: string[] = [];
  let pollId = '';
  const note = (e: string) => {
    if (errors.length < 5) errors.push(e);
  };

  /** A chat frame of seat `seat`: keeps a poll notice of the ordered poll (others are ignored). */
  function onFrame(seat: number, data: Buffer): boolean {
    if (data.indexOf('"type":"notice"') !== 1 || data.indexOf('"kind":"poll"') < 0) return false;
    const at = preciseNow();
    const { notice } = JSON.parse(data.toString()) as { notice: { poll: { pollId: string; results: { counts: number[]; voters: number } | null } } };
    const results = notice.poll.results;
    if (!results || (pollId && notice.poll.pollId !== pollId)) return true;
    const key = `${results.voters}:${results.counts.join(',')}`;
    let index = shapeIndex.get(key);
    if (index === undefined) {
      index = shapes.push([results.voters, ...results.counts]) - 1;
      shapeIndex.set(key, index);
    }
    (seen[seat] ??= []).push([index, at]);
    return true;
  }

  function post(agent: http.Agent, o: VoteOrder, cookie: string, choice: number): Promise<CastVote> {
    const body = JSON.stringify({ intent: 'vote', eventId: o.eventId, pollId: o.pollId, choices: [choice] });
    const began = preciseNow();
    return new Promise((resolve) => {
      const req = http.request(
        `${o.origin}/api/polls`,
        {
          method: 'POST',
          agent,
          timeout: VOTE_TIMEOUT_MS,
          headers: { Host: o.host, Origin: `http://${o.host}`, Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const answeredAt = preciseNow();
            if (res.statusCode !== 200) note(`vote ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8', 0, 200)}`);
            resolve({ choice, status: res.statusCode ?? 0, answeredAt, ms: answeredAt - began });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('vote timed out')));
      req.on('error', (e) => {
        note(`vote: ${e.message}`);
        resolve({ choice, status: 0, answeredAt: 0, ms: preciseNow() - began });
      });
      req.end(body);
    });
  }

  /** Every seat votes once at a random moment of the window; resolves when every answer is in. */
  async function vote(o: VoteOrder, cookies: string[]): Promise<void> {
    pollId = o.pollId;
    const agent = new http.Agent({ keepAlive: true, maxSockets: VOTE_SOCKETS });
    try {
      const cast = cookies.map(
        (cookie, seat) =>
          new Promise<void>((resolve) => {
            const at = o.startAt + Math.random() * o.seconds * 1000;
            setTimeout(
              () =>
                void post(agent, o, cookie, o.choices[seat]!).then((v) => {
                  votes.push(v);
                  resolve();
                }),
              Math.max(0, at - Date.now()),
            );
          }),
      );
      await Promise.all(cast);
    } finally {
      agent.destroy();
    }
  }

  const report = (seats: number): PollReport => ({ type: 'polls', votes, shapes, seen: Array.from({ length: seats }, (_, s) => seen[s] ?? []), errors });

  return { onFrame, vote, report };
}
