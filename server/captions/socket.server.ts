/**
 * The captions WebSocket endpoint (CAPTIONS_SOCKET_PATH) on the app server's own port, checked at
 * the upgrade exactly like the chat socket: a known tenant host (404) and an Origin of that very
 * host (403). Session, event and the right to speak are decided inside the socket
 * (hub.server.ts), so the browser gets a reason. docs/decisions/0048-live-captions.md.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { CAPTIONS_CHUNK_MAX_BYTES, CAPTIONS_SOCKET_PATH } from '#app/lib/captions/protocol';
import { resolveTenant, type Registry } from '../config/registry.server';
import type { Env } from '../env.server';
import { refuse, sameOrigin } from '../services/chat/socket.server';
import { claimUpgradePath, isUnclaimedUpgrade } from '../http/upgradePaths.server';
import type { Services } from '../services/index.server';
import { CaptionsHub } from './hub.server';

export interface CaptionSocketOptions {
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'>;
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
  const hub = new CaptionsHub({ services, pingSeconds: options.pingSeconds, recheckMs: options.recheckMs });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    if (url.pathname !== CAPTIONS_SOCKET_PATH) {
      // Another socket's upgrade, or nobody's: then it would hang, so end it.
      if (isUnclaimedUpgrade(httpServer, url.pathname, socket)) refuse(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    const tenant = resolveTenant(registry, request.headers.host, env.PLATFORM_ROOT_DOMAIN);
    if (!tenant) return refuse(socket, 404, 'Not Found');
    if (!sameOrigin(request.headers, env.TRUST_PROXY)) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => {
      void hub.connect(ws, { tenant, url, cookie: request.headers.cookie });
    });
  };
  httpServer.on('upgrade', onUpgrade);
  const unclaim = claimUpgradePath(httpServer, CAPTIONS_SOCKET_PATH);

  return {
    hub,
    async close() {
      httpServer.off('upgrade', onUpgrade);
      unclaim();
      await hub.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
