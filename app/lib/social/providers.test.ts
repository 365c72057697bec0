import { describe, expect, it } from 'vitest';
import { parseProviderPath, providerHref, providerPath, SOCIAL_PROVIDERS } from './providers';

describe('provider paths', () => {
  it('names all fourteen /ssoSignIn{Provider} and /ssoSignUp{Provider} paths', () => {
    for (const provider of SOCIAL_PROVIDERS) {
      expect(parseProviderPath(providerPath(provider, 'signIn'))).toEqual({ provider, mode: 'signIn' });
      expect(parseProviderPath(providerPath(provider, 'signUp'))).toEqual({ provider, mode: 'signUp' });
    }
    expect(providerPath('LinkedIn', 'signUp')).toBe('/ssoSignUpLinkedIn');
  });

  it('refuses other spellings and unknown providers', () => {
    expect(parseProviderPath('/ssoSignIngoogle')).toBeNull();
    expect(parseProviderPath('/ssosignInGoogle')).toBeNull();
    expect(parseProviderPath('/ssoSignInMySpace')).toBeNull();
    expect(parseProviderPath('/ssoSignIn')).toBeNull();
  });

  it('keeps the return address in provider links', () => {
    expect(providerHref('Google', 'signIn', '/pricing')).toBe('/ssoSignInGoogle?redirectTo=%2Fpricing');
    expect(providerHref('Google', 'signIn', '/')).toBe('/ssoSignInGoogle');
  });
});
