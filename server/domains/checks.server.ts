/**
 * The checks behind a custom domain's state (docs/decisions/0076): ownership by an HTTP token
 * served on the domain or a TXT record beside it, and the certificate the domain serves. Every
 * connection goes to an address the outside-address guard accepted (server/platform/net/), and to
 * that very address, so a name cannot be re-resolved somewhere inside between check and connect.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Resolver } from 'node:dns/promises';
import { connect, rootCertificates } from 'node:tls';
import type { DomainFailure } from '#app/lib/domains/domain';
import { tokenPath, txtRecordName } from '#app/lib/domains/domain';
import { checkHost, resolveWithSystem, type ResolveAll } from '#server/platform/net/outsideAddress.server';
import type { Env } from '#server/env.server';

export interface DomainCheckConfig {
  /** "host:port" DNS servers; empty: the machine's own. */
  dnsServers: string[];
  httpPort: number;
  httpsPort: number;
  allowLoopback: boolean;
  /** PEM of a CA trusted besides the system's, for the certificate check. */
  extraCa?: string;
  timeoutMs: number;
}

export function domainCheckConfig(env: Pick<Env, 'DOMAIN_DNS_SERVERS' | 'DOMAIN_HTTP_PORT' | 'DOMAIN_HTTPS_PORT' | 'DOMAIN_CHECK_ALLOW_LOOPBACK' | 'DOMAIN_TLS_CA_FILE'>): DomainCheckConfig {
  return {
    dnsServers: env.DOMAIN_DNS_SERVERS ? env.DOMAIN_DNS_SERVERS.split(',') : [],
    httpPort: env.DOMAIN_HTTP_PORT,
    httpsPort: env.DOMAIN_HTTPS_PORT,
    allowLoopback: env.DOMAIN_CHECK_ALLOW_LOOPBACK,
    extraCa: env.DOMAIN_TLS_CA_FILE ? readFileSync(env.DOMAIN_TLS_CA_FILE, 'utf8') : undefined,
    timeoutMs: 8000,
  };
}

export type Outcome = { ok: true } | { ok: false; failure: DomainFailure; detail: string };

function resolverOf(config: DomainCheckConfig): Resolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return resolver;
}

/** The domain's addresses from the configured DNS servers (A and AAAA), else from getaddrinfo. */
function addressesOf(config: DomainCheckConfig): ResolveAll {
  if (!config.dnsServers.length) return resolveWithSystem;
  const resolver = resolverOf(config);
  return async (host) => {
    const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => []), resolver.resolve6(host).catch(() => [])]);
    return [...v4, ...v6];
  };
}

/** An address of the domain the guard lets the platform connect to, or why there is none. */
async function guardedAddress(domain: string, config: DomainCheckConfig): Promise<{ address: string } | Extract<Outcome, { ok: false }>> {
  const verdict = await checkHost(domain, { resolve: addressesOf(config), allowLoopback: config.allowLoopback });
  if (!verdict.ok) {
    return verdict.reason === 'inside'
      ? { ok: false, failure: 'refusedAddress', detail: `${domain} points to an address inside the platform's network` }
      : { ok: false, failure: 'notFound', detail: `${domain} has no address` };
  }
  return { address: verdict.addresses[0]! };
}

/** GET http://<domain>/.well-known/…/<token> (at the guarded address): the body must be the token. */
export async function checkHttpToken(domain: string, token: string, config: DomainCheckConfig): Promise<Outcome> {
  const target = await guardedAddress(domain, config);
  if (!('address' in target)) return target;
  return new Promise<Outcome>((resolve) => {
    const req = request({ host: target.address, port: config.httpPort, path: tokenPath(token), headers: { host: domain }, timeout: config.timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // The token is 32 characters: anything longer is not it, and is not read further.
        if (body.length > 1024) res.destroy();
      });
      res.on('close', () => {
        if (res.statusCode === 200 && body.trim() === token) resolve({ ok: true });
        else resolve({ ok: false, failure: 'httpMismatch', detail: `http://${domain}${tokenPath(token)} answered ${res.statusCode} without the token` });
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', (e) => resolve({ ok: false, failure: 'httpUnreachable', detail: `http://${domain}: ${e.message}` }));
    req.end();
  });
}

/** The TXT record _<label>-verification.<domain> must hold the token (one of its strings, chunks joined). */
export async function checkTxtRecord(domain: string, token: string, config: DomainCheckConfig): Promise<Outcome> {
  const name = txtRecordName(domain);
  let records: string[][];
  try {
    records = await resolverOf(config).resolveTxt(name);
  } catch (e) {
    return { ok: false, failure: 'txtMissing', detail: `${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  const values = records.map((chunks) => chunks.join(''));
  return values.includes(token) ? { ok: true } : { ok: false, failure: 'txtMismatch', detail: `${name} holds ${values.length} other value(s)` };
}

export type CertificateSeen = { ok: true; issuer: string; notAfter: string } | Extract<Outcome, { ok: false }>;

/**
 * A TLS handshake with the domain (SNI = the domain): what a visitor's browser would accept. A
 * handshake is also what makes the certificate front fetch the certificate on first use.
 */
export async function probeCertificate(domain: string, config: DomainCheckConfig): Promise<CertificateSeen> {
  const target = await guardedAddress(domain, config);
  if (!('address' in target)) return target;
  const ca = config.extraCa ? [...rootCertificates, config.extraCa] : undefined;
  return new Promise<CertificateSeen>((resolve) => {
    // Issuance on first use takes the ACME round trips: the handshake waits longer than a page load would.
    const socket = connect({ host: target.address, port: config.httpsPort, servername: domain, ca, timeout: config.timeoutMs * 3 });
    const fail = (detail: string) => {
      socket.destroy();
      resolve({ ok: false, failure: 'certificate', detail });
    };
    socket.once('secureConnect', () => {
      const cert = socket.getPeerX509Certificate();
      if (!socket.authorized || !cert) return fail(`https://${domain}: ${String(socket.authorizationError ?? 'no certificate')}`);
      if (!cert.checkHost(domain)) return fail(`https://${domain}: the certificate does not name ${domain}`);
      socket.end();
      resolve({ ok: true, issuer: cert.issuer.replace(/\n/g, ', '), notAfter: new Date(cert.validTo).toISOString() });
    });
    socket.on('timeout', () => fail(`https://${domain}: no handshake in time`));
    socket.on('error', (e) => fail(`https://${domain}: ${e.message}`));
  });
}
