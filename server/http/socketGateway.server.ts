/**
 * The one door for WebSocket upgrades on the app server's port. Each socket feature (chat,
 * captions, text-to-speech, dictation) registers its path; one 'upgrade' listener per server
 * checks every upgrade once, exactly like an HTTP request: a path somebody registered (404
 * otherwise, so no upgrade hangs), a known tenant host (404 otherwise) and an Origin of that very
 * host (403 otherwise: no cross-site socket rides on the session cookies). The feature gets the
 * accepted socket with its tenant; the session is checked inside the socket, so the browser gets a
 * reason it can show (error frame + close code). docs/decisions/0012-event-chat.md.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Tenant } from '#app/lib/config/tenant';
import { resolveTenant, type Registry } from '../config/registry.server';
import type { Env } from '../env.server';

/** An upgrade that passed the gateway: its tenant, address and the cookies its session is read from. */
export interface SocketUpgrade {
  tenant: Tenant;
  url: URL;
  cookie: string | undefined;
  request: IncomingMessage;
}

export interface SocketRoute {
  /** The path the feature answers (e.g. CHAT_SOCKET_PATH). */
  path: string;
  env: Pick<Env, 'PLATFORM_ROOT_DOMAIN' | 'TRUST_PROXY'>;
  registry: Registry;
  /** The feature's own server (noServer), with its frame size limits. */
  wss: WebSocketServer;
  /** Takes over an accepted socket. */
  accept(ws: WebSocket, upgrade: SocketUpgrade): void;
}

/** Answers a refused upgrade with a plain HTTP status and closes the connection. */
function refuse(socket: Duplex, status: 403 | 404, reason: string) {
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

interface Gateway {
  routes: Map<string, SocketRoute>;
  listener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const gateways = new WeakMap<Server, Gateway>();

function upgrade(routes: Map<string, SocketRoute>, request: IncomingMessage, socket: Duplex, head: Buffer) {
  const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
  const route = routes.get(url.pathname);
  if (!route) return refuse(socket, 404, 'Not Found');
  socket.on('error', () => socket.destroy());
  // The same resolution as every HTTP request (server/app.ts).
  const tenant = resolveTenant(route.registry, request.headers.host, route.env.PLATFORM_ROOT_DOMAIN);
  if (!tenant) return refuse(socket, 404, 'Not Found');
  if (!sameOrigin(request.headers, route.env.TRUST_PROXY)) return refuse(socket, 403, 'Forbidden');
  route.wss.handleUpgrade(request, socket, head, (ws) => route.accept(ws, { tenant, url, cookie: request.headers.cookie, request }));
}

/** Registers a socket feature's path on the server; the returned function takes it off again. */
export function registerSocket(server: Server, route: SocketRoute): () => void {
  let gateway = gateways.get(server);
  if (!gateway) {
    const routes = new Map<string, SocketRoute>();
    gateway = { routes, listener: (request, socket, head) => upgrade(routes, request, socket, head) };
    gateways.set(server, gateway);
    server.on('upgrade', gateway.listener);
  }
  if (gateway.routes.has(route.path)) throw new Error(`a socket already answers ${route.path}`);
  gateway.routes.set(route.path, route);
  const own = gateway;
  return () => {
    if (own.routes.get(route.path) !== route) return;
    own.routes.delete(route.path);
    if (own.routes.size > 0) return;
    server.off('upgrade', own.listener);
    gateways.delete(server);
  };
}
