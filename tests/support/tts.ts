/**
 * Helpers of the text-to-speech socket tests and benchmark: an http server with the /ws/tts
 * endpoint only, on a free loopback port, and a `ws` client that records text frames and audio.
 */
import { createServer, type Server } from 'node:http';
import { WebSocket } from 'ws';
import { TTS_SOCKET_PATH, type TtsServerFrame } from '#app/lib/speech/ttsProtocol';
import { loadEnv } from '#server/env.server';
import { createServices } from '#server/compose.server';
import type { Services } from '#server/services';
import { attachTtsSockets, type TtsSockets } from '#server/speech/tts/socket.server';
import { TEST_TENANT, testRegistry } from './chat';

export interface TtsTestServer {
  port: number;
  services: Services;
  sockets: TtsSockets;
  close(): Promise<void>;
}

export async function startTtsServer(overrides: Partial<Pick<Services, 'ttsGate'>> = {}): Promise<TtsTestServer> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
  const services = { ...createServices(env, testRegistry()), ...overrides };
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const sockets = attachTtsSockets(server, { env, registry: testRegistry(), services });
  return {
    port,
    services,
    sockets,
    async close() {
      await sockets.close();
      await services.chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.db.raw.destroy();
    },
  };
}

export class TtsClient {
  frames: TtsServerFrame[] = [];
  /** Audio bytes received, by the request id of the `start` before them. */
  audio = new Map<string, Buffer[]>();
  /** When each request's first audio byte arrived (performance.now()). */
  firstAudioAt = new Map<string, number>();
  closed: Promise<{ code: number; reason: string }>;
  private current: string | null = null;
  private waiters: Array<{ test: (f: TtsServerFrame) => boolean; resolve: (f: TtsServerFrame) => void }> = [];

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('error', () => undefined);
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        if (!this.current) return;
        if (!this.firstAudioAt.has(this.current)) this.firstAudioAt.set(this.current, performance.now());
        this.audio.get(this.current)!.push(Buffer.from(data));
        return;
      }
      const frame = JSON.parse(data.toString()) as TtsServerFrame;
      if (frame.type === 'start') {
        this.current = frame.id;
        this.audio.set(frame.id, []);
      }
      if (frame.type === 'end' && frame.id === this.current) this.current = null;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
  }

  static open(port: number, options: { tenant?: string; cookie?: string; origin?: string } = {}): TtsClient {
    const host = `${options.tenant ?? TEST_TENANT}.localhost:${port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${TTS_SOCKET_PATH}`, {
      headers: { host, ...(options.cookie ? { cookie: options.cookie } : {}) },
      origin: options.origin ?? `http://${host}`,
      perMessageDeflate: false,
    });
    return new TtsClient(ws);
  }

  next<T extends TtsServerFrame['type']>(type: T, test: (f: Extract<TtsServerFrame, { type: T }>) => boolean = () => true, timeoutMs = 15_000): Promise<Extract<TtsServerFrame, { type: T }>> {
    const match = (f: TtsServerFrame) => f.type === type && test(f as Extract<TtsServerFrame, { type: T }>);
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found as Extract<TtsServerFrame, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms; last frames: ${JSON.stringify(this.frames.slice(-4))}`)), timeoutMs);
      this.waiters.push({
        test: match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as Extract<TtsServerFrame, { type: T }>);
        },
      });
    });
  }

  send(frame: object | string | Buffer) {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  audioBytes(id: string): number {
    return (this.audio.get(id) ?? []).reduce((n, b) => n + b.length, 0);
  }
}
