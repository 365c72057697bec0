/**
 * The real LiveKit server (the local stack's binary: PATH, or the pinned build in .local/bin) for
 * server tests of the room service: its own ports, a fresh key pair and a throwaway config folder.
 * A test that needs it fails with the reason when there is no binary (`node scripts/ensure-deps.mjs`
 * builds it when Go is installed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
