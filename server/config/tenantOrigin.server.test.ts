import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/env.server';
import { testTenantId } from '#tests/support/tenants';
import { loadRegistry, resolveTenant } from './registry.server';
import { tenantOrigin, tenantUrl } from './tenantOrigin.server';

const aurora = { id: testTenantId('aurora'), domains: ['live.aurora-events.example', 'events.aurora-live.example'] };
const bare = { id: testTenantId('bare'), domains: [] };
const env = (vars: Record<string, string>) => loadEnv({ NODE_ENV: 'test', LIVEKIT_API_KEY: 'origin-test', LIVEKIT_API_SECRET: 'origin-test-secret-0123456789abcdef', ...vars });

describe('tenantOrigin', () => {
  it('production: https, no port, the first custom domain, else <slug>.<PLATFORM_ROOT_DOMAIN>', () => {
    const production = env({ NODE_ENV: 'production', PORT: '8080', PLATFORM_ROOT_DOMAIN: 'Events.Example.COM' });
    expect(tenantOrigin(aurora, production)).toBe('https://live.aurora-events.example');
    expect(tenantOrigin(bare, production)).toBe('https://bare.events.example.com');
  });

  it('locally (development and test): http, the app port and <slug>.localhost', () => {
    expect(tenantOrigin(aurora, env({ NODE_ENV: 'development' }))).toBe('http://aurora.localhost:3000');
    expect(tenantOrigin(aurora, env({ NODE_ENV: 'test', PORT: '3380' }))).toBe('http://aurora.localhost:3380');
  });

  it('the local stack runs the production build with its own scheme, port and host names', () => {
    const stack = env({ NODE_ENV: 'production', PORT: '3380', PUBLIC_SCHEME: 'http', PUBLIC_PORT: '3380', PUBLIC_HOSTS: 'localhost' });
    expect(tenantOrigin(aurora, stack)).toBe('http://aurora.localhost:3380');
    expect(tenantUrl(aurora, stack, '/shortUrl?c=ab')).toBe('http://aurora.localhost:3380/shortUrl?c=ab');
  });

  it('a staging deployment may use platform names only, and a default port is never written', () => {
    const staging = env({ NODE_ENV: 'production', PLATFORM_ROOT_DOMAIN: 'staging.example.net', PUBLIC_HOSTS: 'platform', PUBLIC_PORT: '443' });
    expect(tenantOrigin(aurora, staging)).toBe('https://aurora.staging.example.net');
    expect(tenantOrigin(aurora, env({ NODE_ENV: 'production', PUBLIC_SCHEME: 'http', PUBLIC_PORT: '80' }))).toBe('http://live.aurora-events.example');
  });

  it('nothing of the request enters it: every configured tenant gets an origin that resolves back to that tenant', () => {
    const { registry } = loadRegistry(process.cwd());
    expect(registry.tenants.size).toBeGreaterThan(0);
    for (const vars of [{ NODE_ENV: 'production' } as Record<string, string>, { NODE_ENV: 'production', PUBLIC_HOSTS: 'platform' }, { NODE_ENV: 'test', PORT: '39555' }]) {
      const settings = env(vars);
      for (const tenant of registry.tenants.values()) {
        const origin = new URL(tenantOrigin(tenant, settings));
        expect(origin.origin).toBe(tenantOrigin(tenant, settings));
        expect(resolveTenant(registry, origin.host, settings.PLATFORM_ROOT_DOMAIN)?.id).toBe(tenant.id);
      }
    }
  });

  it('refuses a scheme, port or host kind it does not know', () => {
    expect(() => env({ PUBLIC_SCHEME: 'ftp' })).toThrow(/PUBLIC_SCHEME/);
    expect(() => env({ PUBLIC_PORT: '70000' })).toThrow(/PUBLIC_PORT/);
    expect(() => env({ PUBLIC_HOSTS: 'request' })).toThrow(/PUBLIC_HOSTS/);
  });
});
