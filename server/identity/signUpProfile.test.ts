import { describe, expect, it } from 'vitest';
import { signUpProfile } from './signUpProfile';

describe('signUpProfile', () => {
  it('keeps the names and the terms a sign-up carries', () => {
    const request = {
      UserAttributes: [
        { Name: 'given_name', Value: ' Ada ' },
        { Name: 'family_name', Value: 'Lovelace' },
        { Name: 'email', Value: 'ada@x.test' },
      ],
      ClientMetadata: { acceptedTerms: 'true' },
    };
    expect(signUpProfile(request)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', acceptedTerms: true });
  });

  it('records terms only when the form said so, and nothing for a bare sign-up', () => {
    expect(signUpProfile({ UserAttributes: [{ Name: 'given_name', Value: 'Ada' }] })).toEqual({ firstName: 'Ada' });
    expect(signUpProfile({ UserAttributes: [], ClientMetadata: { acceptedTerms: 'yes' } })).toBeNull();
    expect(signUpProfile({ UserAttributes: 'nonsense' })).toBeNull();
  });

  it('caps names at the profile limit', () => {
    expect(signUpProfile({ UserAttributes: [{ Name: 'family_name', Value: 'x'.repeat(200) }] })?.lastName).toHaveLength(80);
  });
});
