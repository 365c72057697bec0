import { describe, expect, it } from 'vitest';
import { AttemptLimits, DEFAULT_LIMITS } from './attemptLimits';

const at = (ip: string, account = 'sub:owner') => ({ tenantId: 'aurora', ip, account });

describe('AttemptLimits (docs/decisions/0059)', () => {
  it('holds back an address that failed ten times on an account, and nobody else', async () => {
    const limits = new AttemptLimits(DEFAULT_LIMITS);
    for (let i = 0; i < 9; i++) await limits.count('signIn', at('198.51.100.1'));
    expect(await limits.accountWait('signIn', at('198.51.100.1'))).toBe(0);
    await limits.count('signIn', at('198.51.100.1'));
    expect(await limits.accountWait('signIn', at('198.51.100.1'))).toBeGreaterThan(890);
    // The account is now under attack: another address still gets its three attempts.
    expect(await limits.accountWait('signIn', at('203.0.113.9'))).toBe(0);
    for (let i = 0; i < 3; i++) await limits.count('signIn', at('203.0.113.9'));
    expect(await limits.accountWait('signIn', at('203.0.113.9'))).toBeGreaterThan(0);
    // Other accounts and other tenants are untouched.
    expect(await limits.accountWait('signIn', at('198.51.100.1', 'sub:someone-else'))).toBe(0);
    expect(await limits.accountWait('signIn', { ...at('198.51.100.1'), tenantId: 'solana' })).toBe(0);
  });

  it('spreads over many addresses: once the account has ten failures, each address has three', async () => {
    const limits = new AttemptLimits(DEFAULT_LIMITS);
    for (let a = 1; a <= 5; a++) for (let i = 0; i < 2; i++) await limits.count('code', at(`198.51.100.${a}`));
    expect(await limits.accountWait('code', at('198.51.100.1'))).toBe(0);
    await limits.count('code', at('198.51.100.1'));
    expect(await limits.accountWait('code', at('198.51.100.1'))).toBeGreaterThan(0);
    expect(await limits.accountWait('code', at('198.51.100.99'))).toBe(0);
  });

  it('holds back an address that failed on many accounts, whichever it tries next', async () => {
    const limits = new AttemptLimits(DEFAULT_LIMITS);
    for (let i = 0; i < 50; i++) await limits.count('signIn', at('198.51.100.7', `name:guess-${i}@example.com`));
    expect(await limits.sourceWait('signIn', { tenantId: 'aurora', ip: '198.51.100.7' })).toBeGreaterThan(0);
    expect(await limits.sourceWait('signIn', { tenantId: 'aurora', ip: '198.51.100.8' })).toBe(0);
  });

  it('sending: one more code per address once an account has had ten', async () => {
    const limits = new AttemptLimits(DEFAULT_LIMITS);
    for (let a = 1; a <= 10; a++) await limits.count('send', at(`198.51.100.${a}`));
    expect(await limits.accountWait('send', at('198.51.100.1'))).toBeGreaterThan(0);
    expect(await limits.accountWait('send', at('203.0.113.9'))).toBe(0);
  });
});
