import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRegistry, resolveTenant } from './registry.server';
import { tenantSchema } from '#app/lib/config/tenant';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROOT_DOMAIN = 'events.example.com';
const { registry, problems } = loadRegistry(ROOT);
const resolve = (host: string | undefined) => resolveTenant(registry, host, ROOT_DOMAIN)?.id;

describe('the shipped tenants', () => {
  it('load without problems', () => {
    expect(problems).toEqual([]);
    expect([...registry.tenants.keys()].sort()).toEqual(['aurora', 'lumiere', 'solana']);
  });

  it('differ in brand, languages, currency and sign-in', () => {
    const [aurora, solana, lumiere] = ['aurora', 'solana', 'lumiere'].map((id) => registry.tenants.get(id)!);
    expect(new Set([aurora.themeId, solana.themeId, lumiere.themeId]).size).toBe(3);
    expect(aurora.languages).toEqual({ supported: ['en'], default: 'en' });
    expect(solana.languages.default).toBeUndefined();
    expect(lumiere.languages.default).toBe('fr');
    expect([aurora.currency, solana.currency, lumiere.currency]).toEqual(['USD', 'MXN', 'EUR']);
    expect(solana.signIn).toMatchObject({ phone: true, signInPreference: 'phone', signUpPreference: 'phone' });
    expect(solana.features.jobs).toBe(false);
    expect(lumiere.features.news).toBe(false);
  });
});

describe('resolveTenant', () => {
  it('finds a custom domain exactly', () => {
    expect(resolve('live.aurora-events.example')).toBe('aurora');
    expect(resolve('eventos.solana-live.example')).toBe('solana');
    expect(resolve('live.lumiere-studio.example')).toBe('lumiere');
  });

  it('finds <slug>.<root domain> and <slug>.localhost', () => {
    expect(resolve('aurora.events.example.com')).toBe('aurora');
    expect(resolve('solana.localhost')).toBe('solana');
    expect(resolve('lumiere.localhost')).toBe('lumiere');
  });

  it('ignores ports, upper case, surrounding spaces and a trailing dot', () => {
    expect(resolve('lumiere.localhost:3000')).toBe('lumiere');
    expect(resolve('LIVE.Aurora-Events.EXAMPLE:443')).toBe('aurora');
    expect(resolve('  Solana.Events.Example.Com:8080 ')).toBe('solana');
    expect(resolve('live.aurora-events.example.')).toBe('aurora');
  });

  it('refuses unknown hosts', () => {
    expect(resolve(undefined)).toBeUndefined();
    expect(resolve('')).toBeUndefined();
    expect(resolve('unknown.example')).toBeUndefined();
    expect(resolve('nobody.localhost')).toBeUndefined();
    expect(resolve('localhost')).toBeUndefined();
    expect(resolve('events.example.com')).toBeUndefined();
    expect(resolve('127.0.0.1:3000')).toBeUndefined();
    expect(resolve('[::1]:3000')).toBeUndefined();
    expect(resolve('aurora.localhost.attacker.example')).toBeUndefined();
    expect(resolve('aurora.events.example.com.attacker.example')).toBeUndefined();
  });

  it('refuses nested sub-domains', () => {
    expect(resolve('www.aurora.localhost')).toBeUndefined();
    expect(resolve('a.solana.events.example.com')).toBeUndefined();
    expect(resolve('www.live.aurora-events.example')).toBeUndefined();
  });
});

describe('tenantSchema errors name the field', () => {
  const aurora = JSON.parse(readFileSync(`${ROOT}/tenants/aurora/tenant.json`, 'utf8')) as Record<string, unknown>;
  const paths = (input: unknown) => {
    const result = tenantSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('accepts the shipped file', () => {
    expect(paths(aurora)).toEqual([]);
  });

  it.each([
    ['domains.0', { domains: ['https://live.aurora-events.example'] }],
    ['domains.0', { domains: ['Live.Aurora.example'] }],
    ['languages.default', { languages: { supported: ['en'], default: 'fr' } }],
    ['languages.supported.0', { languages: { supported: ['de'] } }],
    ['currency', { currency: 'usd' }],
    ['timeZone', { timeZone: 'Mars/Olympus_Mons' }],
    ['signIn.signInPreference', { signIn: { email: true, phone: false, signInPreference: 'phone' } }],
    ['signIn.socialProviders.0', { signIn: { socialProviders: ['MySpace'] } }],
    ['contact.email', { contact: { email: 'not-an-email' } }],
    ['legal.effectiveDate', { legal: { companyName: 'A', jurisdiction: 'B', effectiveDate: '15/01/2026' } }],
    ['logo.src', { logo: { src: '../../secrets.svg.exe', alt: 'x' } }],
    ['id', { id: 'Aurora_Live' }],
    // Reserved for the platform's system media (docs/decisions/0025).
    ['id', { id: 'system' }],
  ])('%s', (field, patch) => {
    expect(paths({ ...aurora, ...patch })).toContain(field);
  });

  it('rejects unknown keys and says which', () => {
    const result = tenantSchema.safeParse({ ...aurora, colour: 'blue' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('colour');
  });
});
