/**
 * The seven social providers (docs/PRODUCT.md, Tenants), their screen paths and their button
 * marks. Shared by the browser (buttons) and the server (which provider a /ssoSignIn{Provider}
 * path names).
 * Marks are plain letters on the provider's customary colour: no logos are shipped.
 */
import { SOCIAL_PROVIDERS } from '#app/lib/config/tenant';

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export type SocialMode = 'signIn' | 'signUp';

export { SOCIAL_PROVIDERS };

/** Why a social sign-in came back without a session (each has a message in locales social.errors). */
export const SOCIAL_ERROR_CODES = ['access_denied', 'bad_state', 'expired', 'exchange_failed', 'unavailable', 'provider_error'] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

/**
 * The identity_provider name a Cognito hosted domain knows each provider by: Cognito's own names
 * for its built-in Apple and Amazon federation, the provider's name otherwise (Google, Facebook,
 * and the OpenID Connect providers the deployment names so). The server's authorize redirect,
 * the local hosted sign-in and the deployment (deploy/lib/socialSignIn.ts) all read this one table.
 */
export const COGNITO_PROVIDER_NAMES: Record<SocialProvider, string> = {
  Facebook: 'Facebook',
  Google: 'Google',
  Apple: 'SignInWithApple',
  Amazon: 'LoginWithAmazon',
  LinkedIn: 'LinkedIn',
  Twitter: 'Twitter',
  TikTok: 'TikTok',
};

/** The provider a Cognito identity_provider name stands for, or undefined. */
export function providerOfCognitoName(name: string): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((p) => COGNITO_PROVIDER_NAMES[p] === name);
}

/** Button colours: background, text. Every pair has a text contrast of at least 4.5:1. */
export const PROVIDER_MARKS: Record<SocialProvider, { letter: string; bg: string; fg: string }> = {
  Facebook: { letter: 'f', bg: '#1565C0', fg: '#FFFFFF' },
  Google: { letter: 'G', bg: '#FFFFFF', fg: '#1F1F1F' },
  Apple: { letter: 'A', bg: '#000000', fg: '#FFFFFF' },
  Amazon: { letter: 'a', bg: '#232F3E', fg: '#FFFFFF' },
  LinkedIn: { letter: 'in', bg: '#0A66C2', fg: '#FFFFFF' },
  Twitter: { letter: 'X', bg: '#0F1419', fg: '#FFFFFF' },
  TikTok: { letter: 't', bg: '#010101', fg: '#FFFFFF' },
};

/** /ssoSignInGoogle, /ssoSignUpTikTok, ... */
export function providerPath(provider: SocialProvider, mode: SocialMode): string {
  return `/sso${mode === 'signIn' ? 'SignIn' : 'SignUp'}${provider}`;
}

/** The provider and mode a /ssoSignIn{Provider} or /ssoSignUp{Provider} path names, or null. */
export function parseProviderPath(pathname: string): { provider: SocialProvider; mode: SocialMode } | null {
  const match = /^\/sso(SignIn|SignUp)([A-Za-z]+)$/.exec(pathname);
  if (!match) return null;
  const provider = SOCIAL_PROVIDERS.find((p) => p === match[2]);
  if (!provider) return null;
  return { provider, mode: match[1] === 'SignIn' ? 'signIn' : 'signUp' };
}

/** A provider path with the return address kept (omitted when it is the home page). */
export function providerHref(provider: SocialProvider, mode: SocialMode, redirectTo: string): string {
  const path = providerPath(provider, mode);
  return redirectTo && redirectTo !== '/' ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
