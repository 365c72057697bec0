/**
 * Custom domains end to end (docs/decisions/0076): a tenant lists events.acme.test; Caddy with
 * on-demand TLS stands in front of the real app (createApp), Pebble issues, pebble-challtestsrv is
 * the DNS. The domain is refused a certificate until its ownership is proven; once proven, the
 * first handshake gets a certificate for that name issued by Pebble and the tenant's page behind
 * it. A domain no tenant lists gets no certificate. Loopback only.
 */
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type PeerCertificate } from 'node:tls';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txtRecordName } from '#app/lib/domains/domain';
import { loadRegistry, type Registry } from '#server/config/registry.server';
import { createApp } from '#server/app';
import { loadEnv, type Env } from '#server/env.server';
import { createServices } from '#server/compose.server';
import { tenantData } from '#server/data/tenantData.server';
import type { Services } from '#server/services';
import { getFreePort } from '#local/stack/ports';
import { getWithHost } from '#tests/support/hostGet';
import { startCertificateFleet, type CertificateFleet } from '#local/fleet/certificateFleet';
import { checkDomainNow, domainCheckConfig, domainRows } from './index.server';
import { checkTxtRecord } from './checks.server';

const DOMAIN = 'events.acme.test';
const STRANGER = 'nobody.acme.test';
const TENANT = 'aurora';

/** The smallest Remix build: every page is the request's tenant's name, from the load context the app built for its Host. */
const build = {
  mode: 'test',
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers, _remix: unknown, context: { tenant: { id: string; displayName: string } }) => {
        headers.set('Content-Type', 'text/html; charset=utf-8');
        return new Response(`<!doctype html><h1 data-tenant="${context.tenant.id}">${context.tenant.displayName}</h1>`, { status, headers });
      },
    },
  },
  routes: { root: { id: 'root', path: '', module: { default: () => null } } },
  assets: { entry: { module: '/assets/entry.js', imports: [] }, routes: { root: { id: 'root', path: '', module: '/assets/root.js', hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false } }, url: '/assets/manifest.js', version: 'test' },
  publicPath: '/assets/',
  assetsBuildDirectory: 'build/client',
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

/** A TLS connection to Caddy naming `servername`: the certificate it got, or the handshake's error. */
function handshake(port: number, servername: string, ca?: string): Promise<{ cert: PeerCertificate; authorized: boolean } | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca, rejectUnauthorized: false, timeout: 20_000 });
    socket.once('secureConnect', () => {
      resolve({ cert: socket.getPeerCertificate(), authorized: socket.authorized });
      socket.end();
    });
    socket.once('error', (e) => resolve({ error: e.message }));
    socket.once('timeout', () => {
      socket.destroy();
      resolve({ error: 'timeout' });
    });
  });
}

const ask = (port: number, domain: string) => fetch(`http://127.0.0.1:${port}/api/platform/domains/check?domain=${encodeURIComponent(domain)}`).then((r) => r.status);

describe('custom domains get certificates on first use, once verified', () => {
  let configRoot: string;
  let registry: Registry;
  let fleet: CertificateFleet;
  let server: Server;
  let services: Services;
  let env: Env;
  let appPort: number;

  beforeAll(async () => {
    // A config root of its own: the sample tenant with the test domain, nothing shipped changes.
    configRoot = mkdtempSync(join(tmpdir(), 'domains-config-'));
    cpSync(join(process.cwd(), 'themes'), join(configRoot, 'themes'), { recursive: true });
    cpSync(join(process.cwd(), 'tenants', TENANT), join(configRoot, 'tenants', TENANT), { recursive: true });
    const file = join(configRoot, 'tenants', TENANT, 'tenant.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), domains: [DOMAIN] }));
    const loaded = loadRegistry(configRoot);
    expect(loaded.problems).toEqual([]);
    registry = loaded.registry;

    appPort = await getFreePort();
    fleet = await startCertificateFleet({ root: process.cwd(), appPort, domains: [DOMAIN, STRANGER] });
    env = loadEnv({
      ...process.env,
      NODE_ENV: 'test',
      CONFIG_ROOT: configRoot,
      DOMAIN_DNS_SERVERS: fleet.dnsServer,
      DOMAIN_HTTP_PORT: String(fleet.httpPort),
      DOMAIN_HTTPS_PORT: String(fleet.httpsPort),
      DOMAIN_CHECK_ALLOW_LOOPBACK: 'true',
    });
    services = createServices(env, registry);
    server = createApp({ env, registry, services, build }).listen(appPort, '127.0.0.1');
    await once(server, 'listening');
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await fleet?.stop();
    if (configRoot) rmSync(configRoot, { recursive: true, force: true });
  });

  it('refuses a certificate before verification, proves ownership, then Caddy serves the tenant under a Pebble certificate', async () => {
    const tenant = registry.tenants.get(TENANT)!;
    const data = tenantData(services, tenant.id);
    // Shown on the dashboard: pending, with its token.
    const [row] = await domainRows(tenant, data);
    expect(row).toMatchObject({ domain: DOMAIN, state: 'pending', txtName: `_eventplatform-verification.${DOMAIN}` });
    expect(row!.token).toMatch(/^[a-z0-9]{32}$/);

    // Not verified: the ask says no, so Caddy makes no certificate.
    expect(await ask(appPort, DOMAIN)).toBe(404);
    expect(await ask(appPort, 'not a host')).toBe(400);
    expect(await ask(appPort, STRANGER)).toBe(404);
    expect(await handshake(fleet.httpsPort, DOMAIN)).toHaveProperty('error');

    // The guard refuses loopback outside the tests: the check fails and says why.
    const strict = { ...domainCheckConfig(env), allowLoopback: false };
    expect(await checkDomainNow(tenant, data, DOMAIN, strict)).toMatchObject({ state: 'failing', lastCheck: { ok: false, failure: 'refusedAddress' } });
    expect(await ask(appPort, DOMAIN)).toBe(404);

    // The TXT method, against the mock DNS.
    const config = { ...domainCheckConfig(env), extraCa: await fleet.issuingRoot() };
    expect(await checkTxtRecord(DOMAIN, row!.token, config)).toMatchObject({ ok: false, failure: 'txtMissing' });
    await fleet.setTxt(txtRecordName(DOMAIN), 'someone-else');
    expect(await checkTxtRecord(DOMAIN, row!.token, config)).toMatchObject({ ok: false, failure: 'txtMismatch' });
    await fleet.setTxt(txtRecordName(DOMAIN), row!.token);
    expect(await checkTxtRecord(DOMAIN, row!.token, config)).toEqual({ ok: true });

    // Check now: the HTTP token is fetched through Caddy from the app; then the first handshake
    // makes Caddy ask (yes now), get the certificate from Pebble and serve it.
    const checked = await checkDomainNow(tenant, data, DOMAIN, config);
    expect(checked, `${JSON.stringify(checked)}\n${fleet.output().slice(-6000)}`).toMatchObject({ state: 'certificateIssued', verifiedBy: 'http', lastCheck: { ok: true } });
    expect(checked!.certificate!.issuer).toMatch(/Pebble/);
    expect(await ask(appPort, DOMAIN)).toBe(200);
    expect((await data.domains.get(DOMAIN))!.askedAt).toBeDefined();

    // A visitor: https://events.acme.test, trusting only Pebble's root, gets the tenant's page.
    const root = await fleet.issuingRoot();
    const page = await getWithHost(`https://127.0.0.1:${fleet.httpsPort}/`, `${DOMAIN}:${fleet.httpsPort}`, { tls: { ca: root, servername: DOMAIN } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-tenant="${TENANT}"`);
    expect(page.text).toContain(tenant.displayName);
    const seen = await handshake(fleet.httpsPort, DOMAIN, root);
    if ('error' in seen) throw new Error(seen.error);
    expect(seen.authorized).toBe(true);
    expect(seen.cert.subjectaltname).toBe(`DNS:${DOMAIN}`);
    expect(seen.cert.issuer.CN).toMatch(/^Pebble Intermediate CA/);

    // A domain no tenant lists: no certificate, the handshake fails.
    const stranger = await handshake(fleet.httpsPort, STRANGER, root);
    expect(stranger).toHaveProperty('error');
    expect(await ask(appPort, STRANGER)).toBe(404);
  }, 90_000);

  it('serves the HTTP token only on the domain that owns it', async () => {
    const record = (await tenantData(services, TENANT as never).domains.get(DOMAIN))!;
    const path = `/.well-known/eventplatform-domain/${record.token}`;
    const owned = await getWithHost(`http://127.0.0.1:${appPort}${path}`, DOMAIN);
    expect({ status: owned.status, body: owned.text }).toEqual({ status: 200, body: record.token });
    expect((await getWithHost(`http://127.0.0.1:${appPort}${path}`, `${TENANT}.localhost`)).status).toBe(404);
    expect((await getWithHost(`http://127.0.0.1:${appPort}/.well-known/eventplatform-domain/${'0'.repeat(32)}`, DOMAIN)).status).toBe(404);
  });
});
