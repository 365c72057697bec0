/**
 * The fleet's join storm, through the HTTPS front (issue 27, item 4): people join one event
 * (page, data with the token, chat socket), spread by Caddy over the three app instances; chat
 * between people on different instances; then an app instance killed mid-join while people keep
 * arriving and talking: its clients come back through the front, and every message the platform
 * acknowledged is stored.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import type { Fleet } from '#local/fleet/fleet';
import { UPSTREAM_HEADER } from '#local/fleet/front';
import { joinClient, joinStorm, percentile, type Join, type StormResult } from '#tests/support/joiner';

export const LAYOUT = 'liveEventsContainer';

export type Client = ReturnType<typeof joinClient>;

export function frontClient(fleet: Fleet, tenant: string): Client {
  return joinClient({
    origin: `https://127.0.0.1:${fleet.ports.front}`,
    host: `${tenant}.localhost:${fleet.ports.front}`,
    layout: LAYOUT,
    ca: fleet.front.rootCertificate,
    servedByHeader: UPSTREAM_HEADER,
    timeoutMs: 30_000,
  });
}

/** "127.0.0.1:3801" → "app 1" (the fleet's first instance). */
export function instanceName(fleet: Fleet, upstream: string | undefined): string {
  const index = fleet.ports.apps.indexOf(Number(upstream?.split(':').pop()));
  return index < 0 ? `unknown (${upstream ?? 'none'})` : `app ${index + 1}`;
}

/** How many joins each instance served, per HTTP step (the front names the instance on each answer). */
export function spread(fleet: Fleet, joins: Join[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const join of joins) {
    for (const [step, upstream] of Object.entries(join.servedBy)) {
      const name = instanceName(fleet, upstream);
      counts[name] ??= {};
      counts[name][step] = (counts[name][step] ?? 0) + 1;
    }
  }
  return counts;
}

/** Test messages carry a marker each socket looks for, so delivery is counted per socket. */
const MARK = /fleet-check-(\d+)/g;

/** Every marker each socket has received. */
export function deliveryTracker(sockets: WebSocket[]) {
  const received = new Map<WebSocket, Set<string>>();
  const listen = (ws: WebSocket) => {
    const seen = received.get(ws) ?? new Set<string>();
    received.set(ws, seen);
    ws.on('message', (data: Buffer) => {
      if (!data.includes('fleet-check-')) return;
      for (const m of data.toString('utf8').matchAll(MARK)) seen.add(m[0]);
    });
  };
  for (const ws of sockets) listen(ws);
  return {
    listen,
    /** Sockets missing at least one of `markers`, and the number of missing deliveries. */
    missing(markers: string[], among: WebSocket[] = sockets) {
      let deliveries = 0;
      let socketsMissing = 0;
      for (const ws of among) {
        const seen = received.get(ws);
        const lacking = markers.filter((m) => !seen?.has(m)).length;
        deliveries += lacking;
        if (lacking) socketsMissing++;
      }
      return { deliveries, sockets: socketsMissing };
    },
  };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Chat sockets each instance holds for `tenant`, from its own /metrics (chat_sockets_open). */
export async function chatSocketsPerInstance(fleet: Fleet, tenant: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const pattern = new RegExp(`^chat_sockets_open\\{tenant="${tenant}"\\} (\\d+)`, 'm');
  await Promise.all(
    fleet.apps.map(async (app) => {
      const text = await fetch(`http://127.0.0.1:${app.port}/metrics`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.text());
      counts[`app ${app.index + 1}`] = Number(pattern.exec(text)?.[1] ?? 0);
    }),
  );
  return counts;
}

export interface CrossChatFigures {
  senders: Record<string, number>;
  messages: number;
  sockets: number;
  missingDeliveries: number;
  seconds: number;
}

/**
 * Chat across instances: `perInstance` people connected straight to each instance (the front
 * cannot say which instance holds a socket) send one message each; every socket joined through the
 * front, whichever instance holds it, must receive every one.
 */
export async function chatAcrossInstances(fleet: Fleet, tenant: string, eventId: string, cookies: string[], joins: Join[], perInstance: number): Promise<CrossChatFigures> {
  const sockets = joins.map((j) => j.socket).filter((ws): ws is WebSocket => ws !== undefined && ws.readyState === 1);
  const tracker = deliveryTracker(sockets);
  const senders: Record<string, number> = {};
  const markers: string[] = [];
  const began = performance.now();
  let n = 0;
  await Promise.all(
    fleet.apps.flatMap((app) => {
      const direct = joinClient({ origin: `http://127.0.0.1:${app.port}`, host: `${tenant}.localhost:${fleet.ports.front}`, layout: LAYOUT });
      return Array.from({ length: perInstance }, async () => {
        const marker = `fleet-check-${++n}`;
        markers.push(marker);
        const ws = await direct.chatWelcome(eventId, cookies[n % cookies.length]!);
        senders[`app ${app.index + 1}`] = (senders[`app ${app.index + 1}`] ?? 0) + 1;
        await direct.sendChat(ws, `cross-${marker}`, `Hello from app ${app.index + 1}: ${marker}`);
        ws.close();
      });
    }),
  );
  await until(() => tracker.missing(markers).deliveries === 0, 15_000);
  return { senders, messages: markers.length, sockets: sockets.length, missingDeliveries: tracker.missing(markers).deliveries, seconds: (performance.now() - began) / 1000 };
}

export interface KillFigures {
  killed: string;
  storm: StormResult;
  retried: number;
  /** Sockets of the killed instance that came back through the front, and how long the slowest took. */
  socketsDropped: number;
  socketsBack: number;
  reconnectP99Ms: number;
  reconnectMaxMs: number;
  acknowledged: number;
  storedOfAcknowledged: number;
  sentWhileDown: number;
}

/**
 * Kills app instance `victim` (SIGKILL: a crash) `killAfterMs` into a storm of `joiners` more
 * arrivals, while people on every instance keep sending messages. Open sockets that drop come
 * back through the front, as the room's chat does; every acknowledged message must be stored.
 */
export async function killMidJoin(
  fleet: Fleet,
  tenant: TenantId,
  client: Client,
  eventId: string,
  cookies: string[],
  open: Join[],
  options: { victim: number; joiners: number; rampSeconds: number; killAfterMs: number; talkers: number },
): Promise<KillFigures> {
  const victim = fleet.apps[options.victim]!;
  const victimName = `app ${options.victim + 1}`;
  // The open sockets reconnect when they drop, like the room's chat (retrying every 500 ms).
  const reconnects: number[] = [];
  let dropped = 0;
  let stopWatching = false;
  const holders = open.filter((j) => j.socket);
  void Promise.all(holders.map(async (j, i) => {
    const closed = await new Promise<number>((resolve) => j.socket!.once('close', () => resolve(performance.now())));
    if (stopWatching) return;
    dropped++;
    for (;;) {
      try {
        j.socket = await client.chatWelcome(eventId, cookies[i % cookies.length]!);
        reconnects.push(performance.now() - closed);
        return;
      } catch {
        if (performance.now() - closed > 30_000) return;
        await sleep(500);
      }
    }
  }));

  // People talking on every instance, one message each, spread over the storm; a sender whose
  // socket is gone waits for it to come back (what was not acknowledged was not accepted).
  const acknowledged: string[] = [];
  let sentWhileDown = 0;
  let down = false;
  const talkers = holders.slice(0, options.talkers);
  const talkGap = ((options.rampSeconds + 2) * 1000) / Math.max(1, talkers.length);
  const talk = talkers.map(async (j, i) => {
    await sleep(i * talkGap);
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const ws = j.socket;
      if (ws && ws.readyState === 1) {
        try {
          if (down) sentWhileDown++;
          acknowledged.push(await client.sendChat(ws, `kill-${i}`, `Still here, message ${i}`));
          return;
        } catch {
          // The socket died under the send: try again on the one that comes back.
        }
      }
      await sleep(200);
    }
  });

  const storm = joinStorm(options.joiners, options.rampSeconds, (i) => client.joinOnce(eventId, cookies[i % cookies.length]!, { retryForMs: 30_000, retryGapMs: 500 }));
  await sleep(options.killAfterMs);
  down = true;
  await victim.kill();
  const result = await storm;
  await Promise.all(talk);
  // Sockets on the killed instance have closed by now; give the last reconnects their time.
  await until(() => reconnects.length >= dropped, 30_000);
  stopWatching = true;

  const stored = new Set((await tenantData({ db: fleet.db }, tenant).chatReplay.messages(eventId)).map((r) => r.message.msgId));
  reconnects.sort((a, b) => a - b);
  return {
    killed: victimName,
    storm: result,
    retried: result.joins.filter((j) => j.retries > 0).length,
    socketsDropped: dropped,
    socketsBack: reconnects.length,
    reconnectP99Ms: percentile(reconnects, 99),
    reconnectMaxMs: reconnects.at(-1) ?? NaN,
    acknowledged: acknowledged.length,
    storedOfAcknowledged: acknowledged.filter((id) => stored.has(id)).length,
    sentWhileDown,
  };
}
