/**
 * A LiveKit access token signed here (HS256 over the SDK's own claims, docs/decisions/0091).
 * The SDK's AccessToken.toJwt signs through jose, which turns the secret into a key object and
 * runs a promise chain per token: about a third of a millisecond, a tenth of the room data
 * request's time. The claims are the SDK's (`claimsToJwtPayload`), in the order jose writes
 * them, with the same registered claims (iss, exp, nbf, sub); only the signing is done with
 * node:crypto's HMAC. A test checks the token against the SDK's own minting and verifier.
 */
import { createHmac } from 'node:crypto';
import { claimsToJwtPayload, type ClaimGrants } from 'livekit-server-sdk';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

export interface RoomJwtInput {
  apiKey: string;
  apiSecret: string;
  identity: string;
  grants: ClaimGrants;
  ttlSeconds: number;
  /** When it is signed (ms since the epoch): nbf, and exp = nbf + ttl, in whole seconds. */
  now?: number;
}

export function signRoomJwt({ apiKey, apiSecret, identity, grants, ttlSeconds, now = Date.now() }: RoomJwtInput): string {
  const seconds = Math.floor(now / 1000);
  // The SDK's mapping rewrites the video grant's sources in place: it gets a copy.
  const claims = claimsToJwtPayload(grants.video ? { ...grants, video: { ...grants.video } } : grants);
  const payload = { ...claims, iss: apiKey, exp: seconds + ttlSeconds, nbf: seconds, sub: identity };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', apiSecret).update(signed).digest('base64url')}`;
}
