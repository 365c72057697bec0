import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '#server/env.server';
import { LIVEKIT_KEYS_JSON, localLivekitKeys } from './livekitKeys';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'livekit-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('localLivekitKeys', () => {
  it('makes a random pair once and gives the same pair on every later start', () => {
    const dir = tempDir();
    const first = localLivekitKeys(dir);
    expect(first.created).toBe(true);
    expect(first.pair.apiKey).toMatch(/^API[0-9a-f]{12}$/);
    expect(first.pair.apiSecret.length).toBeGreaterThanOrEqual(32);
    const again = localLivekitKeys(dir);
    expect(again).toMatchObject({ created: false, pair: first.pair });
    expect(localLivekitKeys(tempDir()).pair.apiSecret).not.toBe(first.pair.apiSecret);
  });

  it('writes the key file a LiveKit server reads (`--key-file`), readable by its owner only', () => {
    const { pair, keyFile } = localLivekitKeys(tempDir());
    expect(readFileSync(keyFile, 'utf8')).toBe(`${pair.apiKey}: ${pair.apiSecret}\n`);
    expect(statSync(keyFile).mode & 0o077).toBe(0);
  });

  it('replaces an unreadable pair file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LIVEKIT_KEYS_JSON), '{"apiKey":"devkey","apiSecret":"secret"}');
    const { pair, created } = localLivekitKeys(dir);
    expect(created).toBe(true);
    expect(pair.apiKey).not.toBe('devkey');
  });

  it('gives a pair the server accepts in production', () => {
    const { pair } = localLivekitKeys(tempDir());
    expect(() => loadEnv({ NODE_ENV: 'production', LIVEKIT_API_KEY: pair.apiKey, LIVEKIT_API_SECRET: pair.apiSecret })).not.toThrow();
  });
});
