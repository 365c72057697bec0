/**
 * The text-to-speech WebSocket (TTS_SOCKET_PATH) on the app server's own port, behind the
 * socket gateway (server/http/socketGateway.server.ts): the upgrade needs a known tenant host
 * (404) and an Origin of that very host (403);
 * the session (the tenant's own sign-in cookies) is checked inside the socket, so the page gets a
 * reason it can show (error frame + close 4401). Every frame is checked with zod; one synthesis at
 * a time per socket; the per-user limits are the TtsGate's. docs/decisions/0046.
 */
import type { Server } from 'node:http';
import type { AppLoadContext } from '@remix-run/node';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { TTS_CLOSE, TTS_FRAME_MAX_BYTES, TTS_SOCKET_PATH, ttsClientFrameSchema, type TtsServerFrame } from '#app/lib/speech/ttsProtocol';
import type { Tenant } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import type { Registry } from '../../config/registry.server';
import type { Env } from '../../env.server';
import { registerSocket } from '../../http/socketGateway.server';
import { getSessionUser } from '#server/identity/index.server';
import type { Services } from '#server/services';
import type { TextToSpeech } from '#server/platform/speech/types';
import { admitSynthesis, failureCode } from './synthesis.server';
import { log } from '../../observability/log.server';

export interface TtsSocketOptions {
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'>;
  registry: Registry;
  services: Pick<Services, 'identity' | 'speech' | 'ttsGate'>;
  /** Keep-alive interval in seconds (tests shorten it). */
  pingSeconds?: number;
}

export interface TtsSockets {
  close(): Promise<void>;
}

/** A socket that buffers more than this (a stalled reader) is dropped: audio would only pile up. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const PING_SECONDS = 25;

interface Current {
  id: string;
  abort: AbortController;
}

export function attachTtsSockets(httpServer: Server, options: TtsSocketOptions): TtsSockets {
  const { env, registry, services } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: TTS_FRAME_MAX_BYTES, perMessageDeflate: false, clientTracking: true });

  const unregister = registerSocket(httpServer, {
    path: TTS_SOCKET_PATH,
    env,
    registry,
    wss,
    accept: (ws, { tenant, cookie }) => void serve(ws, tenant, cookie, services),
  });

  // Keep-alive: a socket that answered no ping in two intervals is gone.
  const alive = new WeakMap<WebSocket, boolean>();
  const keepAlive = setInterval(
    () => {
      for (const ws of wss.clients) {
        if (alive.get(ws) === false) {
          ws.terminate();
          continue;
        }
        alive.set(ws, false);
        ws.ping();
      }
    },
    (options.pingSeconds ?? PING_SECONDS) * 1000,
  );
  keepAlive.unref();
  wss.on('connection', (ws) => ws.on('pong', () => alive.set(ws, true)));

  return {
    async close() {
      unregister();
      clearInterval(keepAlive);
      for (const ws of wss.clients) ws.close(1001, 'server closing');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function send(ws: WebSocket, frame: TtsServerFrame) {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
}

async function serve(ws: WebSocket, tenant: Tenant, cookie: string | undefined, services: TtsSocketOptions['services']) {
  let user: SessionUser | null | undefined; // undefined while the session is checked
  let current: Current | null = null;
  const early: RawData[] = [];
  ws.on('error', () => undefined); // oversized or malformed frames: ws closes the socket (1009 / 1002)
  ws.on('close', () => current?.abort.abort());
  ws.on('message', (data, isBinary) => {
    if (isBinary) return send(ws, { type: 'error', id: null, code: 'badFrame' });
    if (user === undefined) {
      if (early.length < 8) early.push(data);
      else send(ws, { type: 'error', id: null, code: 'busy' });
      return;
    }
    if (user) handle(data, user);
  });

  const handle = (data: RawData, me: SessionUser) => {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return send(ws, { type: 'error', id: null, code: 'badFrame' });
    }
    const parsed = ttsClientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? String((raw as { id: string }).id).slice(0, 40) : null;
      return send(ws, { type: 'error', id, code: 'badFrame' });
    }
    const frame = parsed.data;
    if (frame.type === 'ping') return send(ws, { type: 'pong' });
    if (frame.type === 'cancel') {
      if (current?.id === frame.id) current.abort.abort();
      return;
    }
    if (current) return send(ws, { type: 'error', id: frame.id, code: 'busy' });
    const { type: _type, id, ...request } = frame;
    const run: Current = { id, abort: new AbortController() };
    current = run;
    void speak(ws, run, request, { tenantId: tenant.id, userSub: me.sub }, services.speech.forTenant(tenant).tts, services.ttsGate).finally(() => {
      if (current === run) current = null;
    });
  };

  try {
    const request = new Request(`http://tts.invalid${TTS_SOCKET_PATH}`, { headers: cookie ? { cookie } : {} });
    user = await getSessionUser({ request, context: { tenant, services } as unknown as AppLoadContext });
  } catch (e) {
    log.warn(`[tts] session check failed: ${(e as Error).message}`);
    user = null;
  }
  if (!user) {
    send(ws, { type: 'error', id: null, code: 'unauthenticated', fatal: true });
    ws.close(TTS_CLOSE.unauthenticated, 'unauthenticated');
    return;
  }
  send(ws, { type: 'ready' });
  for (const data of early.splice(0)) handle(data, user);
}

async function speak(
  ws: WebSocket,
  run: Current,
  request: Parameters<typeof admitSynthesis>[3],
  who: { tenantId: string; userSub: string },
  // The tenant's engine (docs/decisions/0100).
  tts: TextToSpeech,
  gate: TtsSocketOptions['services']['ttsGate'],
) {
  const admitted = await admitSynthesis(tts, gate, who, request, run.abort.signal);
  if (!('chunks' in admitted)) return send(ws, { type: 'error', id: run.id, ...admitted });
  let bytes = 0;
  try {
    send(ws, { type: 'start', id: run.id, sampleRate: tts.sampleRate, voiceId: admitted.voiceId });
    for await (const chunk of admitted.chunks) {
      if (ws.readyState !== WebSocket.OPEN) break;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        break;
      }
      bytes += chunk.length;
      ws.send(chunk, { binary: true });
    }
    send(ws, { type: 'end', id: run.id, seconds: bytes / 2 / tts.sampleRate, ...(run.abort.signal.aborted ? { cancelled: true } : {}) });
  } catch (e) {
    if (run.abort.signal.aborted) return send(ws, { type: 'end', id: run.id, seconds: bytes / 2 / tts.sampleRate, cancelled: true });
    const code = failureCode(e);
    if (code === 'internal') log.error(`[tts] synthesis failed: ${(e as Error).message}`);
    send(ws, { type: 'error', id: run.id, code });
  }
}
