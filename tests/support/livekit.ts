/**
 * The real LiveKit server (the local stack's binary: PATH, or the pinned build in .local/bin) for
 * server tests of the room service: its own ports, a fresh key pair and a throwaway config folder.
 * A test that needs it fails with the reason when there is no binary (`node scripts/ensure-deps.mjs`
 * builds it when Go is installed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessToken } from 'livekit-server-sdk';
import { WebSocket } from 'ws';
import { newLivekitKeyPair } from '#server/local/livekitKeys';
import { startLivekitServer, type LocalLivekitServer } from '#server/local/livekitServer';
import { getFreePort } from '#server/local/ports';
// The finder is plain Node shared with scripts/ensure-deps.mjs.
// eslint-disable-next-line layout/imports
import { findLivekitServer } from '../../scripts/livekit-server.mjs';

export interface TestLivekit extends LocalLivekitServer {
  apiKey: string;
  apiSecret: string;
  close(): Promise<void>;
}

/** A few UDP ports per test process, away from the stacks' ranges (40000-59999). */
const udpStartFor = (pid: number) => 30_000 + (pid % 900) * 10;

export async function startTestLivekit(): Promise<TestLivekit> {
  const found = findLivekitServer(process.cwd());
  if (!found) throw new Error('no livekit-server binary (not on PATH, not built in .local/bin): run `node scripts/ensure-deps.mjs` with Go installed');
  const dir = mkdtempSync(join(tmpdir(), 'livekit-test-'));
  const { apiKey, apiSecret } = newLivekitKeyPair();
  const port = await getFreePort();
  const server = await startLivekitServer({
    binary: found.path,
    dir,
    port,
    tcpPort: await getFreePort(),
    udpStart: udpStartFor(process.pid),
    udpPorts: 10,
    keys: { [apiKey]: apiSecret },
    webhookKey: apiKey,
    webhookUrls: [],
  });
  return {
    ...server,
    apiKey,
    apiSecret,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A participant that joins a room on the real server through the signalling socket only (no
 * WebRTC in Node): the server lists it, updates its permission and removes it like any other;
 * it publishes nothing (media tests run in the browser). `left` resolves when the server closes it.
 */
export async function joinSignalOnly(
  livekit: TestLivekit,
  room: string,
  identity: string,
  options: { name?: string; metadata?: string; canPublish?: boolean } = {},
): Promise<{ left: Promise<number>; leave(): void }> {
  const token = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity, name: options.name ?? identity, metadata: options.metadata ?? '' });
  token.addGrant({ roomJoin: true, room, canPublish: options.canPublish ?? true, canSubscribe: true });
  const ws = new WebSocket(`ws://127.0.0.1:${new URL(livekit.url).port}/rtc?access_token=${await token.toJwt()}&protocol=15&auto_subscribe=1&sdk=js&version=2.0.0`);
  const left = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  // The first message is the join response: the participant is in the room from then on.
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  return { left, leave: () => ws.close() };
}
