import { describe, expect, it } from 'vitest';
import { authErrorKey } from './errors';
import { maskDestination } from './mask';
import { passwordMeetsRules } from './password';
import { fromE164, phoneSettings, toE164 } from '#app/lib/account/phone';
import { withRedirect } from './redirect';

// safeRedirect itself is tested against its payload corpus in app/lib/safeRedirect.test.ts.
describe('withRedirect', () => {
  it('appends a return address unless it is the home page', () => {
    expect(withRedirect('/signUp', '/')).toBe('/signUp');
    expect(withRedirect('/signUp', '/x?y=1')).toBe('/signUp?redirectTo=%2Fx%3Fy%3D1');
  });
});

describe('authErrorKey', () => {
  it('gives wrong password and unknown user the same message', () => {
    expect(authErrorKey({ name: 'NotAuthorizedException' }, 'signIn')).toBe(authErrorKey({ name: 'UserNotFoundException' }, 'signIn'));
    expect(authErrorKey({ name: 'LimitExceededException' }, 'signIn')).toBe('account.errors.rateLimited');
    expect(authErrorKey(new Error('x'), 'signUp')).toBe('account.errors.generic');
  });
  it('says plainly when a new address or number belongs to another account', () => {
    expect(authErrorKey({ name: 'AliasExistsException' }, 'verify')).toBe('account.errors.contactTaken');
    expect(authErrorKey({ name: 'AliasExistsException' }, 'signUp')).toBe('account.errors.cannotCreate');
  });
});

describe('password rules', () => {
  it('match the pool policy', () => {
    expect(passwordMeetsRules('Abcdefg1')).toBe(true);
    expect(passwordMeetsRules('abcdefg1')).toBe(false);
    expect(passwordMeetsRules('ABCDEFG1')).toBe(false);
    expect(passwordMeetsRules('Abcdefgh')).toBe(false);
    expect(passwordMeetsRules('Abc1')).toBe(false);
  });
});

describe('phone', () => {
  it('lists preferred countries first, default us', () => {
    const s = phoneSettings('en', { defaultCountry: 'us', preferredCountries: ['mx', 'us', 'ca'] });
    expect(s.defaultCountry).toBe('US');
    expect(s.countries.slice(0, 3).map((c) => c.code)).toEqual(['MX', 'US', 'CA']);
    expect(s.countries[0]).toEqual({ code: 'MX', name: 'Mexico', dial: '+52' });
    expect(s.preferredCount).toBe(3);
    expect(new Set(s.countries.map((c) => c.code)).size).toBe(s.countries.length);
    expect(phoneSettings('es', { defaultCountry: 'mx', preferredCountries: [] }).countries.find((c) => c.code === 'MX')?.name).toBe('México');
  });

  it('validates and formats E.164', () => {
    expect(toE164('US', '(201) 555-0123')).toEqual({ ok: true, e164: '+12015550123' });
    expect(toE164('MX', '55 1234 5678')).toEqual({ ok: true, e164: '+525512345678' });
    expect(toE164('US', '+52 55 1234 5678')).toEqual({ ok: true, e164: '+525512345678' });
    expect(toE164('US', '')).toEqual({ ok: false, error: 'account.errors.phoneRequired' });
    expect(toE164('US', '123')).toEqual({ ok: false, error: 'account.errors.phoneInvalid' });
    expect(toE164('US', '555-abc')).toEqual({ ok: false, error: 'account.errors.phoneInvalid' });
    expect(fromE164('+525512345678', 'US').country).toBe('MX');
  });

  it('masks destinations', () => {
    expect(maskDestination('ana@example.com')).toBe('a***@example.com');
    expect(maskDestination('+525512345678')).toBe('+52********78');
  });
});
