import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { getFreePort } from '#local/stack/ports';
import { checkVideoServer, degradedServices } from './compose.server';

describe('checkVideoServer (/api/health: video)', () => {
  it('reports absent when the local stack found no livekit-server, without probing', async () => {
    expect(await checkVideoServer({ LIVEKIT_URL: 'ws://localhost:1', LIVEKIT_API_URL: undefined, LOCAL_LIVEKIT_SERVER: 'absent' })).toEqual({ state: 'absent', url: 'ws://localhost:1' });
  });

  it('reports down when nothing answers, and up when the server answers its root', async () => {
    const port = await getFreePort();
    const down = await checkVideoServer({ LIVEKIT_URL: `ws://localhost:${port}`, LIVEKIT_API_URL: `http://127.0.0.1:${port}`, LOCAL_LIVEKIT_SERVER: 'running' });
    expect(down).toMatchObject({ state: 'down', error: 'ECONNREFUSED' });

    // livekit-server answers "OK" on its root path.
    const server = createServer((_req, res) => res.end('OK')).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const live = (server.address() as AddressInfo).port;
    expect(await checkVideoServer({ LIVEKIT_URL: `ws://localhost:${live}`, LIVEKIT_API_URL: `http://127.0.0.1:${live}`, LOCAL_LIVEKIT_SERVER: undefined })).toEqual({
      state: 'up',
      url: `ws://localhost:${live}`,
    });
    await new Promise((r) => server.close(r));
  });
});

describe('degradedServices (/api/health: what is down without failing the check)', () => {
  const up = { video: { state: 'up', url: 'ws://x' }, mediaQueue: { state: 'up', service: 'redis' }, chatBus: { state: 'up', service: 'redis' } } as const;
  it('names each service that is down with what it takes away, and nothing when all answer or are absent', () => {
    expect(degradedServices(up)).toEqual([]);
    expect(degradedServices({ video: { state: 'absent', url: 'ws://x' }, mediaQueue: { state: 'absent' }, chatBus: { state: 'absent' } })).toEqual([]);
    expect(
      degradedServices({ video: { state: 'down', url: 'ws://x', error: 'ECONNREFUSED' }, mediaQueue: { state: 'down', service: 'redis' }, chatBus: { state: 'down', service: 'redis' } }),
    ).toEqual(['livekit (video)', 'redis (media processing)', 'redis (chat across instances)']);
  });
  it('names the media worker when the queue answers but no worker is connected', () => {
    expect(degradedServices({ ...up, mediaQueue: { state: 'up', service: 'redis', pending: 2, workers: 0 } })).toEqual(['media worker (media processing)']);
    expect(degradedServices({ ...up, mediaQueue: { state: 'up', service: 'redis', pending: 2, workers: 1 } })).toEqual([]);
  });
});
