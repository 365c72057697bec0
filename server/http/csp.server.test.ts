import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, storageOrigin } from './csp.server';

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

describe('storage origin', () => {
  const aws = { AWS_REGION: 'eu-west-3', S3_BUCKET: 'platform-media', S3_FORCE_PATH_STYLE: false };
  it('is the bucket host on AWS, and the regional host for path style or dotted buckets', () => {
    expect(storageOrigin(aws)).toBe('https://platform-media.s3.eu-west-3.amazonaws.com');
    expect(storageOrigin({ ...aws, S3_FORCE_PATH_STYLE: true })).toBe('https://s3.eu-west-3.amazonaws.com');
    expect(storageOrigin({ ...aws, S3_BUCKET: 'platform.media' })).toBe('https://s3.eu-west-3.amazonaws.com');
    expect(storageOrigin({ ...aws, AWS_REGION: 'cn-north-1' })).toBe('https://platform-media.s3.cn-north-1.amazonaws.com.cn');
  });
  it('follows a configured endpoint (the local s3rver uses path style)', () => {
    expect(storageOrigin({ ...aws, S3_ENDPOINT: 'http://localhost:4569', S3_FORCE_PATH_STYLE: true })).toBe('http://localhost:4569');
    expect(storageOrigin({ ...aws, S3_ENDPOINT: 'https://minio.example.com:9000' })).toBe('https://platform-media.minio.example.com:9000');
  });
  it('lets room pages upload to storage and show its images', () => {
    const origin = storageOrigin(aws);
    const csp = contentSecurityPolicy({ connectSources: [origin], mediaSources: [origin] });
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!.split(' ');
    expect(directive('connect-src')).toContain(origin);
    expect(directive('img-src')).toContain(origin);
  });
});
