import { describe, expect, it } from 'vitest';
import { displayNameOf, givenDisplayName, initialsOf, shownStoredName } from './displayName';

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
  it('never names a person by an address, even one typed as a name or used as the user name', () => {
    expect(displayNameOf({ profile: { displayName: 'organizer@aurora.demo.example' }, email: 'organizer@aurora.demo.example' })).toBe('organizer');
    expect(displayNameOf({ fullName: 'ana@x.test', email: null, username: 'u1' })).toBe('ana');
    expect(displayNameOf({ email: null, username: 'viewer-1a2b@aurora.test.example' })).toBe('viewer-1a2b');
  });
});

describe('shownStoredName', () => {
  it('shows a stored name as it is, and an address not at all', () => {
    expect(shownStoredName(' Olga ')).toBe('Olga');
    expect(shownStoredName('organizer@aurora.demo.example')).toBe('');
    expect(shownStoredName('Olga <olga@x.test>')).toBe('');
    expect(shownStoredName(undefined)).toBe('');
    expect(shownStoredName('@olga on stage')).toBe('@olga on stage');
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
