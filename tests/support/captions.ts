/**
 * Helpers of the live captions tests: the captions socket on a chat test server, a `ws` client
 * for it, and speech made with espeak-ng at test time as the recognisers' PCM.
 */
import { spawn } from 'node:child_process';
import { WebSocket } from 'ws';
import { CAPTIONS_SOCKET_PATH, type CaptionsServerFrame } from '#app/lib/captions/protocol';
import { attachCaptionSockets, type CaptionSockets } from '#server/speech/captions/socket.server';
import { decodeToRecognizerPcm } from '#server/platform/speech/audio.server';
import { loadEnv } from '#server/env.server';
import { TEST_TENANT, testRegistry, type ChatTestServer } from './chat';

/** The captions endpoint on the chat test server's port (the same services, so captions reach its chat sockets). */
export function attachTestCaptions(server: ChatTestServer, options: { recheckMs?: number } = {}): CaptionSockets {
  const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
  return attachCaptionSockets(server.server, { env, registry: testRegistry(), services: server.services, recheckMs: options.recheckMs });
}

/** English speech from espeak-ng (voice en-us, 150 words a minute) as 16 kHz mono s16le, with a second of silence after it. */
export async function spokenPcm(text: string): Promise<Buffer> {
  const wav = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', text], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`espeak-ng exited with ${code}`))));
  });
  const pcm = await decodeToRecognizerPcm(wav);
  return Buffer.concat([Buffer.alloc(16000), pcm, Buffer.alloc(32000)]);
}

export class CaptionsClient {
  frames: CaptionsServerFrame[] = [];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<boolean>;

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.opened = new Promise((resolve) => {
      ws.on('open', () => resolve(true));
      ws.on('unexpected-response', () => resolve(false));
    });
    ws.on('error', () => undefined);
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as CaptionsServerFrame));
  }

  static open(port: number, options: { tenant?: string; cookie?: string; event?: string; query?: string } = {}): CaptionsClient {
    const tenant = options.tenant ?? TEST_TENANT;
    const host = `${tenant}.localhost:${port}`;
    const headers: Record<string, string> = { host };
    if (options.cookie) headers.cookie = options.cookie;
    const query = options.query ?? `event=${options.event ?? ''}`;
    return new CaptionsClient(new WebSocket(`ws://127.0.0.1:${port}${CAPTIONS_SOCKET_PATH}?${query}`, { headers, origin: `http://${host}`, perMessageDeflate: false }));
  }

  /** The first frame (so far or to come) that passes the test. */
  async next(test: (f: CaptionsServerFrame) => boolean, timeoutMs = 10_000): Promise<CaptionsServerFrame> {
    const started = Date.now();
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`no matching captions frame; got ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends the PCM in 100 ms frames, at `speed` times real time. */
  async stream(pcm: Buffer, speed = 4): Promise<void> {
    for (let i = 0; i < pcm.length; i += 3200) {
      if (this.ws.readyState !== WebSocket.OPEN) return;
      this.ws.send(pcm.subarray(i, Math.min(pcm.length, i + 3200)));
      await new Promise((resolve) => setTimeout(resolve, 100 / speed));
    }
  }
}
