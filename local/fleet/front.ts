/**
 * The fleet's front (docs/decisions/0078): one Caddy (Debian's package) doing what the production
 * load balancer does, on loopback:
 *
 *   - HTTPS on `httpsPort` for `localhost` and every `<name>.localhost`, with certificates from
 *     Caddy's own local CA, made on first use for the name asked (`tls internal`, on demand: a
 *     tenant published while the fleet runs is served without touching the front; the root is in
 *     the fleet's folder, never installed into the system's trust);
 *   - the app instances behind it, round robin, with active health checks on /api/health and
 *     passive ones (a refused dial takes an instance out for a few seconds and the request is
 *     tried on the next one);
 *   - the LiveKit nodes behind https://localhost:`livekitHttpsPort`, the same way (their root path
 *     answers "OK"): a name the app instances can resolve and reach too, since the room asks the
 *     server whether the address browsers are given answers;
 *   - two plain-HTTP loopback listeners for traffic that stays inside the fleet: LiveKit's webhooks
 *     to the app instances, and the app instances' calls to LiveKit's room service.
 *
 * Each answer says which instance served it (X-Fleet-Upstream), so a test can count the spread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const UPSTREAM_HEADER = 'x-fleet-upstream';

export interface FrontPlan {
  /** Folder for the Caddyfile and Caddy's data (its local CA). */
  dir: string;
  httpsPort: number;
  /** HTTPS for the LiveKit nodes (signalling): what browsers are given as the LiveKit URL. */
  livekitHttpsPort: number;
  /** Plain HTTP, loopback: the app instances (LiveKit's webhooks reach them here). */
  appsInsidePort: number;
  /** Plain HTTP, loopback: the LiveKit nodes' room service (the app instances call it here). */
  livekitInsidePort: number;
  appPorts: number[];
  livekitPorts: number[];
}

export interface Front {
  /** https://localhost:<port>: a tenant is https://<tenant>.localhost:<port>. */
  httpsPort: number;
  /** PEM of the local CA the front's certificates chain to. */
  rootCertificate: string;
  rootCertificateFile: string;
  appsInside: string;
  livekitInside: string;
  /** wss://localhost:<livekitHttpsPort>: what browsers connect to. */
  livekitUrl: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

const upstreams = (ports: number[]) => ports.map((p) => `127.0.0.1:${p}`).join(' ');

/** The health checks and retries every pool shares: a dead instance is out within a second or two. */
function pool(ports: number[], healthUri: string): string {
  return `reverse_proxy ${upstreams(ports)} {
		lb_policy round_robin
		lb_try_duration 15s
		lb_try_interval 100ms
		fail_duration 5s
		max_fails 1
		health_uri ${healthUri}
		health_interval 1s
		health_timeout 3s
		header_down ${UPSTREAM_HEADER} {http.reverse_proxy.upstream.hostport}
	}`;
}

export function frontCaddyfile(p: FrontPlan & { storage: string }): string {
  return `{
	admin off
	storage file_system ${p.storage}
	skip_install_trust
	auto_https disable_redirects
	default_bind 127.0.0.1
	log {
		level ERROR
	}
}

https://localhost:${p.httpsPort}, https://*.localhost:${p.httpsPort} {
	tls internal {
		on_demand
	}
	${pool(p.appPorts, '/api/health')}
}

https://localhost:${p.livekitHttpsPort} {
	tls internal {
		on_demand
	}
	${pool(p.livekitPorts, '/')}
}

http://127.0.0.1:${p.appsInsidePort} {
	${pool(p.appPorts, '/api/health')}
}

http://127.0.0.1:${p.livekitInsidePort} {
	${pool(p.livekitPorts, '/')}
}
`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startFront(plan: FrontPlan, timeoutMs = 30_000): Promise<Front> {
  const caddyDir = join(plan.dir, 'caddy');
  mkdirSync(caddyDir, { recursive: true });
  const storage = join(caddyDir, 'data');
  const file = join(plan.dir, 'Caddyfile');
  writeFileSync(file, frontCaddyfile({ ...plan, storage }));
  // Caddy's own state (autosaved config) stays in the fleet's folder.
  const env = { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir };
  const child: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  child.once('error', (e) => (output += `\n${e.message}`));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(timer);
  };

  const rootCertificateFile = join(storage, 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = existsSync(rootCertificateFile) && (await listening(plan.httpsPort)) && (await listening(plan.livekitHttpsPort)) && (await listening(plan.appsInsidePort)) && (await listening(plan.livekitInsidePort));
    if (ready) break;
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy (the fleet's front) did not start${exited ? ' (it exited)' : ''}:\n${output.slice(-3000)}`);
    }
    await sleep(100);
  }
  return {
    httpsPort: plan.httpsPort,
    rootCertificate: readFileSync(rootCertificateFile, 'utf8'),
    rootCertificateFile,
    appsInside: `http://127.0.0.1:${plan.appsInsidePort}`,
    livekitInside: `http://127.0.0.1:${plan.livekitInsidePort}`,
    livekitUrl: `wss://localhost:${plan.livekitHttpsPort}`,
    pid: child.pid!,
    output: () => output,
    stop,
  };
}
