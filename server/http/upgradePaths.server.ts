/**
 * Several WebSocket endpoints share the app server's port, each with its own 'upgrade' listener.
 * Each claims its path here, so an upgrade to a path nobody claims is refused once (404) instead
 * of hanging, whichever listener sees it first.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const claimed = new WeakMap<Server, Set<string>>();

/** Claims `path` on the server; the returned function gives it back. */
export function claimUpgradePath(server: Server, path: string): () => void {
  let paths = claimed.get(server);
  if (!paths) claimed.set(server, (paths = new Set()));
  paths.add(path);
  return () => paths.delete(path);
}

/** Whether an upgrade to `pathname` is nobody's and still unanswered: then the caller refuses it. */
export function isUnclaimedUpgrade(server: Server, pathname: string, socket: Duplex): boolean {
  return !claimed.get(server)?.has(pathname) && !socket.writableEnded && !socket.destroyed;
}
