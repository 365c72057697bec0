/**
 * Several real LiveKit server nodes on this machine, in LiveKit's own multi-node mode: every node
 * shares one Redis, where LiveKit keeps which node hosts which room and each node's record, and
 * through which a node relays signalling and room-service calls to the node hosting the room.
 * Tooling for tests of the fleet, not product: nothing under server/ or app/ imports it.
 *
 * What LiveKit v1.13.5 keeps in Redis (pkg/routing/redisrouter.go):
 *  - `room_node_map`, a hash room name → node id: where a room runs;
 *  - `nodes`, a hash node id → the node's record (protobuf `livekit.Node`: id, ip, state, region,
 *    stats with `updated_at`), rewritten by the node every 2 s.
 * A node's id is random at every start, and all nodes here share the IP 127.0.0.1 while the record
 * holds no port, so each node is started with a region of its own (`local-node-<index>`): that is
 * what tells the records apart, across restarts too.
 *
 * After a crash (local/fleet/livekitNodes.test.ts shows each step): the dead node's record stays,
 * and it counts as available until its stats are 5 s old. A room is moved only when something asks
 * LiveKit to place it: a join (held by the server while it retries the dead host, then placed
 * anew) or createRoom. Calls relayed to the host (metadata, delete, mute) time out until then.
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startLivekitServer, type LivekitServerOptions, type LocalLivekitServer } from '#local/stack/livekitServer';

export interface LivekitNodePorts {
  /** HTTP/WebSocket port (signalling and the room service). */
  port: number;
  tcpPort: number;
  udpStart: number;
  udpPorts: number;
}

export interface StartLivekitNodesOptions {
  binary: string;
  /** Each node writes its config into `<dir>/node-<index>`. */
  dir: string;
  redisUrl: string;
  nodes: LivekitNodePorts[];
  keys: Record<string, string>;
  webhookKey: string;
  webhookUrls: string[];
  emptyTimeoutSeconds?: number;
  timeoutMs?: number;
}

export interface LivekitNode {
  /** Position in `nodes` of the start options. */
  readonly index: number;
  /** The region this node is started with: its name in Redis whatever its current id. */
  readonly region: string;
  readonly port: number;
  /** What clients connect to: by address, since the node listens on 127.0.0.1 only. */
  readonly url: string;
  /** The room service (Twirp over HTTP). */
  readonly apiUrl: string;
  /** The running process, undefined while stopped. */
  readonly pid: number | undefined;
  /** LiveKit's id of the running process (`ND_…`, new at every start), undefined while stopped. */
  readonly nodeId: string | undefined;
  /**
   * SIGTERM (the default) is a graceful stop: LiveKit waits for its participants to leave (killed
   * after 5 s) and removes its record. SIGKILL is a crash: the record stays behind, going stale.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts the node again on the same ports (a no-op while it runs). */
  start(): Promise<void>;
}

/**
 * Where new rooms go: any node that is up, the one hosting the fewest rooms. Every node here
 * shares one machine, so LiveKit's load-based sorts (sysload, cpuload) see the same figure for
 * all and cannot choose; its default, random, leaves the count to chance. "rooms" evens the count
 * out. A node's room count reaches Redis with its stats every 2 s, so rooms created faster than
 * that go to the same node until the next update. Kind "any" ignores the region labels.
 */
export const FLEET_NODE_SELECTOR = { kind: 'any', sortBy: 'rooms' } as const;

/** A node whose stats are older than this is no longer chosen nor kept as a room's host (pkg/routing/selector/utils.go). */
export const LIVEKIT_AVAILABLE_SECONDS = 5;

const NODES_KEY = 'nodes';
const ROOM_NODE_KEY = 'room_node_map';

export const nodeRegion = (index: number) => `local-node-${index}`;

export async function startLivekitNodes(o: StartLivekitNodesOptions): Promise<LivekitNode[]> {
  const started: LivekitNode[] = [];
  try {
    for (const [index, ports] of o.nodes.entries()) {
      const node = livekitNode(o, index, ports);
      await node.start();
      started.push(node);
    }
  } catch (e) {
    await Promise.all(started.map((node) => node.stop('SIGKILL')));
    throw e;
  }
  return started;
}

function livekitNode(o: StartLivekitNodesOptions, index: number, ports: LivekitNodePorts): LivekitNode {
  const region = nodeRegion(index);
  const config: LivekitServerOptions = {
    binary: o.binary,
    dir: join(o.dir, `node-${index}`),
    ...ports,
    keys: o.keys,
    webhookKey: o.webhookKey,
    webhookUrls: o.webhookUrls,
    redisUrl: o.redisUrl,
    nodeSelector: FLEET_NODE_SELECTOR,
    region,
    ...(o.emptyTimeoutSeconds !== undefined ? { emptyTimeoutSeconds: o.emptyTimeoutSeconds } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
  };
  let server: LocalLivekitServer | undefined;
  let nodeId: string | undefined;
  return {
    index,
    region,
    port: ports.port,
    url: `ws://127.0.0.1:${ports.port}`,
    apiUrl: `http://127.0.0.1:${ports.port}`,
    get pid() {
      return server?.pid;
    },
    get nodeId() {
      return nodeId;
    },
    async start() {
      if (server) return;
      // A crashed predecessor's record may still be there under the same region: the new
      // process is the record that was not.
      const before = new Set((await livekitNodeRecords(o.redisUrl)).filter((r) => r.region === region).map((r) => r.id));
      const running = await startLivekitServer(config);
      const fresh = (await livekitNodeRecords(o.redisUrl)).filter((r) => r.region === region && !before.has(r.id));
      if (fresh.length !== 1) {
        await running.stop();
        throw new Error(`livekit node ${index} (port ${ports.port}): expected one new record in Redis "${NODES_KEY}" with region ${region}, found ${fresh.length}`);
      }
      server = running;
      nodeId = fresh[0]!.id;
    },
    async stop(signal = 'SIGTERM') {
      const running = server;
      if (!running) return;
      server = undefined;
      nodeId = undefined;
      if (signal === 'SIGKILL') {
        try {
          process.kill(running.pid, 'SIGKILL');
        } catch {
          // It had exited already: nothing to crash.
        }
      }
      // After a SIGKILL this only waits for the exit.
      await running.stop();
    },
  };
}

/** A node's record in Redis `nodes`, the part of `livekit.Node` the fleet reads. */
export interface LivekitNodeRecord {
  id: string;
  ip: string;
  region: string;
  state: 'STARTING_UP' | 'SERVING' | 'SHUTTING_DOWN' | 'SUSPENDED';
  /** Unix seconds. */
  startedAt: number;
  /** Unix seconds of the last stats the node wrote: it writes them every 2 s while it lives. */
  updatedAt: number;
  numRooms: number;
  numClients: number;
  /** LiveKit's own test: stats newer than 5 s (a node without stats counts as available). */
  available: boolean;
}

export interface RoomPlacement {
  room: string;
  /** The node id in `room_node_map`. */
  nodeId: string;
  /** From the node's record; undefined when the record is gone. */
  region?: string;
  ip?: string;
  /** False when the hosting node is gone or stale: LiveKit moves the room at its next join. */
  available: boolean;
  /** Which of `nodes` hosts it: the one whose running process has that id. */
  index?: number;
}

/** Every node's record in LiveKit's Redis, dead ones included until a starting node prunes them. */
export async function livekitNodeRecords(redisUrl: string): Promise<LivekitNodeRecord[]> {
  return withRedis(redisUrl, async (redis) => nodeRecordsOf(await redis.hgetallBuffer(NODES_KEY)));
}

/** Which node hosts which room, as LiveKit's routing sees it, sorted by room name. */
export async function roomPlacement(redisUrl: string, nodes: readonly LivekitNode[] = []): Promise<RoomPlacement[]> {
  return withRedis(redisUrl, async (redis) => {
    const [map, records] = await Promise.all([redis.hgetall(ROOM_NODE_KEY), redis.hgetallBuffer(NODES_KEY)]);
    const byId = new Map(nodeRecordsOf(records).map((r) => [r.id, r]));
    return Object.entries(map)
      .map(([room, nodeId]) => {
        const record = byId.get(nodeId);
        const index = nodes.find((n) => n.nodeId === nodeId)?.index;
        return {
          room,
          nodeId,
          ...(record ? { region: record.region, ip: record.ip } : {}),
          available: record?.available ?? false,
          ...(index !== undefined ? { index } : {}),
        };
      })
      .sort((a, b) => a.room.localeCompare(b.room));
  });
}

async function withRedis<T>(redisUrl: string, read: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await read(redis);
  } finally {
    redis.disconnect();
  }
}

function nodeRecordsOf(hash: Record<string, Buffer>): LivekitNodeRecord[] {
  const now = Math.floor(Date.now() / 1000);
  return Object.values(hash).map((bytes) => {
    const node = protoFields(bytes);
    const stats = node.get(4) instanceof Uint8Array ? protoFields(node.get(4) as Uint8Array) : undefined;
    const updatedAt = Number(stats?.get(2) ?? 0);
    const states = ['STARTING_UP', 'SERVING', 'SHUTTING_DOWN', 'SUSPENDED'] as const;
    return {
      id: text(node.get(1)),
      ip: text(node.get(2)),
      region: text(node.get(7)),
      state: states[Number(node.get(6) ?? 0)] ?? 'SUSPENDED',
      startedAt: Number(stats?.get(1) ?? 0),
      updatedAt,
      numRooms: Number(stats?.get(3) ?? 0),
      numClients: Number(stats?.get(4) ?? 0),
      available: !stats || now - updatedAt < LIVEKIT_AVAILABLE_SECONDS,
    };
  });
}

const text = (value: bigint | Uint8Array | undefined) => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : '');

/**
 * The top-level fields of a protobuf message (the last value of each field number): varints as
 * bigint, length-delimited fields as bytes. Enough for `livekit.Node` without generated code.
 */
function protoFields(bytes: Uint8Array): Map<number, bigint | Uint8Array> {
  const fields = new Map<number, bigint | Uint8Array>();
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length) throw new Error('truncated protobuf varint');
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.set(field, varint());
    else if (wire === 2) {
      const length = Number(varint());
      fields.set(field, bytes.subarray(at, at + length));
      at += length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return fields;
}
