import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { clientFrameSchema } from '#app/lib/chat/protocol';
import { loadRegistry } from './config/registry.server';
import { createApp } from './app';
import { CHAT_FRAME_IDS, CHAT_FRAME_TYPES, SERVER_ENDPOINTS } from './endpoints';
import { loadEnv } from './env.server';
import { ALLOWED_OPERATIONS } from './identity/gateway';
import { createServices } from './compose.server';
import { attachChatSockets } from '#server/chat/socket.server';
import { attachCaptionSockets } from '#server/speech/captions/socket.server';
import { attachDictationSockets } from './speech/dictation/socket.server';
import { attachTtsSockets } from './speech/tts/socket.server';

interface Layer {
  regexp: RegExp & { fast_slash?: boolean; fast_star?: boolean };
  route?: { path: string };
}

const clientDir = mkdtempSync(join(tmpdir(), 'endpoints-'));
mkdirSync(join(clientDir, 'assets'));
// Production mounts the static asset handlers; it also refuses the public LiveKit pair, so a throwaway one.
const env = loadEnv({ ...process.env, NODE_ENV: 'production', LIVEKIT_API_KEY: 'endpoints-test', LIVEKIT_API_SECRET: 'endpoints-test-secret-0123456789abcdef' });
const { registry } = loadRegistry(process.cwd());
const services = createServices(env, registry);
afterAll(() => {
  services.db.raw.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The layers server/app.ts mounts at a path of their own (not every request's middleware, not the Remix catch-all). */
function ownLayers(): Layer[] {
  const app = createApp({ env, registry, services, build: {} as ServerBuild, clientDir });
  const stack = (app.express as unknown as { _router: { stack: Layer[] } })._router.stack;
  return stack.filter((l) => !l.regexp.fast_slash && !l.regexp.fast_star && l.route?.path !== '*');
}

describe('server/endpoints.ts (the security suites’ list of what the server answers itself)', () => {
  const http = SERVER_ENDPOINTS.filter((e) => e.protocol !== 'websocket');

  it('names every path server/app.ts mounts', () => {
    const layers = ownLayers();
    expect(layers.length).toBeGreaterThan(3);
    for (const layer of layers) {
      const named = http.some((e) => layer.regexp.test(e.sample));
      expect(named, `server/app.ts serves ${layer.route?.path ?? layer.regexp} but server/endpoints.ts does not list it`).toBe(true);
    }
  });

  it('lists only paths server/app.ts serves', () => {
    const layers = ownLayers();
    for (const e of http) expect(layers.some((l) => l.regexp.test(e.sample)), `${e.path} (${e.sample}) is not served by server/app.ts`).toBe(true);
  });

  it('takes the chat frame types and gateway operations from their own definitions', () => {
    expect(CHAT_FRAME_TYPES).toEqual(clientFrameSchema.options.map((o) => o.shape.type.value));
    expect(CHAT_FRAME_TYPES).toContain('send');
    for (const type of Object.keys(CHAT_FRAME_IDS)) expect(CHAT_FRAME_TYPES).toContain(type);
    expect(SERVER_ENDPOINTS.find((e) => e.path === '/api/identity')).toBeDefined();
    expect(ALLOWED_OPERATIONS.size).toBeGreaterThan(5);
  });

  it('points at the paths the chat, captions, text-to-speech and dictation sockets really answer', async () => {
    const socketEndpoints = SERVER_ENDPOINTS.filter((e) => e.protocol === 'websocket');
    expect(socketEndpoints.map((e) => e.path)).toEqual(['/ws/chat', '/ws/captions', '/ws/tts', '/ws/stt']);
    const server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sockets = attachChatSockets(server, { env, registry, services });
    const captions = attachCaptionSockets(server, { env, registry, services });
    const tts = attachTtsSockets(server, { env, registry, services });
    const dictation = attachDictationSockets(server, { env, registry, services });
    const port = (server.address() as { port: number }).port;
    // Without an Origin each socket refuses with 403; any other path is not found.
    const status = (path: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { Host: 'aurora.localhost' } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
    try {
      for (const socket of socketEndpoints) expect(await status(socket.sample)).toBe(403);
      expect(await status('/ws/elsewhere')).toBe(404);
    } finally {
      await Promise.all([tts.close(), dictation.close()]);
      await captions.close();
      await sockets.close();
      await services.chat.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
