/**
 * A local stand-in for LiveKit's room service, for the test stack and unit tests only (never
 * `npm start`: a fake room service must not make host controls look as if they worked).
 *
 * It speaks the Twirp JSON protocol livekit-server-sdk uses (POST /twirp/livekit.RoomService/<Method>,
 * camelCase JSON in, protobuf JSON out), checks the Bearer token like the real server (HS256 with
 * the key pair's secret, issuer = API key, video grant: roomCreate / roomList for room operations,
 * roomAdmin for the same room for participant operations) and answers Twirp errors
 * (401 unauthenticated, 403 permission_denied, 404 not_found). Rooms and participants live in
 * memory. Every call is recorded.
 *
 * Test-only endpoints (no token):
 *   GET    /__requests[?room=]   recorded calls        DELETE /__requests   forget them
 *   POST   /__participants       put a fake participant in a room (created if needed)
 *   GET    /__rooms              rooms and participants
 *   POST   /__outage {on}        while on, every Twirp call has its connection dropped
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ParticipantInfo,
  ParticipantInfo_State,
  ParticipantPermission,
  Room,
  TokenVerifier,
  TrackInfo,
  TrackSource,
  TrackType,
  type VideoGrant,
} from 'livekit-server-sdk';
import { z } from 'zod';

export interface RecordedRequest {
  method: string;
  room: string | null;
  identity: string | null;
  trackSid?: string;
  muted?: boolean;
  /** UpdateParticipant's permission as sent (camelCase JSON). */
  permission?: Record<string, unknown>;
  metadata?: string;
  /** The video grant of the caller's token (null when the token was missing or invalid). */
  grant: VideoGrant | null;
  /** HTTP status answered. */
  status: number;
  at: string;
}

export interface FakeParticipantInput {
  room: string;
  identity: string;
  name?: string;
  metadata?: string;
  canPublish?: boolean;
  /** Published tracks; default: an unmuted microphone and camera when canPublish. */
  tracks?: Array<{ kind: 'audio' | 'video'; muted?: boolean }>;
}

export interface LivekitTwirp {
  /** http://127.0.0.1:<port> — LIVEKIT_API_URL for the server. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  addParticipant(input: FakeParticipantInput): ParticipantInfo;
  rooms(): Map<string, { room: Room; participants: Map<string, ParticipantInfo> }>;
  setOutage(on: boolean): void;
  close(): Promise<void>;
}

const METHODS = [
  'CreateRoom',
  'ListRooms',
  'DeleteRoom',
  'ListParticipants',
  'GetParticipant',
  'RemoveParticipant',
  'MutePublishedTrack',
  'UpdateParticipant',
  'UpdateRoomMetadata',
] as const;
type Method = (typeof METHODS)[number];

/** Request bodies: the SDK sends camelCase; snake_case (proto names) is accepted too, as by the real server. */
const bodySchema = z
  .object({
    name: z.string().optional(),
    room: z.string().optional(),
    names: z.array(z.string()).optional(),
    identity: z.string().optional(),
    trackSid: z.string().optional(),
    track_sid: z.string().optional(),
    muted: z.boolean().optional(),
    metadata: z.string().optional(),
    permission: z.record(z.string(), z.unknown()).optional(),
    emptyTimeout: z.number().optional(),
    maxParticipants: z.number().optional(),
  })
  .loose();

const fakeParticipantSchema = z.object({
  room: z.string().min(1),
  identity: z.string().min(1),
  name: z.string().optional(),
  metadata: z.string().optional(),
  canPublish: z.boolean().optional(),
  tracks: z.array(z.object({ kind: z.enum(['audio', 'video']), muted: z.boolean().optional() })).optional(),
});

class TwirpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sid = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
const protoJson = (m: { toJson(o?: { useProtoFieldName?: boolean }): unknown }) => m.toJson({ useProtoFieldName: true });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  // The SDK reads Twirp errors only when the content type is exactly application/json.
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startLivekitTwirp(options: { port?: number; host?: string; keys: Record<string, string> }): Promise<LivekitTwirp> {
  const verifiers = new Map(Object.entries(options.keys).map(([key, secret]) => [key, new TokenVerifier(key, secret)]));
  const rooms = new Map<string, { room: Room; participants: Map<string, ParticipantInfo> }>();
  const requests: RecordedRequest[] = [];
  let outage = false;

  const ensureRoom = (name: string) => {
    let entry = rooms.get(name);
    if (!entry) {
      entry = {
        room: new Room({ sid: sid('RM'), name, emptyTimeout: 300, creationTime: BigInt(Math.floor(Date.now() / 1000)) }),
        participants: new Map(),
      };
      rooms.set(name, entry);
    }
    return entry;
  };

  function addParticipant(input: FakeParticipantInput): ParticipantInfo {
    const entry = ensureRoom(input.room);
    const canPublish = input.canPublish ?? true;
    const tracks = input.tracks ?? (canPublish ? [{ kind: 'audio' as const }, { kind: 'video' as const }] : []);
    const participant = new ParticipantInfo({
      sid: sid('PA'),
      identity: input.identity,
      name: input.name ?? input.identity,
      metadata: input.metadata ?? '',
      state: ParticipantInfo_State.ACTIVE,
      joinedAt: BigInt(Math.floor(Date.now() / 1000)),
      permission: new ParticipantPermission({ canSubscribe: true, canPublish, canPublishData: true, canUpdateMetadata: true }),
      tracks: tracks.map(
        (t) =>
          new TrackInfo({
            sid: sid('TR'),
            type: t.kind === 'audio' ? TrackType.AUDIO : TrackType.VIDEO,
            source: t.kind === 'audio' ? TrackSource.MICROPHONE : TrackSource.CAMERA,
            name: t.kind === 'audio' ? 'microphone' : 'camera',
            muted: t.muted ?? false,
          }),
      ),
    });
    entry.participants.set(input.identity, participant);
    entry.room.numParticipants = entry.participants.size;
    return participant;
  }

  async function authorize(req: IncomingMessage): Promise<VideoGrant> {
    const header = req.headers.authorization ?? '';
    const token = header.replace(/^Bearer\s+/i, '');
    if (!token) throw new TwirpFailure(401, 'unauthenticated', 'no authorization token');
    let issuer: unknown;
    try {
      issuer = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown }).iss;
    } catch {
      throw new TwirpFailure(401, 'unauthenticated', 'invalid token');
    }
    const verifier = typeof issuer === 'string' ? verifiers.get(issuer) : undefined;
    if (!verifier) throw new TwirpFailure(401, 'unauthenticated', 'invalid API key');
    try {
      const claims = await verifier.verify(token);
      return (claims.video ?? {}) as VideoGrant;
    } catch (e) {
      throw new TwirpFailure(401, 'unauthenticated', `invalid token: ${(e as Error).message}`);
    }
  }

  const needRoomCreate = (g: VideoGrant) => {
    if (!g.roomCreate) throw new TwirpFailure(403, 'permission_denied', 'permissions denied');
  };
  const needRoomList = (g: VideoGrant) => {
    if (!g.roomList) throw new TwirpFailure(403, 'permission_denied', 'permissions denied');
  };
  const needAdmin = (g: VideoGrant, room: string) => {
    if (!g.roomAdmin || g.room !== room) throw new TwirpFailure(403, 'permission_denied', 'permissions denied');
  };
  const participantOf = (room: string, identity: string) => {
    const p = rooms.get(room)?.participants.get(identity);
    if (!p) throw new TwirpFailure(404, 'not_found', 'participant not found');
    return p;
  };

  async function handle(method: Method, body: z.infer<typeof bodySchema>, grant: VideoGrant): Promise<unknown> {
    const room = body.room ?? '';
    const identity = body.identity ?? '';
    switch (method) {
      case 'CreateRoom': {
        needRoomCreate(grant);
        if (!body.name) throw new TwirpFailure(400, 'invalid_argument', 'room name is required');
        return protoJson(ensureRoom(body.name).room);
      }
      case 'ListRooms': {
        needRoomList(grant);
        const names = body.names ?? [];
        return { rooms: [...rooms.values()].filter((r) => !names.length || names.includes(r.room.name)).map((r) => protoJson(r.room)) };
      }
      case 'DeleteRoom': {
        needRoomCreate(grant);
        if (!rooms.delete(room)) throw new TwirpFailure(404, 'not_found', 'requested room does not exist');
        return {};
      }
      case 'ListParticipants': {
        needAdmin(grant, room);
        return { participants: [...(rooms.get(room)?.participants.values() ?? [])].map(protoJson) };
      }
      case 'GetParticipant':
        needAdmin(grant, room);
        return protoJson(participantOf(room, identity));
      case 'RemoveParticipant': {
        needAdmin(grant, room);
        participantOf(room, identity);
        const entry = rooms.get(room)!;
        entry.participants.delete(identity);
        entry.room.numParticipants = entry.participants.size;
        return {};
      }
      case 'MutePublishedTrack': {
        needAdmin(grant, room);
        const p = participantOf(room, identity);
        const trackSid = body.trackSid ?? body.track_sid ?? '';
        const track = p.tracks.find((t) => t.sid === trackSid);
        if (!track) throw new TwirpFailure(404, 'not_found', 'track not found');
        track.muted = body.muted ?? false;
        return { track: protoJson(track) };
      }
      case 'UpdateParticipant': {
        needAdmin(grant, room);
        const p = participantOf(room, identity);
        if (body.metadata !== undefined) p.metadata = body.metadata;
        if (typeof body.name === 'string' && body.name) p.name = body.name;
        if (body.permission) p.permission = ParticipantPermission.fromJson(body.permission as never, { ignoreUnknownFields: true });
        return protoJson(p);
      }
      case 'UpdateRoomMetadata': {
        needAdmin(grant, room);
        const entry = rooms.get(room);
        if (!entry) throw new TwirpFailure(404, 'not_found', 'requested room does not exist');
        entry.room.metadata = body.metadata ?? '';
        return protoJson(entry.room);
      }
    }
  }

  async function twirp(req: IncomingMessage, res: ServerResponse, method: string) {
    const raw = await readBody(req);
    let grant: VideoGrant | null = null;
    let parsedBody: z.infer<typeof bodySchema> = {};
    const record = (status: number) =>
      requests.push({
        method,
        room: parsedBody.room ?? parsedBody.name ?? null,
        identity: parsedBody.identity ?? null,
        ...(parsedBody.trackSid || parsedBody.track_sid ? { trackSid: parsedBody.trackSid ?? parsedBody.track_sid } : {}),
        ...(parsedBody.muted !== undefined ? { muted: parsedBody.muted } : {}),
        ...(parsedBody.permission ? { permission: parsedBody.permission } : {}),
        ...(parsedBody.metadata !== undefined ? { metadata: parsedBody.metadata } : {}),
        grant,
        status,
        at: new Date().toISOString(),
      });
    try {
      if (!(METHODS as readonly string[]).includes(method)) throw new TwirpFailure(404, 'bad_route', `no handler for ${method}`);
      try {
        parsedBody = bodySchema.parse(raw ? JSON.parse(raw) : {});
      } catch {
        throw new TwirpFailure(400, 'malformed', 'the body is not valid JSON for this method');
      }
      grant = await authorize(req);
      const out = await handle(method as Method, parsedBody, grant);
      record(200);
      send(res, 200, out);
    } catch (e) {
      const failure = e instanceof TwirpFailure ? e : new TwirpFailure(500, 'internal', (e as Error).message);
      record(failure.status);
      send(res, failure.status, { code: failure.code, msg: failure.message });
    }
  }

  async function testEndpoint(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (url.pathname === '/__requests' && req.method === 'GET') {
      const room = url.searchParams.get('room');
      return send(res, 200, { requests: room ? requests.filter((r) => r.room === room) : requests });
    }
    if (url.pathname === '/__requests' && req.method === 'DELETE') {
      requests.length = 0;
      return send(res, 200, {});
    }
    if (url.pathname === '/__participants' && req.method === 'POST') {
      const parsed = fakeParticipantSchema.safeParse(JSON.parse((await readBody(req)) || '{}'));
      if (!parsed.success) return send(res, 400, { msg: parsed.error.message });
      return send(res, 200, protoJson(addParticipant(parsed.data)));
    }
    if (url.pathname === '/__rooms' && req.method === 'GET') {
      return send(res, 200, {
        rooms: [...rooms.values()].map((r) => ({ ...(protoJson(r.room) as object), participants: [...r.participants.values()].map(protoJson) })),
      });
    }
    if (url.pathname === '/__outage' && req.method === 'POST') {
      outage = Boolean((JSON.parse((await readBody(req)) || '{}') as { on?: unknown }).on);
      return send(res, 200, { outage });
    }
    send(res, 404, { msg: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /^\/twirp\/livekit\.RoomService\/([A-Za-z]+)$/.exec(url.pathname);
    const run = async () => {
      if (match && req.method === 'POST') {
        if (outage) {
          req.socket.destroy();
          return;
        }
        return twirp(req, res, match[1]!);
      }
      if (url.pathname.startsWith('/__')) return testEndpoint(req, res, url);
      send(res, 404, { code: 'bad_route', msg: `no route ${req.method} ${url.pathname}` });
    };
    run().catch((e: unknown) => send(res, 500, { code: 'internal', msg: (e as Error).message }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    addParticipant,
    rooms: () => rooms,
    setOutage: (on) => {
      outage = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
