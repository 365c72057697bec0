import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

const SITE = 'http://aurora.localhost:3000';

/** What a browser does with the Location / href the function returns. */
const resolve = (target: string) => new URL(target, `${SITE}/somewhere/deep`);

/** Return addresses an attacker would try: each must come back as the fallback. */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/..//evil.example',
  '/.//evil.example/x',
  '/././/evil.example',
  '/%2F/evil.example',
  '/.%2F/evil.example',
  '/%2e%2F/evil.example',
  '/%5C/evil.example',
  '/%255C%255Cevil.example',
  '/\r/evil.example',
  '/\u000b/evil.example',
  '/%0b/evil.example',
  'jav\nascript:alert(1)',
  '\tjavascript:alert(1)',
  '/../..//evil.example',
  '/./..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e.//evil.example',
  '/a/../..//evil.example',
  '/%252F%252Fevil.example',
  '/%0d%0aSet-Cookie:%20x=1',
  '/\r\nSet-Cookie: x=1',
  '/%0aLocation:%20https://evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ /evil.example',
  '/\u0000/evil.example',
  '/%00/evil.example',
  '/%09/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'http:/evil.example',
  'http://solana.localhost:3000/aboutUs',
  'http://aurora.localhost:3000.evil.example/',
  '//solana.localhost:3000/aboutUs',
  '//aurora.localhost:3000@evil.example/',
  'https://aurora.localhost:3000@evil.example/',
  '/@evil.example/..//evil.example',
  '\u2215\u2215evil.example',
  '\uFF0F\uFF0Fevil.example',
  '/\u2215evil.example/..//x',
  '\u3002evil.example',
  'evil.example',
  '.evil.example',
  '?next=//evil.example',
  '#//evil.example',
  '',
  ' ',
  '/' + 'a'.repeat(5000),
];

/** Same-site paths that must survive (normalized). */
const FINE: Array<[string, string]> = [
  ['/', '/'],
  ['/changePassword', '/changePassword'],
  ['/preview?event=01HX', '/preview?event=01HX'],
  ['/liveEvents?page=2&lang=es#top', '/liveEvents?page=2&lang=es#top'],
  ['/a/./b/../c', '/a/c'],
  ['/@evil.example', '/@evil.example'],
  ['/questions?q=caf%C3%A9', '/questions?q=caf%C3%A9'],
  ['/questions?q=café', '/questions?q=caf%C3%A9'],
  ['/search?redirect=//evil.example', '/search?redirect=//evil.example'],
  ['/x%2Fy', '/x%2Fy'],
];

describe('safeRedirect', () => {
  it(`refuses every one of ${HOSTILE.length} hostile return addresses`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    for (const payload of HOSTILE) expect(safeRedirect(payload), JSON.stringify(payload)).toBe('/');
  });

  it('returns only normalized paths of this origin, whatever it is given', () => {
    for (const payload of [...HOSTILE, ...FINE.map(([p]) => p)]) {
      const target = safeRedirect(payload, '/home');
      const url = resolve(target);
      expect(url.origin, JSON.stringify(payload)).toBe(SITE);
      expect(target, JSON.stringify(payload)).toBe(url.pathname + url.search + url.hash);
      expect(target, JSON.stringify(payload)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });

  it('keeps same-site paths, normalized', () => {
    for (const [given, expected] of FINE) expect(safeRedirect(given), given).toBe(expected);
  });

  it('uses the fallback for anything that is not a string', () => {
    expect(safeRedirect(null, '/userDashboard')).toBe('/userDashboard');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(42 as unknown as string)).toBe('/');
    expect(safeRedirect('//evil.example', '/guestVerification')).toBe('/guestVerification');
  });
});
