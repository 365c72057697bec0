import { AccessToken, RoomServiceClient, TwirpError } from 'livekit-server-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLivekitTwirp, type LivekitTwirp } from './livekitTwirp';

let standIn: LivekitTwirp;
let client: RoomServiceClient;

beforeAll(async () => {
  standIn = await startLivekitTwirp({ keys: { devkey: 'secret', otherkey: 'other-secret' } });
  client = new RoomServiceClient(standIn.url, 'devkey', 'secret', { requestTimeout: 3, failover: false });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.rooms().clear();
});

async function twirpError(p: Promise<unknown>): Promise<TwirpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TwirpError) return e;
    throw e;
  }
  throw new Error('expected a Twirp error');
}

describe('LiveKit Twirp stand-in', () => {
  it('answers the SDK: create, list and delete rooms; list, get, mute, update and remove participants', async () => {
    const room = await client.createRoom({ name: 'aurora_abcdefabcdef' });
    expect(room.name).toBe('aurora_abcdefabcdef');
    expect((await client.listRooms()).map((r) => r.name)).toEqual(['aurora_abcdefabcdef']);

    standIn.addParticipant({ room: 'aurora_abcdefabcdef', identity: 'u1', name: 'Uma', metadata: '{"role":"participant"}' });
    const [p] = await client.listParticipants('aurora_abcdefabcdef');
    expect(p).toMatchObject({ identity: 'u1', name: 'Uma', metadata: '{"role":"participant"}' });
    expect(p!.tracks).toHaveLength(2);

    const got = await client.getParticipant('aurora_abcdefabcdef', 'u1');
    const track = await client.mutePublishedTrack('aurora_abcdefabcdef', 'u1', got.tracks[0]!.sid, true);
    expect(track.muted).toBe(true);

    const updated = await client.updateParticipant('aurora_abcdefabcdef', 'u1', { permission: { canPublish: false, canSubscribe: true } });
    expect(updated.permission).toMatchObject({ canPublish: false, canSubscribe: true });

    await client.removeParticipant('aurora_abcdefabcdef', 'u1');
    expect(await client.listParticipants('aurora_abcdefabcdef')).toEqual([]);
    await client.deleteRoom('aurora_abcdefabcdef');
    expect(await client.listRooms()).toEqual([]);

    expect(standIn.requests.map((r) => [r.method, r.status])).toEqual([
      ['CreateRoom', 200],
      ['ListRooms', 200],
      ['ListParticipants', 200],
      ['GetParticipant', 200],
      ['MutePublishedTrack', 200],
      ['UpdateParticipant', 200],
      ['RemoveParticipant', 200],
      ['ListParticipants', 200],
      ['DeleteRoom', 200],
      ['ListRooms', 200],
    ]);
    const mute = standIn.requests.find((r) => r.method === 'MutePublishedTrack')!;
    expect(mute).toMatchObject({ room: 'aurora_abcdefabcdef', identity: 'u1', trackSid: got.tracks[0]!.sid, muted: true });
    expect(mute.grant).toMatchObject({ roomAdmin: true, room: 'aurora_abcdefabcdef' });
  });

  it('answers Twirp not_found for a participant or room that is not there; an unknown room lists no one', async () => {
    expect(await client.listParticipants('nobody_here')).toEqual([]);
    const missing = await twirpError(client.removeParticipant('aurora_abcdefabcdef', 'ghost'));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);
    const noRoom = await twirpError(client.deleteRoom('aurora_abcdefabcdef'));
    expect([noRoom.status, noRoom.code]).toEqual([404, 'not_found']);
  });

  it('refuses a bad signature or an unknown key with 401 and a grant for another room with 403', async () => {
    const forged = new RoomServiceClient(standIn.url, 'devkey', 'not-the-secret', { requestTimeout: 3, failover: false });
    expect((await twirpError(forged.listRooms())).status).toBe(401);
    const stranger = new RoomServiceClient(standIn.url, 'unknown', 'secret', { requestTimeout: 3, failover: false });
    expect((await twirpError(stranger.listRooms())).status).toBe(401);
    // A second configured key pair is accepted.
    const other = new RoomServiceClient(standIn.url, 'otherkey', 'other-secret', { requestTimeout: 3, failover: false });
    expect(await other.listRooms()).toEqual([]);

    standIn.addParticipant({ room: 'aurora_abcdefabcdef', identity: 'u1' });
    const at = new AccessToken('devkey', 'secret', { ttl: 60 });
    at.addGrant({ roomAdmin: true, room: 'solana_abcdefabcdef' });
    const wrongRoom = new RoomServiceClient(standIn.url, undefined, undefined, { token: await at.toJwt(), failover: false });
    const denied = await twirpError(wrongRoom.removeParticipant('aurora_abcdefabcdef', 'u1'));
    expect([denied.status, denied.code]).toEqual([403, 'permission_denied']);
    const noCreate = await twirpError(wrongRoom.deleteRoom('aurora_abcdefabcdef'));
    expect(noCreate.status).toBe(403);
    expect(standIn.rooms().get('aurora_abcdefabcdef')?.participants.has('u1')).toBe(true);
  });

  it('offers test endpoints: recorded requests, fake participants, rooms and an outage switch', async () => {
    const added = await fetch(`${standIn.url}/__participants`, {
      method: 'POST',
      body: JSON.stringify({ room: 'lumiere_abcdefabcdef', identity: 'u2', name: 'Zoé', canPublish: false }),
    });
    expect(added.status).toBe(200);
    expect(await client.listParticipants('lumiere_abcdefabcdef')).toMatchObject([{ identity: 'u2', name: 'Zoé', tracks: [] }]);
    const recorded = (await (await fetch(`${standIn.url}/__requests?room=lumiere_abcdefabcdef`)).json()) as { requests: Array<{ method: string }> };
    expect(recorded.requests.map((r) => r.method)).toEqual(['ListParticipants']);
    const rooms = (await (await fetch(`${standIn.url}/__rooms`)).json()) as { rooms: Array<{ name: string; participants: unknown[] }> };
    expect(rooms.rooms).toMatchObject([{ name: 'lumiere_abcdefabcdef', participants: [{ identity: 'u2' }] }]);
    await fetch(`${standIn.url}/__requests`, { method: 'DELETE' });
    expect(standIn.requests).toEqual([]);

    await fetch(`${standIn.url}/__outage`, { method: 'POST', body: JSON.stringify({ on: true }) });
    await expect(client.listRooms()).rejects.toThrow();
    await fetch(`${standIn.url}/__outage`, { method: 'POST', body: JSON.stringify({ on: false }) });
    expect(await client.listRooms()).toHaveLength(1);
  });
});
