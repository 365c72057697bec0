/**
 * Which network addresses the platform may send to when a person names the destination (restream
 * RTMP servers, docs/decisions/0061): only addresses outside, on the public internet. Loopback,
 * private (RFC 1918, CGNAT 100.64/10, ULA fc00::/7), link-local, multicast, unspecified, broadcast,
 * documentation and benchmark ranges, the cloud metadata services and their IPv4-mapped IPv6
 * spellings are inside. A name counts as outside only when every address it resolves to does,
 * resolved the way the machine that connects resolves it (getaddrinfo, which also reads decimal,
 * octal and hex IPv4 spellings such as 2852039166 or 0x7f.1).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Where an address points: outside (the public internet), this machine (loopback), or inside (any other non-public range). */
export type AddressPlace = 'outside' | 'loopback' | 'inside';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const INSIDE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata service, 100.100.100.200)
  ['169.254.0.0', 16], // link-local (the cloud metadata services, 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata service, 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
];

/** IPv6: only global unicast (2000::/3) is outside, less these. */
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
const INSIDE_V6: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address of any kind inside
  ['3fff::', 20], // documentation
];

const INSIDE = new BlockList();
for (const [net, prefix] of INSIDE_V4) INSIDE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of INSIDE_V6) INSIDE.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written ::ffff:XXXX:XXXX), or null. */
function mappedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Where one IP address (IPv4 dotted, or IPv6) points; an unparsable address is inside. */
export function placeOfAddress(address: string): AddressPlace {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  // A zone (fe80::1%eth0) names a link of this machine.
  if (family === 0 || plain.includes('%')) return 'inside';
  const v4 = family === 4 ? plain : mappedV4(plain);
  if (v4 !== null) {
    if (LOOPBACK.check(v4, 'ipv4')) return 'loopback';
    return INSIDE.check(v4, 'ipv4') ? 'inside' : 'outside';
  }
  if (LOOPBACK.check(plain, 'ipv6')) return 'loopback';
  if (!GLOBAL_V6.check(plain, 'ipv6')) return 'inside';
  return INSIDE.check(plain, 'ipv6') ? 'inside' : 'outside';
}

/**
 * The IPv4 address an inet_aton spelling stands for (1 to 4 parts, each decimal, octal with a
 * leading 0 or hex with 0x: 2852039166, 0251.0376.0251.0376, 0x7f.1, 127.1), or null when the
 * host is not such a spelling. getaddrinfo reads these as addresses, never as names.
 */
export function numericIpv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length > 4 || parts.some((p) => !/^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i.test(p))) return null;
  const values = parts.map((p) => (/^0x/i.test(p) ? parseInt(p.slice(2) || '0', 16) : p.length > 1 && p.startsWith('0') ? parseInt(p, 8) : Number(p)));
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return null;
  let value = last;
  values.forEach((v, i) => (value += v * 2 ** (8 * (3 - i))));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/**
 * Names that never point outside: this machine, private-use and link-local name spaces, the cloud
 * metadata services, and single-label names (the resolver completes them with its search domains,
 * inside the network).
 */
export function isInsideName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  if (/(^|\.)(localhost|localdomain|internal|local|home\.arpa|intranet|lan|corp|private)$/.test(name)) return true;
  return ['metadata.google.internal', 'metadata.goog', 'metadata.azure.com', 'instance-data.ec2.internal'].includes(name);
}

/** The resolver: every address the name has (getaddrinfo, the same the connecting machine uses). */
export type ResolveAll = (host: string) => Promise<string[]>;

export const resolveWithSystem: ResolveAll = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface OutsideRule {
  resolve: ResolveAll;
  /**
   * Loopback counts as outside: the test stack only, whose restreams go to a receiver on this
   * machine (RESTREAM_TEST_ALLOW_LOOPBACK). Every other inside range stays refused.
   */
  allowLoopback: boolean;
  /** How long a name may take to resolve. */
  timeoutMs?: number;
}

export type HostVerdict = { ok: true; addresses: string[] } | { ok: false; reason: 'inside' | 'unresolvable' };

const RESOLVE_TIMEOUT_MS = 5000;

/** Whether a host (a URL's hostname: a name, an IPv4 in any spelling, or a bracketed IPv6) points only outside. */
export async function checkHost(host: string, rule: OutsideRule): Promise<HostVerdict> {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = (addresses: string[]): HostVerdict =>
    addresses.length > 0 && addresses.every((a) => placeOfAddress(a) === 'outside' || (rule.allowLoopback && placeOfAddress(a) === 'loopback'))
      ? { ok: true, addresses }
      : { ok: false, reason: 'inside' };
  if (isIP(bare)) return allowed([bare]);
  const numeric = numericIpv4(bare);
  if (numeric) return allowed([numeric]);
  const loopbackName = /(^|\.)localhost\.?$/.test(bare);
  if (isInsideName(bare) && !(rule.allowLoopback && loopbackName)) return { ok: false, reason: 'inside' };
  let addresses: string[];
  try {
    addresses = await withTimeout(rule.resolve(bare), rule.timeoutMs ?? RESOLVE_TIMEOUT_MS);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  return addresses.length === 0 ? { ok: false, reason: 'unresolvable' } : allowed(addresses);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolving took too long')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
