// lk-load (tools/loadclient/, built by scripts/lk-load.mjs): it builds, and against a real local
// livekit-server one publisher's synthetic 720p simulcast and audio reach two subscribers, who
// count frames and no loss.
import { setTimeout as sleep } from 'node:timers/promises';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIVEKIT_PAIR, startTestLivekit } from '#tests/support/livekit';
import type { LocalLivekitServer } from '#local/stack/livekitServer';
// The driver lives with the bench that uses it; no import alias reaches bench/.
// eslint-disable-next-line layout/imports
import { startLoadClient, type LoadClient, type LoadJoined, type LoadSample } from '../bench/rooms-loadclient';
import { ensureLoadClient, loadClientPaths, loadClientSourceHash } from './lk-load.mjs';

const ROOM = 'lk-load-test';

async function token(identity: string, canPublish: boolean): Promise<string> {
  const t = new AccessToken(TEST_LIVEKIT_PAIR.apiKey, TEST_LIVEKIT_PAIR.apiSecret, { identity });
  t.addGrant({ roomJoin: true, room: ROOM, canPublish, canSubscribe: true });
  return t.toJwt();
}

describe('lk-load, the Go load client', () => {
  let livekit: LocalLivekitServer;
  const clients: LoadClient[] = [];
  let binary: string;

  beforeAll(async () => {
    // Cached by source hash: a no-op unless tools/loadclient changed (then a Go build).
    binary = ensureLoadClient(process.cwd(), () => undefined)!;
    livekit = await startTestLivekit();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await livekit?.stop();
  });

  it('builds into .local/bin and records the hash of the source it was built from', async () => {
    expect(binary).toBe(loadClientPaths(process.cwd()).binary);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(loadClientPaths(process.cwd()).hashFile, 'utf8').trim()).toBe(loadClientSourceHash(process.cwd()));
  });

  it('one publisher to two subscribers: frames and bytes arrive on both, loss ~0', async () => {
    const publisher = startLoadClient(binary);
    const viewers = startLoadClient(binary);
    clients.push(publisher, viewers);
    await publisher.ask({ type: 'publish', url: livekit.url, token: await token('publisher', true), video: true, audio: true }, 'published');
    const joined = await viewers.ask<LoadJoined>(
      { type: 'join', url: livekit.url, tokens: [await token('viewer-1', false), await token('viewer-2', false)], videoTracks: 1, audioTracks: 1 },
      'joined',
    );
    expect(joined).toEqual({ type: 'joined', joined: 2, failures: [] });
    // Past the first keyframe and the switch to the top layer.
    await sleep(2000);
    const before = await viewers.ask<LoadSample>({ type: 'sample' }, 'sample');
    const sentBefore = (await publisher.ask<LoadSample>({ type: 'sample' }, 'sample')).sent;
    await sleep(3000);
    const after = await viewers.ask<LoadSample>({ type: 'sample' }, 'sample');
    const sentAfter = (await publisher.ask<LoadSample>({ type: 'sample' }, 'sample')).sent;

    // The publisher sent the three layers (30 + 30 + 15 frames a second) and 50 audio packets a second.
    expect((sentAfter.videoFrames - sentBefore.videoFrames) / 3).toBeGreaterThan(60);
    expect((sentAfter.audioPackets - sentBefore.audioPackets) / 3).toBeGreaterThan(40);
    expect(after.dropped).toBe(0);
    expect(after.subscribers).toHaveLength(2);
    for (const [i, a] of after.subscribers.entries()) {
      const b = before.subscribers[i]!;
      expect(a.connected).toBe(true);
      const fps = (a.frames - b.frames) / 3;
      const kbps = ((a.bytes - b.bytes) * 8) / 3 / 1000;
      const packets = a.videoPackets - b.videoPackets + (a.audioPackets - b.audioPackets);
      // On the 720p layer: about 30 frames and 1.7 Mbps a second (the 360p layer would be 500 kbps).
      expect(fps).toBeGreaterThan(20);
      expect(kbps).toBeGreaterThan(1000);
      expect((a.audioPackets - b.audioPackets) / 3).toBeGreaterThan(40);
      expect((a.lost - b.lost) / Math.max(1, packets + a.lost - b.lost)).toBeLessThan(0.01);
    }
  }, 60_000);
});
