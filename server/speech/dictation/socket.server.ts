/**
 * The dictation WebSocket (/ws/stt; docs/decisions/0047, protocol in app/lib/speech/dictation.ts):
 * a signed-in person streams microphone PCM and gets partial and final text back from the
 * server's StreamingRecognizer. The socket gateway (server/http/socketGateway.server.ts) checks
 * the upgrade (a known tenant host, 404 otherwise; an Origin of that very host, 403 otherwise); the session is checked inside the socket
 * so the page can say why (error frame and close code). One stream per socket; every frame is
 * validated; audio per person per hour is capped.
 */
import type { Server } from 'node:http';
import type { AppLoadContext } from '@remix-run/node';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Tenant } from '#app/lib/config/tenant';
import {
  DICTATION_CLOSE,
  DICTATION_MAX_AUDIO_FRAME_BYTES,
  DICTATION_MAX_FRAME_BYTES,
  DICTATION_MINUTES_PER_HOUR,
  DICTATION_SOCKET_PATH,
  dictationClientFrameSchema,
  type DictationErrorCode,
  type DictationServerFrame,
} from '#app/lib/speech/dictation';
import { STT_SAMPLE_RATE } from '#app/lib/speech/languages';
import type { SessionUser } from '#app/lib/identity/types';
import type { Registry } from '../../config/registry.server';
import type { Env } from '../../env.server';
import { getSessionUser } from '#server/identity/index.server';
import type { Services } from '#server/services';
import { registerSocket } from '../../http/socketGateway.server';
import { StreamingRecognizer } from '../stream.server';

export interface DictationSocketOptions {
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'>;
  registry: Registry;
  services: Pick<Services, 'speech'> & Parameters<typeof getSessionUser>[0]['context']['services'];
  /** Audio per person per hour (default DICTATION_MINUTES_PER_HOUR; tests lower it). */
  minutesPerHour?: number;
  /** A socket that sends nothing this long is closed (default 2 minutes). */
  idleSeconds?: number;
}

export interface DictationSockets {
  close(): Promise<void>;
}

const BYTES_PER_SECOND = STT_SAMPLE_RATE * 2;
/** Frames a socket may send while its session is being checked. */
const MAX_EARLY_FRAMES = 32;

export function attachDictationSockets(httpServer: Server, options: DictationSocketOptions): DictationSockets {
  const { env, registry, services } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: DICTATION_MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: true });
  // Seconds of audio per tenant and person, in a fixed window of an hour.
  const audioLimit = new RateLimiterMemory({ points: Math.round((options.minutesPerHour ?? DICTATION_MINUTES_PER_HOUR) * 60 * BYTES_PER_SECOND), duration: 3600 });
  const idleMs = (options.idleSeconds ?? 120) * 1000;

  const unregister = registerSocket(httpServer, {
    path: DICTATION_SOCKET_PATH,
    env,
    registry,
    wss,
    accept: (ws, { tenant, cookie }) => void connect(ws, tenant, cookie),
  });

  const send = (ws: WebSocket, frame: DictationServerFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };
  const fatal = (ws: WebSocket, code: Exclude<DictationErrorCode, 'engine'>, extra: { retryAfterSeconds?: number } = {}) => {
    send(ws, { type: 'error', code, ...extra });
    if (ws.readyState === WebSocket.OPEN) ws.close(DICTATION_CLOSE[code], code);
  };

  async function connect(ws: WebSocket, tenant: Tenant, cookie: string | undefined) {
    const early: Array<[RawData, boolean]> = [];
    let user: SessionUser | null = null;
    let recognizer: StreamingRecognizer | null = null;
    let ending: Promise<void> | null = null;
    let idle = setTimeout(() => ws.close(1000, 'idle'), idleMs);
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(1000, 'idle'), idleMs);
    };
    ws.on('error', () => undefined); // oversized or malformed frames: ws closes the socket (1009 / 1002)
    ws.on('close', () => {
      clearTimeout(idle);
      // The person left: whatever is left is recognised, and nobody is told.
      void recognizer?.end();
      recognizer = null;
    });

    const handle = async (data: RawData, isBinary: boolean) => {
      touch();
      if (isBinary) {
        const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
        if (!recognizer || ending || chunk.length > DICTATION_MAX_AUDIO_FRAME_BYTES || chunk.length % 2 !== 0) return fatal(ws, 'badFrame');
        try {
          await audioLimit.consume(`${tenant.id}:${user!.sub}`, chunk.length);
        } catch (e) {
          if (e instanceof RateLimiterRes) return fatal(ws, 'limit', { retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) });
          throw e;
        }
        recognizer.push(chunk);
        return;
      }
      let parsed: ReturnType<typeof dictationClientFrameSchema.safeParse>;
      try {
        parsed = dictationClientFrameSchema.safeParse(JSON.parse(String(data)));
      } catch {
        return fatal(ws, 'badFrame');
      }
      if (!parsed.success) return fatal(ws, 'badFrame');
      const frame = parsed.data;
      if (frame.type === 'start') {
        if (recognizer) return fatal(ws, 'busy');
        const { stt } = services.speech.forTenant(tenant);
        if (!stt.languages().length || (frame.language !== 'auto' && !stt.languages().includes(frame.language))) return fatal(ws, 'language');
        const remaining = await audioLimit.get(`${tenant.id}:${user!.sub}`);
        if (remaining && remaining.remainingPoints <= 0) return fatal(ws, 'limit', { retryAfterSeconds: Math.ceil(remaining.msBeforeNext / 1000) });
        recognizer = new StreamingRecognizer(stt, frame.language, {
          onPartial: (text) => send(ws, { type: 'partial', text }),
          onFinal: (segment) => send(ws, { type: 'final', text: segment.text, start: round(segment.start), end: round(segment.end), language: segment.language }),
          onError: () => send(ws, { type: 'error', code: 'engine' }),
        });
        send(ws, { type: 'ready', language: frame.language });
        return;
      }
      // stop: the finals of what was said are sent, then 'stopped'; a new start may follow.
      if (!recognizer || ending) return fatal(ws, 'badFrame');
      const current = recognizer;
      ending = current.end();
      await ending;
      ending = null;
      if (recognizer === current) recognizer = null;
      send(ws, { type: 'stopped' });
    };

    // Frames are handled one at a time, in order.
    let chain = Promise.resolve();
    const enqueue = (data: RawData, isBinary: boolean) => {
      chain = chain.then(() => handle(data, isBinary)).catch(() => fatal(ws, 'badFrame'));
    };
    ws.on('message', (data, isBinary) => {
      if (user) enqueue(data, isBinary);
      else if (early.length < MAX_EARLY_FRAMES) early.push([data, isBinary]);
      else fatal(ws, 'badFrame');
    });

    const request = new Request(`http://stt.invalid${DICTATION_SOCKET_PATH}`, { headers: cookie ? { cookie } : {} });
    try {
      user = await getSessionUser({ request, context: { tenant, services } as unknown as AppLoadContext });
    } catch {
      user = null;
    }
    if (!user) return fatal(ws, 'unauthenticated');
    for (const [data, isBinary] of early.splice(0)) enqueue(data, isBinary);
  }

  return {
    async close() {
      unregister();
      for (const ws of wss.clients) ws.close(1001, 'server closing');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
