import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier, isValidCodeVerifier, randomToken, safeEqual, verifyS256 } from './pkce';

describe('PKCE', () => {
  it('computes the RFC 7636 appendix B challenge', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes valid, distinct verifiers and tokens', () => {
    const a = createCodeVerifier();
    const b = createCodeVerifier();
    expect(isValidCodeVerifier(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts only the verifier that matches the challenge', () => {
    const verifier = createCodeVerifier();
    const challenge = codeChallengeS256(verifier);
    expect(verifyS256(verifier, challenge)).toBe(true);
    expect(verifyS256(createCodeVerifier(), challenge)).toBe(false);
    expect(verifyS256('short', codeChallengeS256('short'))).toBe(false);
  });

  it('compares strings of different lengths safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
