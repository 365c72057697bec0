/**
 * A person joining a live event as the room's browser does (docs/decisions/0024): the room page
 * (the shared shell), then together the person's data (the room loader's data request, which
 * carries the LiveKit token) and the chat socket up to its welcome. Each joiner has its own
 * connections, like a browser. Used by the single-instance join benchmark (bench/join.ts) over
 * plain HTTP and by the fleet test (tests/fleet) through the HTTPS front.
 */
import http from 'node:http';
import https from 'node:https';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';

export interface JoinTarget {
  /** Where connections go: http://127.0.0.1:<port> or https://127.0.0.1:<port>. */
  origin: string;
  /** The tenant's host with its port, as the browser sends it (Host, Origin, TLS server name). */
  host: string;
  /** The room's layout route (e.g. liveEventsContainer). */
  layout: string;
  /** The CA that signs an HTTPS origin's certificates. */
  ca?: string;
  timeoutMs?: number;
  /** A response header naming what served the answer (the fleet's front sets one). */
  servedByHeader?: string;
}

export interface Answer {
  status: number;
  body: Buffer;
  servedBy?: string;
}

export interface Join {
  ms: number;
  error: string | null;
  socket?: WebSocket;
  /** How long each step took (ms), to show where a join waits. */
  steps: Record<string, number>;
  /** What served each HTTP step, when the target names it (page, room data). */
  servedBy: Record<string, string>;
  /** Attempts after the first (a browser reloading after an error). */
  retries: number;
}

export const JOIN_STEPS = ['page', 'room data', 'chat welcome'] as const;

/** Browsers accept compressed answers; so do the joiners. */
const BROWSER = { 'Accept-Encoding': 'gzip' };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function joinClient(target: JoinTarget) {
  const secure = target.origin.startsWith('https:');
  const timeoutMs = target.timeoutMs ?? 30_000;
  const serverName = target.host.replace(/:\d+$/, '');
  const wsOrigin = target.origin.replace(/^http/, 'ws');
  /** What the room's data request asks for: the user, the room and the first video token. */
  const personDataPath = (eventId: string) => `/${target.layout}?event=${eventId}&_data=${target.layout}`;

  const newAgent = (): http.Agent => (secure ? new https.Agent({ keepAlive: true, maxSockets: 4, ca: target.ca, servername: serverName }) : new http.Agent({ keepAlive: true, maxSockets: 4 }));

  function request(agent: http.Agent, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const send = secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(target.origin + path, { method, agent, headers: { Host: target.host, ...BROWSER, ...headers }, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const servedBy = target.servedByHeader ? res.headers[target.servedByHeader]?.toString() : undefined;
          resolve({ status: res.statusCode ?? 0, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw, servedBy });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** The chat socket up to its welcome frame (which carries the history snapshot); closed by the caller. */
  function chatWelcome(eventId: string, cookie: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsOrigin}${CHAT_SOCKET_PATH}?event=${eventId}`, {
        headers: { Host: target.host, Origin: `${secure ? 'https' : 'http'}://${target.host}`, Cookie: cookie },
        perMessageDeflate: false,
        handshakeTimeout: timeoutMs,
        ...(secure ? { ca: target.ca, servername: serverName } : {}),
      });
      ws.once('message', (data: Buffer) => {
        if (data.indexOf('"type":"welcome"') === 1) resolve(ws);
        else reject(new Error(`first chat frame: ${data.toString('utf8', 0, 120)}`));
      });
      ws.once('close', (code) => reject(new Error(`chat socket closed ${code}`)));
      ws.once('error', reject);
    });
  }

  /** Sends one chat message on an open socket and resolves with its msgId once the server acknowledges it. */
  function sendChat(ws: WebSocket, clientId: string, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const onMessage = (data: Buffer) => {
        if (!data.includes(clientId)) return;
        const frame = JSON.parse(data.toString('utf8')) as { type: string; msgId?: string; code?: string };
        if (frame.type === 'ack') done(null, frame.msgId!);
        else if (frame.type === 'error') done(new Error(`message refused: ${frame.code}`));
      };
      const onClose = () => done(new Error('chat socket closed before the acknowledgement'));
      const done = (error: Error | null, msgId?: string) => {
        ws.off('message', onMessage);
        ws.off('close', onClose);
        if (error) reject(error);
        else resolve(msgId!);
      };
      ws.on('message', onMessage);
      ws.once('close', onClose);
      ws.send(JSON.stringify({ type: 'send', clientId, textMessage: text }));
    });
  }

  async function timed<T>(steps: Record<string, number>, name: (typeof JOIN_STEPS)[number], work: Promise<T>): Promise<T> {
    const began = performance.now();
    try {
      return await work;
    } catch (e) {
      // Name the step, so the report says where joins fail.
      throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      steps[name] = performance.now() - began;
    }
  }

  /** One attempt: page, then the person's data (with the token) and chat welcome together (what the room does). */
  async function attempt(eventId: string, cookie: string, began: number, steps: Record<string, number>, servedBy: Record<string, string>): Promise<Omit<Join, 'retries'>> {
    const agent = newAgent();
    const headers = { Cookie: cookie, Accept: 'text/html' };
    try {
      const page = await timed(steps, 'page', request(agent, 'GET', `/${target.layout}?event=${eventId}`, headers));
      if (page.servedBy) servedBy.page = page.servedBy;
      if (page.status !== 200) return { ms: performance.now() - began, error: `page ${page.status}`, steps, servedBy };
      const json = { Cookie: cookie, Accept: 'application/json' };
      const [data, socket] = await Promise.all([
        timed(steps, 'room data', request(agent, 'GET', personDataPath(eventId), json)),
        timed(steps, 'chat welcome', chatWelcome(eventId, cookie)),
      ]);
      if (data.servedBy) servedBy['room data'] = data.servedBy;
      const ms = performance.now() - began;
      if (data.status !== 200) {
        socket.terminate();
        return { ms, error: `person's data ${data.status}`, steps, servedBy };
      }
      const session = (JSON.parse(data.body.toString('utf8')) as { session?: { token?: string } | null }).session;
      if (!session?.token) {
        socket.terminate();
        return { ms, error: 'no token in the room data', steps, servedBy };
      }
      return { ms, error: null, socket, steps, servedBy };
    } catch (e) {
      return { ms: performance.now() - began, error: e instanceof Error ? e.message : String(e), steps, servedBy };
    } finally {
      agent.destroy();
    }
  }

  /**
   * One person joining. With `retryForMs`, a failed attempt is tried again through the same
   * address after `retryGapMs`, as a browser reloading the room would; the join's time runs from
   * the first attempt.
   */
  async function joinOnce(eventId: string, cookie: string, retry: { retryForMs?: number; retryGapMs?: number } = {}): Promise<Join> {
    const began = performance.now();
    let retries = 0;
    for (;;) {
      const result = await attempt(eventId, cookie, began, {}, {});
      if (!result.error || !retry.retryForMs || performance.now() - began > retry.retryForMs) return { ...result, retries };
      retries++;
      await sleep(retry.retryGapMs ?? 500);
    }
  }

  return { request, newAgent, chatWelcome, sendChat, joinOnce, personDataPath };
}

export interface StormResult {
  joins: Join[];
  wallSeconds: number;
  joined: number;
  p50: number;
  p99: number;
  max: number;
  errors: Map<string, number>;
  steps: Array<{ step: string; p50: number; p99: number }>;
}

/** `count` people arriving evenly over `rampSeconds`, each joining; their sockets stay open in `joins`. */
export async function joinStorm(count: number, rampSeconds: number, join: (i: number) => Promise<Join>): Promise<StormResult> {
  const gap = (rampSeconds * 1000) / count;
  const began = performance.now();
  const joins = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(i * gap);
      return join(i);
    }),
  );
  const wallSeconds = (performance.now() - began) / 1000;
  const ok = joins.filter((j) => !j.error).map((j) => j.ms).sort((a, b) => a - b);
  const errors = new Map<string, number>();
  for (const j of joins) if (j.error) errors.set(j.error, (errors.get(j.error) ?? 0) + 1);
  const steps = JOIN_STEPS.map((step) => {
    const times = joins.filter((j) => !j.error).map((j) => j.steps[step] ?? NaN).sort((a, b) => a - b);
    return { step, p50: percentile(times, 50), p99: percentile(times, 99) };
  });
  return { joins, wallSeconds, joined: ok.length, p50: percentile(ok, 50), p99: percentile(ok, 99), max: ok.at(-1) ?? NaN, errors, steps };
}
