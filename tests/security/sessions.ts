/**
 * Real sessions for the security suites: a new user in a tenant's local pool, signed in with
 * USER_PASSWORD_AUTH straight at cognito-local (so the shared server's gateway limits are not
 * spent), and the Cookie header Amplify's CookieStorage gives that browser.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { amplifyCookieHeader, localCognitoClient } from '#local/stack/cognito';
import { createUser, poolOf, type TestUser } from '../e2e/session-helpers';

export interface Session {
  user: TestUser;
  cookie: string;
  idToken: string;
  accessToken: string;
}

export async function signIn(user: TestUser): Promise<Session> {
  const pool = poolOf(user.tenant);
  const client = localCognitoClient(pool.endpoint, pool.region);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }),
    );
    const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string } | undefined;
    if (!tokens) throw new Error(`sign-in of ${user.username} gave no tokens`);
    return { user, cookie: amplifyCookieHeader(pool.appClientId, tokens, [['lng', 'en']]), idToken: tokens.IdToken, accessToken: tokens.AccessToken };
  } finally {
    client.destroy();
  }
}

export async function newSession(tenant: string, label: string, group: 'member' | 'organizer' | 'admin'): Promise<Session> {
  return signIn(await createUser(tenant, label, group));
}
