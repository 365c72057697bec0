import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUIRED_PAGES } from '#app/lib/config/content';
import { tenantSchema } from '#app/lib/config/tenant';
import { main, parseArgs, scaffoldTenant, UsageError } from './tenant-new';
import { checkConfig, formatProblem } from './tenants-check';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];

function copyConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-new-'));
  temps.push(dir);
  for (const folder of ['tenants', 'themes', 'templates']) {
    cpSync(join(ROOT, folder), join(dir, folder), { recursive: true, filter: (src) => !/\.tsx?$/.test(src) });
  }
  return dir;
}

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

describe('tenant:new', () => {
  it('scaffolds a tenant that passes tenants:check, with a theme of its own', () => {
    const dir = copyConfig();
    const { code, out, err } = run(['acme-events', '--domain', 'Live.Acme-Events.example', '--name', 'Acme & Co Events', '--languages', 'en,fr', '--root', dir]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(checkConfig(dir).problems.map(formatProblem)).toEqual([]);

    const base = join(dir, 'tenants', 'acme-events');
    const tenant = tenantSchema.parse(JSON.parse(readFileSync(join(base, 'tenant.json'), 'utf8')));
    expect(tenant).toMatchObject({ id: 'acme-events', displayName: 'Acme & Co Events', domains: ['live.acme-events.example'], themeId: 'acme-events' });
    expect(tenant.languages).toEqual({ supported: ['en', 'fr'], default: 'en' });
    expect(existsSync(join(dir, 'themes', 'acme-events.json'))).toBe(true);
    expect(readFileSync(join(base, 'assets', 'logo.svg'), 'utf8')).toContain('Acme &amp; Co Events');
    expect(readFileSync(join(base, 'assets', 'favicon.svg'), 'utf8')).toContain('>AC<');
    for (const lang of ['en', 'fr']) {
      for (const page of REQUIRED_PAGES) expect(existsSync(join(base, 'content', lang, `${page}.md`)), `${lang}/${page}`).toBe(true);
    }
    expect(readFileSync(join(base, 'content', 'fr', 'home.md'), 'utf8')).toContain('Acme & Co Events');
    expect(readFileSync(join(base, 'content', 'en', 'home.md'), 'utf8')).toContain('to: "/requestInfo?topic=demo"');

    expect(out).toContain('Next steps:');
    expect(out).toMatch(/http:\/\/acme-events\.localhost:\d+/);
  });

  it('can share an existing theme and write Spanish starter copy', () => {
    const dir = copyConfig();
    const result = scaffoldTenant({ ...parseArgs(['fiesta', '--domain', 'fiesta.example', '--theme', 'solana', '--languages', 'es'], dir), rootDir: dir });
    expect(result).toMatchObject({ themeId: 'solana', createdTheme: false });
    expect(existsSync(join(dir, 'themes', 'fiesta.json'))).toBe(false);
    expect(readFileSync(join(dir, 'tenants', 'fiesta', 'content', 'es', 'questions.md'), 'utf8')).toMatch(/^## ¿/m);
    expect(checkConfig(dir).problems.map(formatProblem)).toEqual([]);
  });

  it.each([
    [['aurora', '--domain', 'new.example'], /tenant "aurora" already exists/],
    [['newco', '--domain', 'LIVE.aurora-events.example'], /domain live\.aurora-events\.example is already used by tenant "aurora"/],
    [['newco', '--domain', 'solana.localhost'], /domain solana\.localhost is the platform address of tenant "solana"/],
    [['Bad_Id', '--domain', 'x.example'], /invalid tenant id "Bad_Id"/],
    [['newco', '--domain', 'https://x.example/path'], /invalid --domain/],
    [['newco', '--domain', 'localhost'], /invalid --domain/],
    [['newco', '--domain', 'x.example', '--theme', 'missing'], /unknown or invalid theme "missing"; existing themes: aurora, lumiere, solana/],
    [['newco', '--domain', 'x.example', '--languages', 'en,de'], /unknown language "de"/],
    [['newco'], /--domain is required/],
    [['--domain', 'x.example'], /give exactly one tenant id/],
    [['newco', '--domain', 'x.example', '--colour', 'red'], /unknown option --colour/],
  ])('refuses %j', (args, message) => {
    const dir = copyConfig();
    const { code, err } = run([...args, '--root', dir]);
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(existsSync(join(dir, 'tenants', 'newco'))).toBe(false);
  });

  it('parses --option=value and resolves --root against the working directory', () => {
    const options = parseArgs(['acme', '--domain=acme.example', '--languages=fr,en', '--root', 'sub'], '/srv/app');
    expect(options).toMatchObject({ id: 'acme', domain: 'acme.example', languages: ['fr', 'en'], rootDir: '/srv/app/sub' });
    expect(() => parseArgs(['acme', '--domain'])).toThrow(UsageError);
  });
});
