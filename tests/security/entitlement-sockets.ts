/**
 * The entitlement matrix on the sockets the server answers itself (server/endpoints.ts entries
 * with an `entitlement`: the chat and the captions sockets): each caller opens the paid event's
 * socket. One the rule admits must be let in (the chat's welcome, which holds the room's chat;
 * the captions socket's ready); one it refuses must be closed with 4401/4403/4404 or have its
 * upgrade refused. No frame may show a marker the caller may not see.
 */
import type { Endpoint } from './catalog';
import { describeLeak, isAllowed, leakedMarkers, type Caller } from './entitlement-rule';
import type { PaidEvent } from './entitlement-seed';
import type { Tally } from './entitlement-jobs';
import { placementOf } from './entitlement-jobs';
import { emptyResult, type RunResult } from './runner';
import { ChatSocket, serverFailure } from './socket';

export interface SocketContext {
  port: number;
  host: string;
  origin: string;
  paid: PaidEvent;
  timeoutMs?: number;
}

const REFUSED = [4401, 4403, 4404, -401, -403, -404];
/** What an admitted socket says first: the chat's welcome, the captions' ready. */
const ADMITTED = new Set(['welcome', 'ready']);

export async function socketEntitlements(ctx: SocketContext, list: Endpoint[], callers: Caller[], tally: Tally): Promise<RunResult> {
  const timeoutMs = ctx.timeoutMs ?? 10_000;
  const result = emptyResult();
  for (const endpoint of list.filter((e) => e.kind === 'websocket')) {
    for (const entitlement of endpoint.entitlements) {
      if (!entitlement.event || !entitlement.serves || placementOf(entitlement.event).where !== 'query') continue;
      const serves = entitlement.serves;
      const query = `?${placementOf(entitlement.event).name}=${ctx.paid.eventId}`;
      await Promise.all(
        callers.map(async (caller) => {
          const fail = (kind: 'serverErrors' | 'hung' | 'leaks' | 'other', text: string) => {
            result[kind]++;
            result.failures.push({ endpoint: endpoint.route, method: 'socket', as: caller.as, input: `the event ${query}`, result: text });
          };
          result.requests++;
          const socket = ChatSocket.open({ port: ctx.port, host: ctx.host, origin: ctx.origin, cookie: caller.cookie, query, path: endpoint.path });
          try {
            const admitted = () => socket.frames.some((f) => ADMITTED.has(f.type));
            const opened = await socket.opened(timeoutMs);
            // A refused socket is closed at once; an admitted one says so. Either ends the wait.
            if (opened && !(await socket.until(admitted, timeoutMs))) fail('hung', 'neither admitted nor closed');
            const failure = serverFailure(socket);
            if (failure) fail('serverErrors', failure);
            const leaked = leakedMarkers(ctx.paid.markers, caller.role, socket.raw.join('\n'), query);
            if (leaked.length) fail('leaks', describeLeak('frames', leaked).text);
            if (failure) return;
            if (isAllowed(serves, caller.role)) {
              if (admitted() && !socket.closed) tally.allowed++;
              else fail('other', `refused a caller the ${serves} rule admits (close ${socket.closeCode})`);
            } else if (!admitted() && socket.closeCode !== null && REFUSED.includes(socket.closeCode)) tally.refused++;
            else fail('other', `admitted a caller the ${serves} rule refuses (${admitted() ? 'admitted' : `close ${socket.closeCode}`})`);
          } finally {
            socket.close();
          }
        }),
      );
    }
  }
  return result;
}
