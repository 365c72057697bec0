import { describe, expect, it } from 'vitest';
import { parseRtmpStreamKey, rtmpStreamKey } from '#app/lib/broadcast/model';
import { deriveKeySecret, hashKeySecret, mintKey, secretMatches } from './keys.server';

const MASTER = 'm'.repeat(40);

describe('ingest keys', () => {
  it('derives the same secret from the same nonce and another from another nonce, tenant, event or protocol', () => {
    const a = deriveKeySecret(MASTER, 'aurora', 'abcdefabcdef', 'srt', 'n1');
    expect(a).toMatch(/^[a-f0-9]{32}$/);
    expect(deriveKeySecret(MASTER, 'aurora', 'abcdefabcdef', 'srt', 'n1')).toBe(a);
    for (const other of [
      deriveKeySecret(MASTER, 'aurora', 'abcdefabcdef', 'srt', 'n2'),
      deriveKeySecret(MASTER, 'solana', 'abcdefabcdef', 'srt', 'n1'),
      deriveKeySecret(MASTER, 'aurora', 'abcdefabcdeg', 'srt', 'n1'),
      deriveKeySecret(MASTER, 'aurora', 'abcdefabcdef', 'rtmp', 'n1'),
      deriveKeySecret('x'.repeat(40), 'aurora', 'abcdefabcdef', 'srt', 'n1'),
    ])
      expect(other).not.toBe(a);
  });

  it('stores only a hash and a hint, which match the shown secret only', () => {
    const { secret, stored } = mintKey(MASTER, 'aurora', 'abcdefabcdef', 'rtmp');
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.hash).toBe(hashKeySecret(secret));
    expect(stored.hint).toBe(secret.slice(-4));
    expect(secretMatches(secret, stored.hash)).toBe(true);
    const other = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
    expect(secretMatches(other, stored.hash)).toBe(false);
  });

  it('reads the tenant and event back from an RTMP stream key and refuses anything else', () => {
    const key = rtmpStreamKey('lumiere-2', 'abcdefabcdef', 'a'.repeat(32));
    expect(parseRtmpStreamKey(key)).toEqual({ tenantId: 'lumiere-2', eventId: 'abcdefabcdef', secret: 'a'.repeat(32) });
    for (const bad of ['', 'aurora_abcdefabcdef', `aurora_abcdefabcdef_${'g'.repeat(32)}`, `Aurora_abcdefabcdef_${'a'.repeat(32)}`, `aurora_abcdefabcde_${'a'.repeat(32)}`, `${key}x`])
      expect(parseRtmpStreamKey(bad)).toBeNull();
  });
});
