import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.server';

const OWN_PAIR = { LIVEKIT_API_KEY: 'APIq7Zr2kPm4Lx9', LIVEKIT_API_SECRET: 'kL0dW3pZr8vQ2mX6tY1uB5nC9aF4hJ7e' };

describe('loadEnv: the LiveKit key pair in production', () => {
  it('refuses to boot with the public `livekit-server --dev` pair, naming each variable', () => {
    for (const source of [{}, { LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' }]) {
      expect(() => loadEnv({ NODE_ENV: 'production', ...source })).toThrow(/LIVEKIT_API_KEY: .*devkey[\s\S]*LIVEKIT_API_SECRET: .*secret/);
    }
  });

  it('refuses either half of the public pair on its own', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', ...OWN_PAIR, LIVEKIT_API_SECRET: 'secret' })).toThrow(/LIVEKIT_API_SECRET/);
    expect(() => loadEnv({ NODE_ENV: 'production', ...OWN_PAIR, LIVEKIT_API_KEY: 'devkey' })).toThrow(/LIVEKIT_API_KEY/);
  });

  it('boots in production with a pair of its own, and in development with the public one', () => {
    expect(loadEnv({ NODE_ENV: 'production', ...OWN_PAIR }).LIVEKIT_API_KEY).toBe(OWN_PAIR.LIVEKIT_API_KEY);
    expect(loadEnv({ NODE_ENV: 'development' }).LIVEKIT_API_SECRET).toBe('secret');
    expect(loadEnv({ NODE_ENV: 'test' }).LIVEKIT_API_KEY).toBe('devkey');
  });
});

describe('loadEnv: recording settings (docs/decisions/0030)', () => {
  const OWN = { LIVEKIT_API_KEY: 'APIown0000001', LIVEKIT_API_SECRET: 'own-secret-0123456789abcdefghijklmnop' };
  const KEY = Buffer.alloc(32, 1).toString('base64');

  it('takes LIVEKIT_EGRESS on/off (default off) and a 32-byte RECORDING_KEY_SECRET only', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).LIVEKIT_EGRESS).toBe('off');
    expect(loadEnv({ NODE_ENV: 'development', LIVEKIT_EGRESS: 'on', RECORDING_KEY_SECRET: KEY }).LIVEKIT_EGRESS).toBe('on');
    expect(() => loadEnv({ NODE_ENV: 'development', LIVEKIT_EGRESS: 'yes' })).toThrow(/LIVEKIT_EGRESS/);
    expect(() => loadEnv({ NODE_ENV: 'development', RECORDING_KEY_SECRET: Buffer.alloc(16).toString('base64') })).toThrow(/RECORDING_KEY_SECRET: must be 32 bytes/);
  });

  it('refuses to boot in production with egress on but no key for restream stream keys', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', ...OWN, LIVEKIT_EGRESS: 'on' })).toThrow(/RECORDING_KEY_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', ...OWN, LIVEKIT_EGRESS: 'on', RECORDING_KEY_SECRET: KEY }).LIVEKIT_EGRESS).toBe('on');
  });
});
