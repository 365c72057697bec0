import { AccessToken, TokenVerifier, TrackSource } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { signRoomJwt } from './roomJwt.server';

const KEY = 'APIroomjwt';
const SECRET = 'a-secret-of-at-least-thirty-two-characters';

function parts(jwt: string) {
  const [header, payload] = jwt.split('.');
  return { header: JSON.parse(Buffer.from(header!, 'base64url').toString()), payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()) };
}

describe('signRoomJwt', () => {
  it('writes the header and claims the SDK writes, and the SDK’s verifier accepts it', async () => {
    const video = { roomJoin: true, room: 'tenant:event', canPublish: true, canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE] };
    const sdk = new AccessToken(KEY, SECRET, { identity: 'person-1', name: 'Ada', metadata: '{"role":"host"}', ttl: 3600 });
    sdk.addGrant(video);
    const now = Date.now();
    const ours = signRoomJwt({ apiKey: KEY, apiSecret: SECRET, identity: 'person-1', grants: { metadata: '{"role":"host"}', name: 'Ada', video }, ttlSeconds: 3600, now });
    const theirs = await sdk.toJwt();
    expect(parts(ours).header).toEqual(parts(theirs).header);
    const mine = parts(ours).payload;
    const sdkPayload = parts(theirs).payload;
    // The times may fall in different seconds; everything else is the same, key for key.
    expect(Object.keys(mine)).toEqual(Object.keys(sdkPayload));
    expect({ ...mine, exp: 0, nbf: 0 }).toEqual({ ...sdkPayload, exp: 0, nbf: 0 });
    expect(mine.nbf).toBe(Math.floor(now / 1000));
    expect(mine.exp).toBe(mine.nbf + 3600);
    const verified = await new TokenVerifier(KEY, SECRET).verify(ours);
    expect(verified.sub).toBe('person-1');
    expect(verified.video).toMatchObject({ roomJoin: true, room: 'tenant:event', canPublishSources: ['camera', 'microphone'] });
  });

  it('is refused by a verifier holding another secret', async () => {
    const jwt = signRoomJwt({ apiKey: KEY, apiSecret: SECRET, identity: 'p', grants: { video: { roomJoin: true, room: 'r' } }, ttlSeconds: 60 });
    await expect(new TokenVerifier(KEY, `${SECRET}-other`).verify(jwt)).rejects.toThrow();
  });
});
