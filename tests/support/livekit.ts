/**
 * A real LiveKit server for unit and integration tests (the same binary and config as the local
 * stack: server/local/livekitServer.ts), on free ports with a key pair of the test's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findLivekitServer, startLivekitServer, type LocalLivekitServer } from '#server/local/livekitServer';
import { getFreePort } from '#server/local/ports';

export const TEST_LIVEKIT_PAIR = { apiKey: 'APItestpair001', apiSecret: 'test-secret-0123456789abcdefghijklmnopqrstuv' } as const;

export async function startTestLivekit(): Promise<LocalLivekitServer> {
  const found = findLivekitServer(process.cwd());
  if (!found) throw new Error('no livekit-server: run `node scripts/ensure-deps.mjs` (it builds the pinned release when Go is installed)');
  const dir = mkdtempSync(join(tmpdir(), 'livekit-test-'));
  const port = await getFreePort();
  const server = await startLivekitServer({
    binary: found.path,
    dir,
    port,
    tcpPort: await getFreePort(),
    // Media never flows in these tests; a small range of its own.
    udpStart: 30_000 + (port % 1000) * 10,
    udpPorts: 10,
    keys: { [TEST_LIVEKIT_PAIR.apiKey]: TEST_LIVEKIT_PAIR.apiSecret },
    webhookKey: TEST_LIVEKIT_PAIR.apiKey,
    webhookUrls: ['http://127.0.0.1:9/nowhere'],
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
