/**
 * The LiveKit Ingress path against a stand-in of LiveKit's Twirp API (no Ingress service runs
 * locally): the exact requests IngressClient sends, signed with the tenant's key pair and the
 * ingressAdmin grant, and how answers and failures map to the key screen's states.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRtmpIngress, deleteIngress, ingressState } from './livekitIngress.server';

interface Call {
  path: string;
  body: Record<string, unknown>;
  grants: Record<string, unknown>;
}

const SECRET = 's'.repeat(40);
const calls: Call[] = [];
let answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
let server: Server;
let endpoint: { apiUrl: string; apiKey: string; apiSecret: string };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const [head = '', claims = '', signature = ''] = (req.headers.authorization ?? '').replace(/^Bearer /, '').split('.');
      const expected = createHmac('sha256', SECRET).update(`${head}.${claims}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return void res.writeHead(401).end();
      const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { iss?: string; video?: Record<string, unknown> };
      calls.push({ path: req.url ?? '', body: JSON.parse(raw || '{}'), grants: { ...(payload.video ?? {}), iss: payload.iss } });
      const { status, body } = answer(req.url ?? '');
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'APIabc', apiSecret: SECRET };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const event = { tenantId: 'aurora', eventId: 'abcdefabcdef', channelName: 'aurora_abcdefabcdef', title: 'Launch' };

describe('LiveKit Ingress', () => {
  it('creates an RTMP ingress into the event’s room with the admin grant, and returns its URL and key', async () => {
    calls.length = 0;
    answer = () => ({ status: 200, body: { ingressId: 'IN_1', url: 'rtmp://ingress.example/x', streamKey: 'sk_123456' } });
    const made = await createRtmpIngress(endpoint, event);
    expect(made).toEqual({ ingressId: 'IN_1', url: 'rtmp://ingress.example/x', streamKey: 'sk_123456' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/twirp/livekit.Ingress/CreateIngress');
    expect(calls[0]!.grants).toMatchObject({ ingressAdmin: true, iss: 'APIabc' });
    // RTMP_INPUT is the enum's zero value, which protobuf JSON leaves out.
    expect(calls[0]!.body.inputType ?? 'RTMP_INPUT').toBe('RTMP_INPUT');
    expect(calls[0]!.body).toMatchObject({
      name: 'aurora/abcdefabcdef',
      roomName: 'aurora_abcdefabcdef',
      participantIdentity: 'broadcast-abcdefabcdef',
      participantName: 'Launch',
      enableTranscoding: true,
    });
  });

  it('deletes an ingress (one already gone is fine) and reads its state', async () => {
    calls.length = 0;
    answer = (path) =>
      path.endsWith('/DeleteIngress')
        ? { status: 404, body: { code: 'not_found', msg: 'ingress not found' } }
        : { status: 200, body: { items: [{ ingressId: 'IN_1', state: { status: 'ENDPOINT_PUBLISHING', video: { width: 1280, height: 720, averageBitrate: 2500000 } } }] } };
    await deleteIngress(endpoint, 'IN_1');
    expect(calls[0]).toMatchObject({ path: '/twirp/livekit.Ingress/DeleteIngress', body: { ingressId: 'IN_1' } });
    expect(await ingressState(endpoint, 'IN_1')).toEqual({ status: 'live', protocol: 'rtmp', width: 1280, height: 720, bitrateKbps: 2500 });
    expect(calls[1]).toMatchObject({ path: '/twirp/livekit.Ingress/ListIngress', body: { ingressId: 'IN_1' } });
  });

  it('says Ingress is unavailable when LiveKit refuses or is not there', async () => {
    answer = () => ({ status: 503, body: { code: 'unavailable', msg: 'ingress not connected (redis required)' } });
    await expect(createRtmpIngress(endpoint, event)).rejects.toMatchObject({ name: 'IngressUnavailableError' });
    await expect(deleteIngress(endpoint, 'IN_1')).rejects.toMatchObject({ name: 'IngressUnavailableError' });
    await expect(createRtmpIngress({ ...endpoint, apiUrl: 'http://127.0.0.1:1' }, event)).rejects.toMatchObject({ name: 'IngressUnavailableError' });
  });
});
