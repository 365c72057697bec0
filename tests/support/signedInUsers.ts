// Signed-in members for the benchmarks and the fleet test: real users of a tenant's local Cognito pool, each with the
// Amplify cookies a browser would send.
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { amplifyCookieHeader, createPoolUser, localCognitoClient, type DemoAccount } from '#local/stack/cognito';
import { readPoolsFile } from '#server/identity/identity.server';
import type { LocalStack } from '#local/stack/stack';

/** `count` confirmed members of `tenant`'s local pool, signed in: one cookie header each (language en). */
export async function signedInUsers(stack: LocalStack, tenant: string, count: number, label: string): Promise<string[]> {
  const pools = readPoolsFile(stack.env.IDENTITY_POOLS_FILE!);
  const pool = pools[tenant];
  if (!pool) throw new Error(`no local pool for ${tenant}`);
  const client = localCognitoClient(stack.env.COGNITO_ENDPOINT!, stack.env.AWS_REGION);
  const cookies: string[] = new Array<string>(count);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          const i = next++;
          const username = `bench-${label}-${i}@${tenant}.bench.example`;
          const password = `Bench-${i}-Password-1!`;
          await createPoolUser(client, { userPoolId: pool.userPoolId, tenantId: tenant, username, password, name: `Bench ${label} ${i}`, group: 'member' });
          const auth = await client.send(
            new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
          );
          const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
          cookies[i] = amplifyCookieHeader(pool.appClientId, tokens, [['lng', 'en']]);
        }
      }),
    );
  } finally {
    client.destroy();
  }
  return cookies;
}

/** A demo account of the stack signed in: the cookie header a browser would send, and the user's id. */
export async function signedInAccount(
  env: { IDENTITY_POOLS_FILE?: string; COGNITO_ENDPOINT?: string },
  account: DemoAccount,
  extra: Array<[string, string]> = [],
): Promise<{ cookie: string; sub: string }> {
  const pool = readPoolsFile(env.IDENTITY_POOLS_FILE!)[account.tenant]!;
  const client = localCognitoClient(env.COGNITO_ENDPOINT!, pool.region);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: account.username, PASSWORD: account.password } }),
    );
    const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
    const sub = (JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    return { cookie: amplifyCookieHeader(pool.appClientId, tokens, extra), sub };
  } finally {
    client.destroy();
  }
}
