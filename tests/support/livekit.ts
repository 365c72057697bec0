/**
 * A real LiveKit server for unit and integration tests (the same binary and config as the local
 * stack: local/stack/livekitServer.ts), on free ports with a key pair of the test's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessToken } from 'livekit-server-sdk';
import { WebSocket } from 'ws';
import { findLivekitServer, startLivekitServer, type LocalLivekitServer } from '#local/stack/livekitServer';
import { getFreePort } from '#local/stack/ports';

export const TEST_LIVEKIT_PAIR = { apiKey: 'APItestpair001', apiSecret: 'test-secret-0123456789abcdefghijklmnopqrstuv' } as const;

/**
 * A free port is only free until someone binds it: another test process may take it between
 * getFreePort and the server's bind. A bind refused that way is tried again on new ports.
 */
export async function startTestLivekit(attempts = 3): Promise<LocalLivekitServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts();
    } catch (e) {
      if (attempt >= attempts || !/address already in use/.test((e as Error).message)) throw e;
    }
  }
}

async function startOnFreePorts(): Promise<LocalLivekitServer> {
  const found = findLivekitServer(process.cwd());
  if (!found) throw new Error('no livekit-server: run `node scripts/ensure-deps.mjs` (it builds the pinned release when Go is installed)');
  const dir = mkdtempSync(join(tmpdir(), 'livekit-test-'));
  const port = await getFreePort();
  let server: LocalLivekitServer;
  try {
    server = await startLivekitServer({
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
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A participant that joins a room on a test server through the signalling socket only (no WebRTC
 * in Node): the server lists it, updates its permission and removes it like any other; it
 * publishes nothing (media is proven in the browser tests). `left` resolves with the close code
 * when the server disconnects it.
 */
export async function joinSignalOnly(
  livekit: Pick<LocalLivekitServer, 'url'>,
  room: string,
  identity: string,
  options: { name?: string; metadata?: string; canPublish?: boolean } = {},
): Promise<{ left: Promise<number>; leave(): void }> {
  const token = new AccessToken(TEST_LIVEKIT_PAIR.apiKey, TEST_LIVEKIT_PAIR.apiSecret, { identity, name: options.name ?? identity, metadata: options.metadata ?? '' });
  token.addGrant({ roomJoin: true, room, canPublish: options.canPublish ?? true, canSubscribe: true });
  const ws = new WebSocket(`ws://127.0.0.1:${new URL(livekit.url).port}/rtc?access_token=${await token.toJwt()}&protocol=15&auto_subscribe=1&sdk=js&version=2.0.0`);
  const left = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  // The first message is the join response: from then on the participant is in the room.
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  return { left, leave: () => ws.close() };
}
