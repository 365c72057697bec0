import { describe, expect, it } from 'vitest';
import { displayNameOf, givenDisplayName, initialsOf } from './displayName';

describe('displayNameOf', () => {
  it('prefers the profile display name, then its first and last name', () => {
    expect(displayNameOf({ profile: { displayName: ' Ana ', firstName: 'Ana', lastName: 'López' }, email: 'ana@x.test' })).toBe('Ana');
    expect(displayNameOf({ profile: { displayName: '', firstName: 'Ana', lastName: 'López' }, email: 'ana@x.test' })).toBe('Ana López');
  });
  it('uses the names given at sign-up when the profile has none', () => {
    expect(displayNameOf({ profile: null, givenName: 'Jean', familyName: 'Dupont', email: 'organizer@x.test', username: 'u1' })).toBe('Jean Dupont');
    expect(displayNameOf({ profile: null, fullName: 'Jean Dupont', email: 'organizer@x.test' })).toBe('Jean Dupont');
  });
  it('falls back to the address before the @, never the whole address, then the user name', () => {
    expect(displayNameOf({ email: 'organizer@x.test', username: 'u1' })).toBe('organizer');
    expect(displayNameOf({ email: null, username: 'u1' })).toBe('u1');
    expect(givenDisplayName({ email: 'organizer@x.test' })).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ana María López')).toBe('AL');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf('élodie martin')).toBe('ÉM');
  });
});
