/**
 * The fleet's scenarios (issue 27, item 4; docs/decisions/0078), run through its HTTPS front by the
 * fleet test (run.ts, a stage of `npm test`) and the fleet benchmark (bench/fleet.ts):
 *
 *   1. 1,000 signed-in people join one event (page, data with the token, chat socket) while a new
 *      tenant is published; each instance must serve it within 60 s;
 *   2. people on every instance chat, and every socket on every instance receives every message;
 *   3. an app instance is killed mid-join: the arrivals and the dropped sockets come back through
 *      the front, and every acknowledged message is stored;
 *   4. several events' rooms are placed on both LiveKit nodes, and a node is killed during an
 *      event: its room's people are back in a room on the other node (rooms.ts).
 */
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import type { Fleet } from '#local/fleet/fleet';
import { signedInUsers } from '#tests/support/signedInUsers';
import { testTenantId } from '#tests/support/tenants';
import { JOIN_STEPS, joinStorm } from '#tests/support/joiner';
import { publishNewTenant } from './publish';
import { chatAcrossInstances, chatSocketsPerInstance, frontClient, killMidJoin, LAYOUT, spread } from './storm';
import { roomsOnNodes, nodeKilledDuringEvent } from './rooms';
import type { Check } from './report';
import { cpuMeter } from './cpu';

const TENANT = testTenantId('aurora');
const RAMP_SECONDS = 5;
export const FLEET_TARGETS = { allWithinSeconds: 15, p99Ms: 5000, publishSeconds: 60, livekitBackSeconds: 30 };
const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export async function fleetScenarios(fleet: Fleet, users: number, log: (line: string) => void): Promise<{ checks: Check[]; figures: Record<string, unknown> }> {
  const checks: Check[] = [];
  const figures: Record<string, unknown> = {};
  const USERS = users;
  const TARGETS = FLEET_TARGETS;
  const organizer = fleet.accounts.find((a) => a.tenant === TENANT && a.role === 'organizer')!;
  const data = tenantData({ db: fleet.db }, TENANT);
  const profile = { sub: organizer.sub ?? 'fleet-organizer', name: 'Fleet organizer', email: organizer.username, language: 'en' };
  const event = await data.events.create(
    newEventInput({ title: 'Fleet storm', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en', layout: LAYOUT }),
    profile,
  );
  const cookies = await signedInUsers(fleet.stack, TENANT, USERS, 'fleet');
  log(`${USERS} people signed in`);
  const client = frontClient(fleet, TENANT);

  // Warm-up, as the single-instance benchmark does: each instance has rendered the room before the storm.
  const warm = await joinStorm(60, 3, (i) => client.joinOnce(event.eventId, cookies[i]!));
  for (const j of warm.joins) j.socket?.terminate();

  // 1. The storm through the front, a tenant published one second in.
  // Its failure is held until the storm is measured, then reported as this check's (never an unhandled rejection).
  const publishing = new Promise((r) => setTimeout(r, 1000))
    .then(() => publishNewTenant(fleet, 'fleetnew', 'Fleet New Live', TARGETS.publishSeconds))
    .then(
      (figures) => ({ figures, failure: null }),
      (error: unknown) => ({ figures: null, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  const meter = cpuMeter(fleet);
  const storm = await joinStorm(USERS, RAMP_SECONDS, (i) => client.joinOnce(event.eventId, cookies[i]!));
  const cpu = meter();
  log(`CPU seconds during the storm: ${Object.entries(cpu).map(([name, s]) => `${name} ${s.toFixed(1)}`).join(', ')}`);
  const { figures: published, failure: publishFailure } = await publishing;
  const servedBy = spread(fleet, storm.joins);
  const sockets = await chatSocketsPerInstance(fleet, TENANT);
  log(`storm: ${storm.joined}/${USERS} joined in ${fixed(storm.wallSeconds, 1)} s, p99 ${fixed(storm.p99)} ms`);
  figures.storm = { users: USERS, rampSeconds: RAMP_SECONDS, https: true, wallSeconds: storm.wallSeconds, p50: storm.p50, p99: storm.p99, max: storm.max, errors: Object.fromEntries(storm.errors), steps: storm.steps, servedBy, chatSockets: sockets, cpuSeconds: cpu };
  log(`where a join waits (p50 / p99 ms): ${storm.steps.map((s) => `${s.step} ${fixed(s.p50)} / ${fixed(s.p99)}`).join('; ')}`);
  figures.publish = published ?? { failure: publishFailure };
  checks.push(
    { what: `all ${USERS} joined through the HTTPS front (arrivals over ${RAMP_SECONDS} s)`, target: `≤ ${TARGETS.allWithinSeconds} s`, measured: `${storm.joined} in ${fixed(storm.wallSeconds, 2)} s`, met: storm.joined === USERS && storm.wallSeconds <= TARGETS.allWithinSeconds, figure: true },
    { what: 'join p50 / p99 / max', target: `p99 ≤ ${TARGETS.p99Ms} ms`, measured: `${fixed(storm.p50)} / ${fixed(storm.p99)} / ${fixed(storm.max)} ms`, met: storm.p99 <= TARGETS.p99Ms, figure: true },
    { what: 'join errors', target: '0', measured: String(USERS - storm.joined), met: storm.joined === USERS },
    {
      what: 'joins spread over the 3 instances (pages / data / chat sockets held)',
      target: 'every instance serves each step',
      measured: fleet.apps.map((a) => `app ${a.index + 1}: ${JOIN_STEPS.slice(0, 2).map((s) => servedBy[`app ${a.index + 1}`]?.[s] ?? 0).join('/')}/${sockets[`app ${a.index + 1}`] ?? 0}`).join('; '),
      met: fleet.apps.every((a) => JOIN_STEPS.slice(0, 2).every((s) => (servedBy[`app ${a.index + 1}`]?.[s] ?? 0) > 0) && (sockets[`app ${a.index + 1}`] ?? 0) > 0),
    },
    published
      ? {
          what: `tenant "${published.tenant}" published during the storm (version ${published.version}), served by each instance`,
          target: `≤ ${TARGETS.publishSeconds} s each`,
          measured: Object.entries(published.servedAfter).map(([name, s]) => `${name}: ${s === null ? 'not served' : `${s.toFixed(1)} s`}`).join('; ') + `; front: ${published.throughFront ? 'served' : 'NOT served'}`,
          met: Object.values(published.servedAfter).every((s) => s !== null && s <= TARGETS.publishSeconds) && published.throughFront,
        }
      : { what: 'a tenant published during the storm, served by each instance', target: `≤ ${TARGETS.publishSeconds} s each`, measured: `the publish failed: ${publishFailure}`, met: false },
  );
  for (const [error, count] of storm.errors) log(`join error ×${count}: ${error}`);

  // 2. Chat between people on different instances.
  const chat = await chatAcrossInstances(fleet, TENANT, event.eventId, cookies, storm.joins, 3);
  figures.chat = chat;
  checks.push({
    what: `chat across instances: ${chat.messages} messages (senders on ${Object.entries(chat.senders).sort().map(([n, c]) => `${n} ×${c}`).join(', ')}) to the ${chat.sockets} sockets`,
    target: '0 lost deliveries',
    measured: `${chat.missingDeliveries} lost (${fixed(chat.seconds, 1)} s)`,
    met: chat.missingDeliveries === 0 && chat.sockets === storm.joined,
  });

  // 3. An app instance killed mid-join.
  const kill = await killMidJoin(fleet, TENANT, client, event.eventId, cookies, storm.joins, { victim: 2, joiners: 300, rampSeconds: 3, killAfterMs: 1000, talkers: 60 });
  figures.kill = { ...kill, storm: { joined: kill.storm.joined, wallSeconds: kill.storm.wallSeconds, p99: kill.storm.p99, errors: Object.fromEntries(kill.storm.errors), servedBy: spread(fleet, kill.storm.joins) } };
  checks.push(
    { what: `${kill.killed} killed 1 s into 300 more arrivals: all joined through the front`, target: '300 joined, 0 errors', measured: `${kill.storm.joined} joined (${kill.retried} after a retry), p99 ${fixed(kill.storm.p99)} ms`, met: kill.storm.joined === 300 },
    { what: `chat sockets of ${kill.killed} back through the front`, target: 'all', measured: `${kill.socketsBack} of ${kill.socketsDropped} (p99 ${fixed(kill.reconnectP99Ms)} ms, max ${fixed(kill.reconnectMaxMs)} ms)`, met: kill.socketsDropped > 0 && kill.socketsBack === kill.socketsDropped },
    { what: 'messages acknowledged during the kill, stored', target: 'all', measured: `${kill.storedOfAcknowledged} of ${kill.acknowledged}`, met: kill.acknowledged > 0 && kill.storedOfAcknowledged === kill.acknowledged },
  );
  for (const j of [...storm.joins, ...kill.storm.joins]) j.socket?.terminate();
  await fleet.apps[2]!.start();
  log(`${kill.killed} started again`);

  // 4. LiveKit: rooms on both nodes, and a node killed during an event.
  const placement = await roomsOnNodes(fleet, TENANT, profile, log);
  figures.placement = placement;
  checks.push(placement.check);
  const failover = await nodeKilledDuringEvent(fleet, TENANT, profile, log);
  figures.failover = failover;
  checks.push(...failover.checks);
  return { checks, figures };
}
