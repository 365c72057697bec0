/**
 * The chat WebSocket endpoint on the app server's own port (CHAT_SOCKET_PATH). The socket gateway
 * (server/http/socketGateway.server.ts) checks the upgrade: a known tenant host (404 otherwise,
 * exactly like HTTP) and an Origin of that very host (403 otherwise). Everything else (session,
 * event, gates) is decided inside the socket, so the browser gets a reason it can show (error
 * frame + close code). docs/decisions/0012-event-chat.md.
 */
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { CHAT_FRAME_MAX_BYTES, CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import type { Registry } from '#server/config/registry.server';
import type { Env } from '#server/env.server';
import type { Services } from '#server/services';
import { registerSocket } from '#server/http/socketGateway.server';
import { ChatHub } from './hub.server';
import { requestIdFrom, runInRequest } from '#server/observability/context.server';

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

export function attachChatSockets(httpServer: Server, options: ChatSocketOptions): ChatSockets {
  const { env, registry, services } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: CHAT_FRAME_MAX_BYTES, perMessageDeflate: false, clientTracking: false });
  const hub = new ChatHub({ services, pingSeconds: options.pingSeconds });

  const unregister = registerSocket(httpServer, {
    path: CHAT_SOCKET_PATH,
    env,
    registry,
    wss,
    accept: (ws, { tenant, url, cookie, request }) =>
      // The join's log lines name the upgrade request and its tenant (docs/decisions/0049).
      void runInRequest({ requestId: requestIdFrom(request.headers['x-request-id']), tenant: tenant.id }, () => hub.connect(ws, { tenant, url, cookie })),
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
