/**
 * A recording stand-in for the TEST stack only (docs/decisions/0030): LiveKit Egress cannot run
 * here (a GStreamer service), so this answers Egress's Twirp API the way the service does, for
 * the calls the platform makes: StartRoomCompositeEgress, StopEgress, UpdateStream, ListEgress.
 * It checks each request's token (signed with the tenant's key pair, with the roomRecord grant),
 * keeps every request for the test to inspect, and, like the real service, writes the file output
 * to the S3 location the request names (the bytes the test gives it: an ffmpeg clip). It sends no
 * webhooks: the tests sign and send those themselves, with the stack's keys.
 *
 * Never part of `npm start`: nothing under server/ or app/ imports it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TokenVerifier } from 'livekit-server-sdk';

export interface EgressRequest {
  method: string;
  body: Record<string, unknown>;
  /** The token's video grant. */
  grant: Record<string, unknown>;
}

interface S3Target {
  bucket?: string;
  region?: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKey?: string;
  secret?: string;
}

export interface EgressStandIn {
  url: string;
  requests: EgressRequest[];
  egresses: Map<string, { roomName: string; status: string }>;
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

async function writeFileOutput(target: S3Target, key: string, bytes: Buffer): Promise<void> {
  const s3 = new S3Client({
    region: target.region || 'us-east-1',
    endpoint: target.endpoint || undefined,
    forcePathStyle: target.forcePathStyle ?? false,
    credentials: { accessKeyId: target.accessKey || 'S3RVER', secretAccessKey: target.secret || 'S3RVER' },
  });
  await s3.send(new PutObjectCommand({ Bucket: target.bucket, Key: key, Body: bytes, ContentType: 'video/mp4' }));
  s3.destroy();
}

export async function startEgressStandIn(options: { apiKey: string; apiSecret: string; recordingBytes: () => Promise<Buffer> }): Promise<EgressStandIn> {
  const verifier = new TokenVerifier(options.apiKey, options.apiSecret);
  const requests: EgressRequest[] = [];
  const egresses = new Map<string, { roomName: string; status: string }>();
  const twirpError = (code: string, msg: string) => JSON.stringify({ code, msg });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = /^\/twirp\/livekit\.Egress\/(\w+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(twirpError('bad_route', 'no such method'));
        return;
      }
      let grant: Record<string, unknown>;
      try {
        const claims = await verifier.verify((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
        grant = (claims.video ?? {}) as Record<string, unknown>;
      } catch {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end(twirpError('unauthenticated', 'invalid token'));
        return;
      }
      if (grant.roomRecord !== true) {
        res.writeHead(403, { 'Content-Type': 'application/json' }).end(twirpError('permission_denied', 'roomRecord grant required'));
        return;
      }
      const method = match[1]!;
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      requests.push({ method, body, grant });
      const send = (info: Record<string, unknown>) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(info));

      switch (method) {
        case 'StartRoomCompositeEgress': {
          const egressId = `EG_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
          const roomName = String(body.roomName ?? '');
          egresses.set(egressId, { roomName, status: 'EGRESS_STARTING' });
          const files = (body.fileOutputs as Array<{ filepath?: string; s3?: S3Target }> | undefined) ?? [];
          for (const file of files) if (file.filepath && file.s3) await writeFileOutput(file.s3, file.filepath, await options.recordingBytes());
          send({ egressId, roomName, status: 'EGRESS_STARTING' });
          return;
        }
        case 'StopEgress':
        case 'UpdateStream': {
          const egressId = String(body.egressId ?? '');
          const known = egresses.get(egressId);
          if (!known) {
            res.writeHead(404, { 'Content-Type': 'application/json' }).end(twirpError('not_found', 'egress not found'));
            return;
          }
          if (method === 'StopEgress') known.status = 'EGRESS_ENDING';
          send({ egressId, roomName: known.roomName, status: known.status === 'EGRESS_STARTING' ? 'EGRESS_ACTIVE' : known.status });
          return;
        }
        case 'ListEgress':
          send({ items: [...egresses.entries()].map(([egressId, e]) => ({ egressId, roomName: e.roomName, status: e.status })) });
          return;
        default:
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(twirpError('bad_route', `no method ${method}`));
      }
    })().catch((e: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end(twirpError('internal', (e as Error).message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, egresses, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
