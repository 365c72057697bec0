import { describe, expect, it } from 'vitest';
import { FLEET_NODE_SELECTOR } from '#local/fleet/livekitNodes';
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

  it('writes node_selector and region only when asked (a fleet node, local/fleet/livekitNodes.ts)', () => {
    const yaml = livekitConfigYaml({ ...base, nodeSelector: FLEET_NODE_SELECTOR, region: 'local-node-1' });
    expect(yaml).toContain('\nnode_selector:\n  kind: "any"\n  sort_by: "rooms"\n');
    expect(yaml).toContain('\nregion: "local-node-1"\n');
    expect(livekitConfigYaml(base)).not.toMatch(/node_selector|region/);
  });
});
