/** What the browser needs to talk to the tenant's user pool: always through this site's gateway. */
export interface PublicIdentityConfig {
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** Same-origin identity gateway (server/identity/gateway.ts), e.g. https://<host>/api/identity */
  endpoint: string;
}

/** The signed-in user as loaders and components see it. */
export interface SessionUser {
  sub: string;
  username: string;
  email: string | null;
  /** Whether the email is verified (the ID token's email_verified); unverified addresses grant no role. */
  emailVerified: boolean;
  groups: string[];
  /** The names given at sign-up (the ID token's given_name / family_name), when there are any. */
  givenName?: string | null;
  familyName?: string | null;
  /** The ID token's `name` (social providers, accounts made by an administrator), when there is one. */
  fullName?: string | null;
}

/** Cognito groups the platform gives meaning to (tenant admin, organizer, member). */
export const GROUPS = ['admin', 'organizer', 'member'] as const;
export type Group = (typeof GROUPS)[number];

/**
 * Amplify's CookieStorage key names: the browser library and the server read the same cookies.
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` names the user; the tokens sit under
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<idToken|accessToken|refreshToken>`
 * (refreshToken holds a placeholder; the token is in the gateway's HttpOnly cookie, ADR 0014).
 */
export const AMPLIFY_COOKIE_PREFIX = 'CognitoIdentityServiceProvider';
