/**
 * The fleet's front (front.ts) with the real Caddy: HTTPS for any *.localhost name from its local
 * CA, round robin over the app instances, a dead instance skipped, and the answer naming the
 * instance that served it.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '#local/stack/ports';
import { getWithHost } from '#tests/support/hostGet';
import { startFront, UPSTREAM_HEADER, type Front } from './front';

const dir = mkdtempSync(join(tmpdir(), 'front-test-'));
let front: Front;
let ports: number[];
const servers: Server[] = [];

/** An instance answering its own port, healthy on /api/health. */
function instance(port: number): Promise<Server> {
  const server = createServer((req, res) => res.end(`instance ${port} for ${req.headers.host} over ${req.headers['x-forwarded-proto']}`));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  ports = await Promise.all([getFreePort(), getFreePort(), getFreePort()]);
  // Two instances up; the third port has nothing behind it (a crashed instance).
  servers.push(await instance(ports[0]!), await instance(ports[1]!));
  const [httpsPort, livekitHttpsPort, appsInsidePort, livekitInsidePort] = await Promise.all([getFreePort(), getFreePort(), getFreePort(), getFreePort()]);
  front = await startFront({ dir, httpsPort: httpsPort!, livekitHttpsPort: livekitHttpsPort!, appsInsidePort: appsInsidePort!, livekitInsidePort: livekitInsidePort!, appPorts: ports, livekitPorts: [ports[0]!] });
});

afterAll(async () => {
  await front?.stop();
  for (const s of servers) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const viaFront = (host: string) =>
  getWithHost(`https://127.0.0.1:${front.httpsPort}/`, `${host}:${front.httpsPort}`, { tls: { ca: front.rootCertificate, servername: host } });

describe('the fleet front', () => {
  it('serves any tenant host over HTTPS with a certificate from its own CA, spreading requests over the live instances only', async () => {
    const served = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      const res = await viaFront(i % 2 ? 'aurora.localhost' : 'new-tenant.localhost');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/ over https$/);
      expect(res.text).toContain(`.localhost:${front.httpsPort}`);
      const upstream = String(res.headers[UPSTREAM_HEADER]);
      served.set(upstream, (served.get(upstream) ?? 0) + 1);
    }
    // Both live instances served; the dead one never did (its failure was retried on a live one).
    expect([...served.keys()].sort()).toEqual([`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`].sort());
  });

  it('is trusted only by those given its CA: the system trust store refuses it', async () => {
    await expect(getWithHost(`https://127.0.0.1:${front.httpsPort}/`, 'aurora.localhost', { tls: { servername: 'aurora.localhost' } })).rejects.toThrow(/certificate|issuer/i);
  });
});
