import { describe, expect, it } from 'vitest';
import { identityFiles, testDatabase } from '#tests/support/local-stack';
import { createPoolUser, localCognitoClient } from '#local/stack/cognito';
import { Identity, readPoolsFile, type TenantPool } from './identity.server';
import { cognitoContactDirectory, refuseContactClaim, type ContactDirectory } from './contactClaims';

const amazonPool: TenantPool = {
  userPoolId: 'eu-west-1_AbC123',
  appClientId: 'client',
  region: 'eu-west-1',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123',
  jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123/.well-known/jwks.json',
  serviceEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com',
  local: false,
};

/** A directory that knows a few holders and records what it was asked. */
function directory(holders: Record<string, string[]>) {
  const asked: string[] = [];
  const dir: ContactDirectory = {
    holders: async (_pool, attribute, value) => {
      asked.push(`${attribute}=${value}`);
      return holders[`${attribute}=${value}`] ?? [];
    },
  };
  return { dir, asked };
}

const update = (...attributes: Array<[string, string]>) => ({ AccessToken: 'x', UserAttributes: attributes.map(([Name, Value]) => ({ Name, Value })) });

describe('contact claims through the identity gateway (any pool)', () => {
  it('refuses the verification flags on SignUp and UpdateUserAttributes', async () => {
    const { dir, asked } = directory({});
    for (const flag of ['email_verified', 'phone_number_verified']) {
      expect(await refuseContactClaim(amazonPool, 'UpdateUserAttributes', update(['email', 'a@example.com'], [flag, 'true']), 'me', dir)).toMatchObject({ type: 'InvalidParameterException' });
      expect(await refuseContactClaim(amazonPool, 'SignUp', { Username: '+15550001111', UserAttributes: [{ Name: flag, Value: 'true' }] }, null, dir)).toMatchObject({
        type: 'InvalidParameterException',
      });
    }
    expect(asked).toEqual([]);
  });

  it('refuses an email or phone another account holds, in any letter case; one’s own is fine', async () => {
    const { dir, asked } = directory({ 'email=host@example.com': ['host-sub'], 'phone_number=+15550002222': ['other-sub'], 'email=me@example.com': ['me'] });
    expect(await refuseContactClaim(amazonPool, 'UpdateUserAttributes', update(['email', 'Host@Example.com']), 'me', dir)).toEqual({
      type: 'AliasExistsException',
      message: 'An account with the given email already exists.',
    });
    expect(asked).toEqual(['email=Host@Example.com', 'email=host@example.com']);
    expect(await refuseContactClaim(amazonPool, 'UpdateUserAttributes', update(['phone_number', '+15550002222']), 'me', dir)).toMatchObject({ type: 'AliasExistsException' });
    expect(await refuseContactClaim(amazonPool, 'UpdateUserAttributes', update(['email', 'me@example.com'], ['name', 'Me']), 'me', dir)).toBeNull();
    expect(await refuseContactClaim(amazonPool, 'UpdateUserAttributes', update(['email', 'free@example.com']), 'me', dir)).toBeNull();
    // A phone sign-up carrying someone else's email is refused; the username itself is Cognito's to check.
    expect(await refuseContactClaim(amazonPool, 'SignUp', { Username: '+15550003333', UserAttributes: [{ Name: 'email', Value: 'host@example.com' }] }, null, dir)).toMatchObject({
      type: 'AliasExistsException',
    });
    expect(await refuseContactClaim(amazonPool, 'SignUp', { Username: 'host@example.com', UserAttributes: [{ Name: 'email', Value: 'host@example.com' }] }, null, dir)).toBeNull();
    // Other operations are not its business.
    expect(await refuseContactClaim(amazonPool, 'GetUser', update(['email', 'host@example.com']), 'me', dir)).toBeNull();
  });

  it('finds holders with ListUsers (the call Amazon pools answer too), here against cognito-local', async () => {
    const files = identityFiles();
    const pool = new Identity({ db: testDatabase(), localPools: readPoolsFile(files.pools) }).poolFor({ id: 'aurora', identity: { region: 'us-east-1', attributesRequireVerificationBeforeUpdate: ['email'] } })!;
    const admin = localCognitoClient(files.endpoint, 'us-east-1');
    const email = `holder-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const sub = await createPoolUser(admin, { userPoolId: pool.userPoolId, tenantId: 'aurora', username: email, password: 'Holder-Pass-1!', name: 'Holder', group: 'member' });
    admin.destroy();
    const real = cognitoContactDirectory();
    expect(await real.holders(pool, 'email', email)).toEqual([sub]);
    expect(await real.holders(pool, 'email', `nobody-${email}`)).toEqual([]);
    expect(await refuseContactClaim(pool, 'UpdateUserAttributes', update(['email', email]), 'someone-else', real)).toMatchObject({ type: 'AliasExistsException' });
    expect(await refuseContactClaim(pool, 'UpdateUserAttributes', update(['email', email]), sub, real)).toBeNull();
  });
});
