import { describe, expect, it } from 'vitest';
import { livekitConfigYaml } from './livekitServer';

describe('livekitConfigYaml', () => {
  const base = {
    binary: '/bin/false',
    dir: '/tmp',
    port: 7880,
    tcpPort: 7881,
    udpStart: 50_000,
    udpPorts: 100,
    keys: { APIabc: 'secret-"quoted"-0123456789abcdefghij' },
    webhookKey: 'APIabc',
    webhookUrls: ['http://127.0.0.1:3000/api/livekit/webhook'],
  };

  it('binds and advertises loopback only, a fixed UDP range, the stack keys and the webhook to the app', () => {
    const yaml = livekitConfigYaml(base);
    expect(yaml).toContain('port: 7880\nbind_addresses:\n  - "127.0.0.1"\n');
    expect(yaml).toContain('  tcp_port: 7881\n  port_range_start: 50000\n  port_range_end: 50099\n  node_ip: "127.0.0.1"\n  use_external_ip: false\n');
    // Secrets are JSON-quoted: a quote inside cannot break out of the YAML scalar.
    expect(yaml).toContain('keys:\n  "APIabc": "secret-\\"quoted\\"-0123456789abcdefghij"\n');
    expect(yaml).toContain('webhook:\n  api_key: "APIabc"\n  urls:\n    - "http://127.0.0.1:3000/api/livekit/webhook"\n');
    expect(yaml).not.toContain('devkey');
    expect(yaml).not.toContain('redis');
  });

  it('uses Redis when the stack runs it', () => {
    expect(livekitConfigYaml({ ...base, redisUrl: 'redis://127.0.0.1:6390' })).toContain('redis:\n  address: "127.0.0.1:6390"\n');
  });
});
