import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.server';

describe('document CSP', () => {
  it('hashes each inline script and skips external ones', () => {
    const html = '<script>window.a=1</script><script src="/x.js"></script><script type="module">import "/y.js"</script>';
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.a=1'), sha('import "/y.js"')]);
  });
  it('allows only self and the hashed scripts in production', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"] });
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
