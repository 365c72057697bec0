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
