import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secretBox.server';

const secret = randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('seals a value that is not readable in the stored form and opens it again in the same context', () => {
    const box = new SecretBox(secret);
    const sealed = box.seal('live_abcd1234secret', 'aurora/ev1');
    expect(sealed).not.toContain('live_abcd1234secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'aurora/ev1')).toBe('live_abcd1234secret');
  });

  it('uses a fresh IV each time', () => {
    const box = new SecretBox(secret);
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another context, another key and an altered value', () => {
    const box = new SecretBox(secret);
    const sealed = box.seal('key-1', 'aurora/ev1');
    expect(box.open(sealed, 'solana/ev1')).toBeNull();
    expect(new SecretBox(randomBytes(32).toString('base64')).open(sealed, 'aurora/ev1')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'), 'aurora/ev1')).toBeNull();
    expect(box.open('garbage', 'aurora/ev1')).toBeNull();
  });

  it('refuses a secret that is not 32 bytes', () => {
    expect(() => new SecretBox(Buffer.from('short').toString('base64'))).toThrow();
  });
});
