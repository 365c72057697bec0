/**
 * The captions WebSocket endpoint (CAPTIONS_SOCKET_PATH) on the app server's own port, checked at
 * the upgrade by the socket gateway (server/http/socketGateway.server.ts): a known tenant host
 * (404) and an Origin of that very host (403). Session, event and the right to speak are decided inside the socket
 * (hub.server.ts), so the browser gets a reason. docs/decisions/0048-live-captions.md.
 */
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { CAPTIONS_CHUNK_MAX_BYTES, CAPTIONS_SOCKET_PATH } from '#app/lib/captions/protocol';
import type { Registry } from '#server/config/registry.server';
import type { Env } from '#server/env.server';
import { registerSocket } from '#server/http/socketGateway.server';
import type { Services } from '#server/services';
import { CaptionsHub } from './hub.server';

export interface CaptionSocketOptions {
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'> & Partial<Pick<Env, 'SPEECH_CAPTION_SPEAKERS_PER_WORKER'>>;
  registry: Registry;
  services: Services;
  pingSeconds?: number;
  recheckMs?: number;
}

export interface CaptionSockets {
  hub: CaptionsHub;
  close(): Promise<void>;
}

export function attachCaptionSockets(httpServer: Server, options: CaptionSocketOptions): CaptionSockets {
  const { env, registry, services } = options;
  // A frame larger than the biggest audio chunk is refused by ws itself (close 1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: CAPTIONS_CHUNK_MAX_BYTES, perMessageDeflate: false, clientTracking: false });
  const hub = new CaptionsHub({ services, pingSeconds: options.pingSeconds, recheckMs: options.recheckMs, speakersPerWorker: env.SPEECH_CAPTION_SPEAKERS_PER_WORKER });

  const unregister = registerSocket(httpServer, {
    path: CAPTIONS_SOCKET_PATH,
    env,
    registry,
    wss,
    accept: (ws, { tenant, url, cookie }) => void hub.connect(ws, { tenant, url, cookie }),
  });

  return {
    hub,
    async close() {
      unregister();
      await hub.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
