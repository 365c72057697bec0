/**
 * OAuth 2.0 PKCE (RFC 7636) and state values, on Node's crypto. Used by the app's server-side
 * authorization-code exchange and by the local hosted sign-in stand-in, which checks S256.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A code verifier: 64 base64url characters (48 random bytes), within RFC 7636's 43–128. */
export function createCodeVerifier(): string {
  return randomBytes(48).toString('base64url');
}

/** The S256 code challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** An unguessable state (or one-time code) value: 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** RFC 7636 §4.1: 43–128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
export function isValidCodeVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);
}

/** A challenge as S256 produces it: 43 base64url characters. */
export function isValidCodeChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9\-_]{43}$/.test(challenge);
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the verifier answers the S256 challenge. */
export function verifyS256(verifier: string, challenge: string): boolean {
  return isValidCodeVerifier(verifier) && safeEqual(codeChallengeS256(verifier), challenge);
}
