/**
 * The certificate front of custom domains, on this machine (docs/decisions/0076): Caddy with
 * on-demand TLS asking the app, a real ACME server (Pebble) issuing, and Pebble's mock DNS
 * (pebble-challtestsrv) pointing the test domains at 127.0.0.1. Tooling for tests, not product:
 * nothing under server/ or app/ imports it. Every process listens on 127.0.0.1 on ports the
 * kernel says are free, so runs never collide with each other or with a system Caddy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFreePort } from '#local/stack/ports';
import { ensurePebble } from '#scripts/pebble.mjs';

export interface CertificateFleet {
  /** "127.0.0.1:<port>": the mock DNS, for DOMAIN_DNS_SERVERS. */
  dnsServer: string;
  /** Caddy's ports: Pebble validates HTTP-01 and TLS-ALPN-01 challenges on them. */
  httpPort: number;
  httpsPort: number;
  /** The PEM of the root Pebble issues under (a new one each start), from its management API. */
  issuingRoot(): Promise<string>;
  /** Publishes a TXT record in the mock DNS. */
  setTxt(name: string, value: string): Promise<void>;
  /** What the three processes wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
}

function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, sink: (line: string) => void): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => sink(`[${name}] ${d.toString()}`);
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, process: child };
}

/** Resolves once something accepts TCP connections on the port, or rejects at the deadline or when the child exits. */
async function listening(port: number, child: Child, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited (${child.process.exitCode}):\n${output().slice(-3000)}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${child.name} did not listen on :${port} within ${timeoutMs} ms:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function postJson(port: number, path: string, body: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`challtestsrv ${path}: ${res.status} ${await res.text()}`);
}

function getTls(port: number, path: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, ca, servername: 'localhost', timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`pebble ${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The Caddyfile: on-demand certificates for any name the app's ask endpoint approves, from Pebble. */
export function caddyfile(p: { appPort: number; httpPort: number; httpsPort: number; acmePort: number; acmeRoot: string; storage: string }): string {
  const app = `127.0.0.1:${p.appPort}`;
  return `{
	admin off
	http_port ${p.httpPort}
	https_port ${p.httpsPort}
	storage file_system ${p.storage}
	acme_ca https://127.0.0.1:${p.acmePort}/dir
	acme_ca_root ${p.acmeRoot}
	skip_install_trust
	on_demand_tls {
		ask http://${app}/api/platform/domains/check
	}
}

https:// {
	tls {
		on_demand
	}
	reverse_proxy ${app}
}

# Plain HTTP: the ownership token reaches the app (a domain has no certificate before it is
# verified); everything else goes to HTTPS. Caddy answers ACME HTTP-01 challenges on this port itself.
http:// {
	handle /.well-known/eventplatform-domain/* {
		reverse_proxy ${app}
	}
	handle {
		redir https://{host}:${p.httpsPort}{uri} 308
	}
}
`;
}

/**
 * Starts the mock DNS (the given domains → 127.0.0.1), Pebble and Caddy in front of the app on
 * `appPort`. Builds Pebble first when .local/bin has no build of the pinned release.
 */
export async function startCertificateFleet(options: { root: string; appPort: number; domains: string[]; caddy?: string }): Promise<CertificateFleet> {
  const tools = ensurePebble(options.root, () => undefined) as { pebble: string; challtestsrv: string; certs: string } | null;
  if (!tools) throw new Error('pebble could not be built (node scripts/pebble.mjs says why)');
  const dir = mkdtempSync(join(tmpdir(), 'cert-fleet-'));
  let log = '';
  const sink = (line: string) => (log = (log + line).slice(-100_000));
  const output = () => log;
  const children: Child[] = [];
  const [dnsPort, dnsManagement, acmePort, acmeManagement, httpPort, httpsPort] = await Promise.all(Array.from({ length: 6 }, () => getFreePort()));
  const stop = async () => {
    await Promise.all(
      children.map(async ({ process: child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const dns = startChild(
      'challtestsrv',
      tools.challtestsrv,
      ['-dnsserver', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${dnsManagement}`, '-defaultIPv4', '127.0.0.1', '-defaultIPv6', '', '-http01', '', '-https01', '', '-tlsalpn01', '', '-doh', ''],
      process.env,
      sink,
    );
    children.push(dns);
    await listening(dnsManagement, dns, 10_000, output);
    for (const host of options.domains) await postJson(dnsManagement, '/add-a', { host, addresses: ['127.0.0.1'] });

    const config = join(dir, 'pebble.json');
    writeFileSync(
      config,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${acmePort}`,
          managementListenAddress: `127.0.0.1:${acmeManagement}`,
          certificate: join(tools.certs, 'localhost', 'cert.pem'),
          privateKey: join(tools.certs, 'localhost', 'key.pem'),
          // Pebble validates challenges where Caddy listens.
          httpPort,
          tlsPort: httpsPort,
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    // No random validation delay and no rejected nonces: the test measures issuance, not retries.
    const pebbleEnv = { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' };
    const pebble = startChild('pebble', tools.pebble, ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`], pebbleEnv, sink);
    children.push(pebble);
    await listening(acmePort, pebble, 15_000, output);

    const caddyDir = join(dir, 'caddy');
    mkdirSync(caddyDir, { recursive: true });
    const file = join(dir, 'Caddyfile');
    const acmeRoot = join(tools.certs, 'pebble.minica.pem');
    writeFileSync(file, caddyfile({ appPort: options.appPort, httpPort, httpsPort, acmePort, acmeRoot, storage: join(caddyDir, 'data') }));
    // Caddy's own state (autosaved config, data) stays in the run's folder.
    const caddyEnv = { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir };
    const caddy = startChild('caddy', options.caddy ?? 'caddy', ['run', '--config', file, '--adapter', 'caddyfile'], caddyEnv, sink);
    children.push(caddy);
    await listening(httpsPort, caddy, 15_000, output);
    await listening(httpPort, caddy, 5_000, output);

    const minica = readFileSync(acmeRoot, 'utf8');
    return {
      dnsServer: `127.0.0.1:${dnsPort}`,
      httpPort,
      httpsPort,
      issuingRoot: () => getTls(acmeManagement, '/roots/0', minica),
      setTxt: (name, value) => postJson(dnsManagement, '/set-txt', { host: `${name.replace(/\.$/, '')}.`, value }),
      output,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
