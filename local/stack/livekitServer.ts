/**
 * The real LiveKit server (SFU) of the local stack, started with a generated config: the stack's
 * own key pairs (never the public `--dev` pair), a webhook to the app, loopback addresses only, a
 * fixed UDP port range and, when the stack runs one, Redis. The binary comes from
 * scripts/livekit-server.mjs (PATH, or the pinned release built with Go into .local/bin).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
// The finder is plain Node shared with scripts/ensure-deps.mjs, which runs before anything is installed.
import { findLivekitServer } from '#scripts/livekit-server.mjs';
import { LIVEKIT_WEBHOOK_PATH } from '#server/broadcast/livekitWebhook.server';

export { findLivekitServer };

export interface LivekitServerOptions {
  binary: string;
  /** Folder for the generated config (written readable by its owner only: it holds secrets). */
  dir: string;
  /** HTTP/WebSocket port (signalling and the room service's Twirp API). */
  port: number;
  /** ICE over TCP, for clients whose UDP is blocked. */
  tcpPort: number;
  /** First of `udpPorts` consecutive UDP ports for media. */
  udpStart: number;
  udpPorts: number;
  /** Every key pair rooms are signed with: the platform's and tenants' own (key → secret). */
  keys: Record<string, string>;
  /** The key whose secret signs webhooks. */
  webhookKey: string;
  webhookUrls: string[];
  redisUrl?: string;
  /**
   * How a node sharing `redisUrl` with others picks the node a new room goes to (LiveKit's
   * `node_selector`, e.g. kind "any" sorted by "rooms"). Absent: LiveKit's default, a random node.
   */
  nodeSelector?: { kind: string; sortBy: string };
  /**
   * LiveKit's `region`, written into this node's record in Redis. Several nodes on one machine
   * share an IP and their records hold no port, and a node's id is new at every start: a distinct
   * region is what still tells them apart there (local/fleet/livekitNodes.ts).
   */
  region?: string;
  /** Seconds an empty room lives (LiveKit's default is 5 minutes). */
  emptyTimeoutSeconds?: number;
  timeoutMs?: number;
}

export interface LocalLivekitServer {
  /** What browsers connect to. */
  url: string;
  /** The room service (Twirp over HTTP). */
  apiUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const yamlString = (value: string) => JSON.stringify(value);

/** The server's YAML config (JSON strings are valid YAML scalars, so every value is quoted safely). */
export function livekitConfigYaml(o: LivekitServerOptions): string {
  const lines = [
    `port: ${o.port}`,
    'bind_addresses:',
    '  - "127.0.0.1"',
    'rtc:',
    `  tcp_port: ${o.tcpPort}`,
    `  port_range_start: ${o.udpStart}`,
    `  port_range_end: ${o.udpStart + o.udpPorts - 1}`,
    '  node_ip: "127.0.0.1"',
    '  use_external_ip: false',
    'keys:',
    ...Object.entries(o.keys).map(([k, v]) => `  ${yamlString(k)}: ${yamlString(v)}`),
    'webhook:',
    `  api_key: ${yamlString(o.webhookKey)}`,
    '  urls:',
    ...o.webhookUrls.map((u) => `    - ${yamlString(u)}`),
    'room:',
    `  empty_timeout: ${o.emptyTimeoutSeconds ?? 300}`,
    'logging:',
    '  level: warn',
  ];
  if (o.redisUrl) {
    const redis = new URL(o.redisUrl);
    lines.push('redis:', `  address: ${yamlString(`${redis.hostname}:${redis.port || '6379'}`)}`);
  }
  if (o.nodeSelector) {
    lines.push('node_selector:', `  kind: ${yamlString(o.nodeSelector.kind)}`, `  sort_by: ${yamlString(o.nodeSelector.sortBy)}`);
  }
  if (o.region) lines.push(`region: ${yamlString(o.region)}`);
  return `${lines.join('\n')}\n`;
}

/** True once the server answers its HTTP root ("OK"). */
export async function livekitAnswers(apiUrl: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await fetch(apiUrl, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startLivekitServer(o: LivekitServerOptions): Promise<LocalLivekitServer> {
  mkdirSync(o.dir, { recursive: true });
  const config = join(o.dir, 'livekit-server.yaml');
  writeFileSync(config, livekitConfigYaml(o), { mode: 0o600 });
  const child: ChildProcess = spawn(o.binary, ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const apiUrl = `http://127.0.0.1:${o.port}`;

  const deadline = Date.now() + (o.timeoutMs ?? 20_000);
  while (!(await livekitAnswers(apiUrl, 500))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`livekit-server on port ${o.port} did not start${exited ? ' (it exited)' : ''}:\n${output.trim()}`);
    }
    await sleep(100);
  }
  return {
    url: `ws://localhost:${o.port}`,
    apiUrl,
    pid: child.pid!,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    },
  };
}

export interface LocalLivekitPlan {
  /** Project root (where .local/bin holds the built binary). */
  root: string;
  /** The stack's data folder: the generated config goes there. */
  dataDir: string;
  port: number;
  tcpPort: number;
  udpStart: number;
  udpPorts: number;
  keys: Record<string, string>;
  webhookKey: string;
  /** The app's port: webhooks go to http://127.0.0.1:<appPort>/api/livekit/webhook (Go cannot resolve *.localhost). */
  appPort: number;
  redisUrl?: string;
  log: (message: string) => void;
}

/** The local stack's LiveKit server, or null when there is no binary (rooms then say video is unavailable). */
export async function startLocalLivekit(plan: LocalLivekitPlan): Promise<(LocalLivekitServer & { binary: string; source: string }) | null> {
  const found = findLivekitServer(plan.root);
  if (!found) {
    plan.log(
      'no livekit-server (not on PATH, not built: `node scripts/ensure-deps.mjs` builds it when Go is installed); rooms will say video is unavailable',
    );
    return null;
  }
  const server = await startLivekitServer({
    binary: found.path,
    dir: plan.dataDir,
    port: plan.port,
    tcpPort: plan.tcpPort,
    udpStart: plan.udpStart,
    udpPorts: plan.udpPorts,
    keys: plan.keys,
    webhookKey: plan.webhookKey,
    webhookUrls: [`http://127.0.0.1:${plan.appPort}${LIVEKIT_WEBHOOK_PATH}`],
    ...(plan.redisUrl ? { redisUrl: plan.redisUrl } : {}),
  });
  return { ...server, binary: found.path, source: found.source };
}
