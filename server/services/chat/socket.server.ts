/**
 * The chat WebSocket endpoint on the app server's own port (CHAT_SOCKET_PATH). The upgrade is
 * checked before it is accepted: a known tenant host (404 otherwise, exactly like HTTP) and an
 * Origin of that very host (403 otherwise: no cross-site socket rides on the session cookies).
 * Everything else (session, event, gates) is decided inside the socket, so the browser gets a
 * reason it can show (error frame + close code). docs/decisions/0012-event-chat.md.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { CHAT_FRAME_MAX_BYTES, CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { resolveTenant, type Registry } from '../../config/registry.server';
import type { Env } from '../../env.server';
import type { Services } from '../index.server';
import { claimUpgradePath, isUnclaimedUpgrade } from '../../http/upgradePaths.server';
import { ChatHub } from './hub.server';
import { requestIdFrom, runInRequest } from '../../observability/context.server';

export interface ChatSocketOptions {
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'>;
  registry: Registry;
  services: Services;
  /** Keep-alive interval in seconds (tests shorten it). */
  pingSeconds?: number;
}

export interface ChatSockets {
  hub: ChatHub;
  close(): Promise<void>;
}

/** Answers a refused upgrade with a plain HTTP status and closes the connection. */
export function refuse(socket: Duplex, status: 403 | 404, reason: string) {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\nCache-Control: no-store\r\n\r\n${reason}`);
}

/** Whether the upgrade's Origin names the host the request was sent to (X-Forwarded-Host behind a trusted proxy). */
export function sameOrigin(headers: IncomingMessage['headers'], trustProxy: boolean): boolean {
  const origin = headers.origin;
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const forwarded = trustProxy ? String(headers['x-forwarded-host'] ?? '').split(',')[0]?.trim() : '';
  const own = (forwarded || headers.host || '').toLowerCase();
  return originHost !== '' && originHost === own;
}

export function attachChatSockets(httpServer: Server, options: ChatSocketOptions): ChatSockets {
  const { env, registry, services } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: CHAT_FRAME_MAX_BYTES, perMessageDeflate: false, clientTracking: false });
  const hub = new ChatHub({ services, pingSeconds: options.pingSeconds });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    if (url.pathname !== CHAT_SOCKET_PATH) {
      // Another socket's upgrade, or nobody's: then it would hang, so end it.
      if (isUnclaimedUpgrade(httpServer, url.pathname, socket)) refuse(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    // The same resolution as every HTTP request (server/app.ts).
    const tenant = resolveTenant(registry, request.headers.host, env.PLATFORM_ROOT_DOMAIN);
    if (!tenant) return refuse(socket, 404, 'Not Found');
    if (!sameOrigin(request.headers, env.TRUST_PROXY)) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(request, socket, head, (ws) => {
      // The join's log lines name the upgrade request and its tenant (docs/decisions/0049).
      void runInRequest({ requestId: requestIdFrom(request.headers['x-request-id']), tenant: tenant.id }, () => hub.connect(ws, { tenant, url, cookie: request.headers.cookie }));
    });
  };
  const unclaim = claimUpgradePath(httpServer, CHAT_SOCKET_PATH);
  httpServer.on('upgrade', onUpgrade);

  return {
    hub,
    async close() {
      unclaim();
      httpServer.off('upgrade', onUpgrade);
      await hub.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
