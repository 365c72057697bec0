import { describe, expect, it } from 'vitest';
import { requestOrigin, requestTargetProblem } from './requestTarget';

describe('requestTargetProblem', () => {
  it('accepts origin-form targets with a usable Host', () => {
    for (const host of ['aurora.localhost:3000', 'aurora.localhost', 'live.aurora-events.example', 'AURORA.localhost:443', '127.0.0.1:3000', '[::1]:3000', 'aurora.localhost.:3000']) {
      expect(requestTargetProblem('/aboutUs?x=1', host), host).toBeNull();
    }
    expect(requestTargetProblem('/', undefined)).toBeNull();
  });

  it('refuses a Host the URL parser cannot use (every one of these was a 500)', () => {
    for (const host of ['aurora.localhost:99999', 'aurora.localhost:65536', 'aurora.localhost:0', 'aurora.localhost:abc', 'aurora.localhost:', '[::1', 'a:1:2', 'evil@aurora.localhost', 'aurora.localhost/x', 'a b', '', '.', '-']) {
      expect(requestTargetProblem('/aboutUs', host), host).toBe('badHost');
    }
  });

  it('refuses absolute-form and other non-path request targets', () => {
    for (const url of ['http://solana.localhost:3400/aboutUs', 'https://aurora.localhost/', 'aurora.localhost/aboutUs', '*', '']) {
      expect(requestTargetProblem(url, 'aurora.localhost:3000'), url).toBe('badRequestLine');
    }
  });
});

describe('requestOrigin', () => {
  it('normalizes case and default ports, and only speaks http(s)', () => {
    expect(requestOrigin('http', 'AURORA.localhost:3000')).toBe('http://aurora.localhost:3000');
    expect(requestOrigin('http', 'aurora.localhost:80')).toBe('http://aurora.localhost');
    expect(requestOrigin('https', 'aurora.localhost:443')).toBe('https://aurora.localhost');
    expect(requestOrigin('javascript', 'aurora.localhost')).toBe('http://aurora.localhost');
  });
});
