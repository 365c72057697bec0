import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dispose, Room, RoomEvent } from '@livekit/rtc-node';
import { AccessToken, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLivekitServer } from '#local/stack/livekitServer';
import { getFreePort } from '#local/stack/ports';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { livekitNodeRecords, roomPlacement, startLivekitNodes, type LivekitNode, type LivekitNodePorts } from './livekitNodes';

const PAIR = { apiKey: 'APIfleetnodes01', apiSecret: 'fleet-secret-0123456789abcdefghijklmnopqr' } as const;
const EVENT_ROOMS = ['event-1', 'event-2', 'event-3', 'event-4', 'event-5', 'event-6'];
/** How long a participant of a crashed node may take to be back in its room. */
const FAILOVER_BUDGET_MS = 30_000;
/** A client gives one join this long: LiveKit holds a join up to 3 + 6 + 9 s while it retries the hosting node. */
const JOIN_ATTEMPT_MS = 15_000;

describe('two LiveKit nodes on one Redis', () => {
  let dir: string;
  let redis: LocalRedis;
  let nodes: LivekitNode[];
  const clients: Room[] = [];
  /** LiveKit's id of the node the failover test kills. */
  let killedNodeId: string | undefined;

  const service = (node: LivekitNode) => new RoomServiceClient(node.apiUrl, PAIR.apiKey, PAIR.apiSecret);

  async function token(identity: string, room: string): Promise<string> {
    const grant = new AccessToken(PAIR.apiKey, PAIR.apiSecret, { identity });
    grant.addGrant({ roomJoin: true, room, canPublish: true, canSubscribe: true });
    return grant.toJwt();
  }

  /** A real client (LiveKit's Rust WebRTC stack) in `room` through `node`, or an error after `timeoutMs`. */
  async function enter(node: LivekitNode, identity: string, room: string, timeoutMs = JOIN_ATTEMPT_MS): Promise<Room> {
    const client = new Room();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no join within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([client.connect(node.url, await token(identity, room), { autoSubscribe: false, dynacast: false }), timeout]);
      clients.push(client);
      return client;
    } catch (e) {
      await client.disconnect().catch(() => undefined);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Joins again and again, a second apart, as a client whose server went away does, until `deadline`. */
  async function enterRetrying(node: LivekitNode, identity: string, room: string, deadline: number): Promise<{ client: Room; attempts: number }> {
    for (let attempts = 1; ; attempts++) {
      try {
        const client = await enter(node, identity, room, Math.max(1000, Math.min(JOIN_ATTEMPT_MS, deadline - performance.now())));
        return { client, attempts };
      } catch (e) {
        if (performance.now() + 1000 > deadline) throw new Error(`${identity} did not join ${room} through node ${node.index} in ${attempts} attempts: ${(e as Error).message}`);
        await sleep(1000);
      }
    }
  }

  async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!(await check())) {
      if (performance.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    const binary = findLivekitServer(process.cwd());
    if (!binary) throw new Error('no livekit-server: run `node scripts/ensure-deps.mjs` (it builds the pinned release when Go is installed)');
    dir = mkdtempSync(join(tmpdir(), 'livekit-nodes-'));
    redis = await startRedis({ port: await getFreePort(), dir });
    const ports: LivekitNodePorts[] = [];
    while (ports.length < 2) {
      const port = await getFreePort();
      // A media range of its own per node, chosen as tests/support/livekit.ts does; no two alike.
      const udpStart = 30_000 + (port % 1000) * 10;
      if (ports.some((p) => p.port === port || p.udpStart === udpStart)) continue;
      ports.push({ port, tcpPort: await getFreePort(), udpStart, udpPorts: 10 });
    }
    nodes = await startLivekitNodes({
      binary: binary.path,
      dir,
      redisUrl: redis.url,
      nodes: ports,
      keys: { [PAIR.apiKey]: PAIR.apiSecret },
      webhookKey: PAIR.apiKey,
      webhookUrls: ['http://127.0.0.1:9/nowhere'],
    });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.disconnect().catch(() => undefined)));
    await dispose();
    await Promise.all((nodes ?? []).map((node) => node.stop()));
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('knows each node by the record it wrote in Redis', async () => {
    const records = await livekitNodeRecords(redis.url);
    expect(records.map((r) => r.id).sort()).toEqual(nodes.map((n) => n.nodeId).sort());
    for (const node of nodes) {
      expect(records.find((r) => r.id === node.nodeId)).toMatchObject({ region: node.region, ip: '127.0.0.1', state: 'SERVING', available: true });
    }
  });

  it('places the rooms of six events on both nodes, three each', { timeout: 40_000 }, async () => {
    const api = service(nodes[0]!);
    for (const [i, room] of EVENT_ROOMS.entries()) {
      await api.createRoom({ name: room });
      // LiveKit picks by the room counts the nodes last wrote to Redis (every 2 s): rooms opened
      // faster than that all go to one node, so the events open one after another, each once counted.
      await until(`${i + 1} rooms counted`, async () => (await livekitNodeRecords(redis.url)).reduce((sum, r) => sum + r.numRooms, 0) === i + 1, 5000);
    }
    const placement = await roomPlacement(redis.url, nodes);
    expect(placement.map((p) => p.room)).toEqual(EVENT_ROOMS);
    for (const p of placement) {
      expect(p.available).toBe(true);
      expect(p.nodeId).toBe(nodes[p.index!]?.nodeId);
    }
    expect(placement.filter((p) => p.index === 0)).toHaveLength(3);
    expect(placement.filter((p) => p.index === 1)).toHaveLength(3);
  });

  it("answers room-service calls through either node for every node's rooms", async () => {
    for (const node of nodes) {
      expect((await service(node).listRooms()).map((r) => r.name).sort()).toEqual(EVENT_ROOMS);
    }
    // Each room is changed through the node that does not host it: LiveKit relays the call.
    for (const p of await roomPlacement(redis.url, nodes)) {
      const other = nodes.find((n) => n.index !== p.index)!;
      const updated = await service(other).updateRoomMetadata(p.room, `set through node ${other.index}`);
      expect(updated.metadata).toBe(`set through node ${other.index}`);
    }
    for (const node of nodes) {
      const rooms = await service(node).listRooms();
      const hosts = new Map((await roomPlacement(redis.url, nodes)).map((p) => [p.room, p.index]));
      for (const room of rooms) expect(room.metadata).toBe(`set through node ${1 - hosts.get(room.name)!}`);
    }
  });

  it('lets the participants of a killed node join its room again through the survivor', { timeout: 60_000 }, async () => {
    const [victim, survivor] = [nodes[0]!, nodes[1]!];
    const victimId = (killedNodeId = victim.nodeId!);
    const room = (await roomPlacement(redis.url, nodes)).find((p) => p.index === victim.index)!.room;
    // Alice's signalling and media are on the victim; Bob's signalling goes through the survivor,
    // which relays it to the victim, where his media is.
    const alice = await enter(victim, 'alice', room);
    const bob = await enter(survivor, 'bob', room);
    const before = await service(survivor).listParticipants(room);
    expect(before.map((p) => p.identity).sort()).toEqual(['alice', 'bob']);
    const aliceLost = new Promise<void>((resolve) => alice.once(RoomEvent.Reconnecting, () => resolve()));
    const bobBack = new Promise<number>((resolve) => bob.once(RoomEvent.Reconnected, () => resolve(performance.now())));

    const killedAt = performance.now();
    await victim.stop('SIGKILL');
    // When LiveKit's own rule (stats older than 5 s) first calls the victim gone, for the log.
    const victimStale = async () => (await livekitNodeRecords(redis.url)).some((r) => r.id === victimId && !r.available);
    const judgedGone = until('the killed node judged unavailable', victimStale, FAILOVER_BUDGET_MS).then(
      () => performance.now() - killedAt,
      () => NaN,
    );
    await Promise.race([aliceLost, sleep(5000).then(() => Promise.reject(new Error('Alice did not notice the kill within 5 s')))]);
    const { attempts } = await enterRetrying(survivor, 'alice', room, killedAt + FAILOVER_BUDGET_MS);
    const aliceMs = performance.now() - killedAt;

    const moved = (await roomPlacement(redis.url, nodes)).find((p) => p.room === room);
    expect(moved).toMatchObject({ nodeId: survivor.nodeId, index: survivor.index, available: true });
    // The dead node's other rooms stay mapped to it until a join or a call needs them.
    const stranded = (await roomPlacement(redis.url, nodes)).filter((p) => p.nodeId === victimId);
    expect(stranded.map((p) => p.available)).toEqual([false, false]);

    // Bob's client notices on its own (its media path died) and reconnects through the survivor.
    const bobAt = await Promise.race([bobBack, sleep(Math.max(0, killedAt + FAILOVER_BUDGET_MS - performance.now())).then(() => undefined)]);
    expect(bobAt, 'Bob reconnected within the failover budget').toBeDefined();
    await until('alice and bob listed in the moved room', async () => {
      const listed = (await service(survivor).listParticipants(room)).map((p) => p.identity).sort();
      return listed.join() === 'alice,bob';
    }, 5000);
    const bobSid = (list: { identity: string; sid: string }[]) => list.find((p) => p.identity === 'bob')?.sid;
    const bobRejoined = bobSid(await service(survivor).listParticipants(room)) !== bobSid(before);
    console.info(
      `LiveKit failover, from the kill: the node judged unavailable after ${Math.round(await judgedGone)} ms; ` +
        `Alice (on the killed node) joined again through the survivor after ${Math.round(aliceMs)} ms (${attempts} attempt(s)); ` +
        `Bob (signalling through the survivor) reconnected by himself after ${Math.round(bobAt! - killedAt)} ms, ` +
        (bobRejoined ? 'as a new participant (his resume was refused)' : 'resuming as the same participant'),
    );
    expect(aliceMs).toBeLessThan(FAILOVER_BUDGET_MS);
  });

  it("fails calls for a dead node's other rooms until createRoom moves them", async () => {
    const survivor = nodes[1]!;
    const stranded = (await roomPlacement(redis.url, nodes)).filter((p) => p.nodeId === killedNodeId);
    expect(stranded).toHaveLength(2);
    const room = stranded[0]!.room;
    // A relayed call goes to the host in room_node_map, dead or not, and times out (3 s).
    await expect(service(survivor).updateRoomMetadata(room, 'lost')).rejects.toThrow(/no response from servers/);
    // createRoom of an existing room picks a node again when its host is gone: the room moves.
    await service(survivor).createRoom({ name: room });
    expect((await roomPlacement(redis.url, nodes)).find((p) => p.room === room)).toMatchObject({ index: survivor.index, available: true });
    expect((await service(survivor).updateRoomMetadata(room, 'moved')).metadata).toBe('moved');
  });

  it('starts a killed node again on its ports under a new id, and new rooms go to it', async () => {
    const [victim, survivor] = [nodes[0]!, nodes[1]!];
    expect(victim.nodeId).toBeUndefined();
    await victim.start();
    expect(victim.nodeId).toMatch(/^ND_/);
    expect(victim.nodeId).not.toBe(killedNodeId);
    // A starting node removes the records of dead ones: only the two running nodes are left.
    expect((await livekitNodeRecords(redis.url)).map((r) => r.id).sort()).toEqual([victim.nodeId, survivor.nodeId].sort());
    await service(survivor).createRoom({ name: 'event-7' });
    expect((await roomPlacement(redis.url, nodes)).find((p) => p.room === 'event-7')).toMatchObject({ index: victim.index, nodeId: victim.nodeId });
  });
});
