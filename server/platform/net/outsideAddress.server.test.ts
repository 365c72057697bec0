import { describe, expect, it } from 'vitest';
import { checkHost, isInsideName, numericIpv4, placeOfAddress, type OutsideRule } from './outsideAddress.server';

/** A resolver answering from a table (no DNS here): what each name resolves to. */
const table =
  (answers: Record<string, string[]>): OutsideRule['resolve'] =>
  async (host) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
const rule = (answers: Record<string, string[]> = {}, allowLoopback = false): OutsideRule => ({ resolve: table(answers), allowLoopback });

describe('where an address points', () => {
  it('keeps public IPv4 and global IPv6 unicast outside', () => {
    for (const a of ['8.8.8.8', '142.250.74.46', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.167.1.1', '198.17.255.255', '198.20.0.0', '223.255.255.255', '2a00:1450:4007:80e::200e', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(placeOfAddress(a), a).toBe('outside');
    }
  });

  it('puts loopback apart, in every spelling', () => {
    for (const a of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]']) expect(placeOfAddress(a), a).toBe('loopback');
  });

  it('refuses private, shared, link-local, metadata, multicast, unspecified, broadcast, documentation and benchmark ranges', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '169.254.0.1',
      '192.0.0.192',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '198.19.255.255',
      '192.88.99.1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      'ff05::1:3',
      '2001:db8::1',
      '3fff::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2002:a9fe:a9fe::1',
      '64:ff9b::a9fe:a9fe',
      '::a9fe:a9fe',
      '100::1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:192.168.0.1',
      'not an address',
    ]) {
      expect(placeOfAddress(a), a).toBe('inside');
    }
  });
});

describe('numeric IPv4 spellings (as getaddrinfo reads them)', () => {
  it('reads decimal, octal and hex forms of one to four parts', () => {
    expect(numericIpv4('2852039166')).toBe('169.254.169.254');
    expect(numericIpv4('0xa9fea9fe')).toBe('169.254.169.254');
    expect(numericIpv4('0251.0376.0251.0376')).toBe('169.254.169.254');
    expect(numericIpv4('0xa9.0xfe.0xa9.0xfe')).toBe('169.254.169.254');
    expect(numericIpv4('169.254.43518')).toBe('169.254.169.254');
    expect(numericIpv4('0x7f.1')).toBe('127.0.0.1');
    expect(numericIpv4('127.1')).toBe('127.0.0.1');
    expect(numericIpv4('017700000001')).toBe('127.0.0.1');
    expect(numericIpv4('0')).toBe('0.0.0.0');
    expect(numericIpv4('8.8.8.8')).toBe('8.8.8.8');
  });

  it('leaves names and impossible numbers alone', () => {
    for (const host of ['example.com', 'a.rtmp.youtube.com', '1.2.3.4.5', '256.1.1.1', '4294967296', '08.1.1.1', '1e3', 'x7f.1', '']) expect(numericIpv4(host), host).toBeNull();
  });
});

describe('names that never point outside', () => {
  it('refuses this machine, private name spaces, metadata services and single labels', () => {
    for (const n of ['localhost', 'LOCALHOST.', 'app.localhost', 'metadata.google.internal', 'metadata.google.internal.', 'metadata', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'ip-10-0-0-1.ec2.internal', 'printer.local', 'nas.home.arpa', 'db']) {
      expect(isInsideName(n), n).toBe(true);
    }
    for (const n of ['a.rtmp.youtube.com', 'live-api-s.facebook.com', 'live.twitch.tv', 'rtmp.example.com']) expect(isInsideName(n), n).toBe(false);
  });
});

describe('checking a host', () => {
  it('accepts a name only when every address it resolves to is outside', async () => {
    const answers = { 'live.example.net': ['203.0.114.5', '2a00:1450::1'], 'mixed.example.net': ['8.8.8.8', '10.1.2.3'], 'rebind.example.net': ['169.254.169.254'] };
    expect(await checkHost('live.example.net', rule(answers))).toEqual({ ok: true, addresses: ['203.0.114.5', '2a00:1450::1'] });
    expect(await checkHost('mixed.example.net', rule(answers))).toEqual({ ok: false, reason: 'inside' });
    expect(await checkHost('rebind.example.net', rule(answers))).toEqual({ ok: false, reason: 'inside' });
    expect(await checkHost('nowhere.example.net', rule(answers))).toEqual({ ok: false, reason: 'unresolvable' });
    expect(await checkHost('empty.example.net', rule({ 'empty.example.net': [] }))).toEqual({ ok: false, reason: 'unresolvable' });
  });

  it('takes IP literals and numeric spellings without asking DNS', async () => {
    const noDns: OutsideRule = { resolve: async () => expect.fail('no lookup for a literal'), allowLoopback: false };
    for (const host of ['169.254.169.254', '2852039166', '0x7f.1', '0251.0376.0251.0376', '[::ffff:a9fe:a9fe]', '[fd00:ec2::254]', '[::1]', '127.0.0.1', '10.0.0.1']) {
      expect(await checkHost(host, noDns), host).toEqual({ ok: false, reason: 'inside' });
    }
    expect(await checkHost('8.8.8.8', noDns)).toEqual({ ok: true, addresses: ['8.8.8.8'] });
    expect(await checkHost('[2606:4700::1111]', noDns)).toEqual({ ok: true, addresses: ['2606:4700::1111'] });
  });

  it('refuses inside names before resolving them', async () => {
    const resolvesOutside: OutsideRule = { resolve: async () => ['8.8.8.8'], allowLoopback: false };
    for (const host of ['metadata.google.internal', 'localhost', 'metadata', 'printer.local']) expect(await checkHost(host, resolvesOutside), host).toEqual({ ok: false, reason: 'inside' });
  });

  it('with the test stack’s allowance, lets loopback through and nothing else', async () => {
    const answers = { localhost: ['127.0.0.1', '::1'], 'private.example.net': ['192.168.1.10'] };
    expect(await checkHost('127.0.0.1', rule(answers, true))).toMatchObject({ ok: true });
    expect(await checkHost('[::1]', rule(answers, true))).toMatchObject({ ok: true });
    expect(await checkHost('localhost', rule(answers, true))).toMatchObject({ ok: true });
    for (const host of ['169.254.169.254', '10.0.0.1', '[fd00:ec2::254]', 'private.example.net', 'metadata.google.internal']) {
      expect((await checkHost(host, rule(answers, true))).ok, host).toBe(false);
    }
  });

  it('gives up on a name that takes too long to resolve', async () => {
    const slow: OutsideRule = { resolve: () => new Promise(() => undefined), allowLoopback: false, timeoutMs: 20 };
    expect(await checkHost('slow.example.net', slow)).toEqual({ ok: false, reason: 'unresolvable' });
  });
});
