/**
 * The local stand-in behaves as Amazon Cognito does where roles depend on it (issue 10, part 1;
 * docs/decisions/0013-host-invitations.md): attribute updates wait for verification
 * (UserAttributeUpdateSettings), a code goes to the address being verified, an address another
 * user holds is refused (AliasExistsException), nobody marks their own address verified, sign-up
 * confirmation verifies the address the code went to, and the ID token's email_verified is true
 * only for a verified address.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { identityFiles } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { readPoolsFile } from '#server/identity/identity.server';
import { localCognitoClient, provisionLocalIdentity, type OutboxMessage } from './cognito';

const files = identityFiles();
const pools = readPoolsFile(files.pools);
const tenantId = 'aurora';
const pool = pools[tenantId]!;
const client = localCognitoClient(files.endpoint, 'us-east-1');
afterAll(() => client.destroy());

const unique = () => Math.random().toString(36).slice(2, 10);
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const attr = (attributes: AttributeType[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;
const readOutbox = (): (OutboxMessage & { medium?: string })[] =>
  readFileSync(files.outbox, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
const codeFor = (destination: string, since: number) => readOutbox().filter((m) => m.destination === destination && Date.parse(m.at) >= since).at(-1);

/** A confirmed user with a verified email (and a verified phone when given) and a known password. */
async function user(poolId: string, options: { phone?: string } = {}) {
  const email = `compat-${unique()}@example.com`;
  const password = `Compat-${unique()}-1!`;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        ...(poolId === pool.userPoolId ? [{ Name: 'custom:tenantId', Value: tenantId }] : []),
        ...(options.phone
          ? [
              { Name: 'phone_number', Value: options.phone },
              { Name: 'phone_number_verified', Value: 'true' },
            ]
          : []),
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }));
  return { email, password };
}

async function signIn(clientId: string, username: string, password: string) {
  const out = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: password } }));
  return out.AuthenticationResult!;
}

async function refreshed(clientId: string, refreshToken: string) {
  const out = await client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));
  return claims(out.AuthenticationResult!.IdToken!);
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: Error) => e.name,
  );

describe('local user pools: attribute updates as Cognito makes them', () => {
  it('every provisioned pool keeps the original email and phone active while a change is pending', async () => {
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: pool.userPoolId }));
    expect(UserPool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.sort()).toEqual(['email', 'phone_number']);
  });

  it('re-provisioning gives an existing pool that lacks it the setting (UpdateUserPool keeps it)', async () => {
    const name = uniqueTenantId('older');
    const created = await client.send(new CreateUserPoolCommand({ PoolName: name, UsernameAttributes: ['email', 'phone_number'], AutoVerifiedAttributes: ['email', 'phone_number'] }));
    expect(created.UserPool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate ?? []).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'compat-pools-'));
    await provisionLocalIdentity({ endpoint: files.endpoint, issuerDomain: 'http://localhost:1' }, [name], {
      poolsFile: join(dir, 'pools.json'),
      demoAccountsFile: join(dir, 'accounts.json'),
    });
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: created.UserPool!.Id! }));
    expect(UserPool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.sort()).toEqual(['email', 'phone_number']);
    expect(UserPool?.AutoVerifiedAttributes).toEqual(['email', 'phone_number']);
  });

  it('confirming a sign-up verifies the address the code went to', async () => {
    const email = `signup-${unique()}@example.com`;
    const since = Date.now() - 1000;
    await client.send(
      new SignUpCommand({ ClientId: pool.appClientId, Username: email, Password: 'Sign-up-test-1', UserAttributes: [{ Name: 'custom:tenantId', Value: tenantId }] }),
    );
    await client.send(new ConfirmSignUpCommand({ ClientId: pool.appClientId, Username: email, ConfirmationCode: codeFor(email, since)!.code }));
    const tokens = await signIn(pool.appClientId, email, 'Sign-up-test-1');
    expect(claims(tokens.IdToken!)).toMatchObject({ email, email_verified: true });
  });

  it('refuses an email or phone number another user of the pool holds (AliasExistsException), in any letter case', async () => {
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const holder = await user(pool.userPoolId, { phone });
    const me = await user(pool.userPoolId);
    const tokens = await signIn(pool.appClientId, me.email, me.password);
    for (const [Name, Value] of [
      ['email', holder.email],
      ['email', holder.email.toUpperCase()],
      ['phone_number', phone],
    ] as const) {
      expect(await failure(client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name, Value }] })))).toBe('AliasExistsException');
    }
    // One's own address is no conflict.
    await client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: me.email }] }));
    const { UserAttributes } = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(attr(UserAttributes, 'email')).toBe(me.email);
  });

  it('refuses a user marking their own address verified, and changes nothing', async () => {
    const me = await user(pool.userPoolId);
    const tokens = await signIn(pool.appClientId, me.email, me.password);
    const target = `claimed-${unique()}@example.com`;
    for (const flag of ['email_verified', 'phone_number_verified']) {
      const attempt = client.send(
        new UpdateUserAttributesCommand({
          AccessToken: tokens.AccessToken,
          UserAttributes: [
            { Name: flag === 'email_verified' ? 'email' : 'phone_number', Value: flag === 'email_verified' ? target : '+15550001111' },
            { Name: flag, Value: 'true' },
          ],
        }),
      );
      expect(await failure(attempt)).toBe('InvalidParameterException');
    }
    const { UserAttributes } = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect([attr(UserAttributes, 'email'), attr(UserAttributes, 'email_verified'), attr(UserAttributes, 'phone_number')]).toEqual([me.email, 'true', undefined]);
  });

  it('keeps the old email until the new one is verified with the code sent to it; no other code verifies it', async () => {
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const me = await user(pool.userPoolId, { phone });
    const tokens = await signIn(pool.appClientId, me.email, me.password);
    const next = `moved-${unique()}@example.com`;
    const since = Date.now() - 1000;
    const update = await client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: next }] }));
    expect(update.CodeDeliveryDetailsList).toEqual([expect.objectContaining({ AttributeName: 'email', DeliveryMedium: 'EMAIL' })]);
    // The code went to the new address, not to the phone the user already has.
    const sent = codeFor(next, since);
    expect(sent).toMatchObject({ destination: next, medium: 'EMAIL' });
    expect(codeFor(phone, since)).toBeUndefined();

    // Pending: the account still has its old, verified address, and the tokens say so.
    const { UserAttributes } = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect([attr(UserAttributes, 'email'), attr(UserAttributes, 'email_verified')]).toEqual([me.email, 'true']);
    expect(await refreshed(pool.appClientId, tokens.RefreshToken!)).toMatchObject({ email: me.email, email_verified: true });
    expect(await failure(signIn(pool.appClientId, next, me.password))).not.toBe('no error');

    // A code the user can receive (their phone's) does not verify the email.
    const phoneSince = Date.now() - 1000;
    await client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'phone_number' }));
    const phoneCode = codeFor(phone, phoneSince)!.code;
    if (phoneCode !== sent!.code) {
      expect(await failure(client.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: phoneCode })))).toBe('CodeMismatchException');
    }
    // Verifying the phone does not apply the pending email either.
    await client.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'phone_number', Code: phoneCode }));
    expect(await refreshed(pool.appClientId, tokens.RefreshToken!)).toMatchObject({ email: me.email, email_verified: true });

    await client.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: sent!.code }));
    expect(await refreshed(pool.appClientId, tokens.RefreshToken!)).toMatchObject({ email: next, email_verified: true });
    expect((await signIn(pool.appClientId, next, me.password)).IdToken).toBeTruthy();
    const admin = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: next }));
    expect(attr(admin.UserAttributes, 'phone_number_verified')).toBe('true');
  });

  it('refuses to apply a pending address another user took meanwhile', async () => {
    const me = await user(pool.userPoolId);
    const tokens = await signIn(pool.appClientId, me.email, me.password);
    const contested = `contested-${unique()}@example.com`;
    const since = Date.now() - 1000;
    await client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: contested }] }));
    const code = codeFor(contested, since)!.code;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: contested,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: contested },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await failure(client.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code })))).toBe('AliasExistsException');
    expect(await refreshed(pool.appClientId, tokens.RefreshToken!)).toMatchObject({ email: me.email, email_verified: true });
  });

  it('in a pool that applies changes at once, the ID token says the new address is not verified', async () => {
    const created = await client.send(
      new CreateUserPoolCommand({ PoolName: uniqueTenantId('immediate'), UsernameAttributes: ['email', 'phone_number'], AutoVerifiedAttributes: ['email', 'phone_number'] }),
    );
    const poolId = created.UserPool!.Id!;
    const app = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'immediate-web', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    const clientId = app.UserPoolClient!.ClientId!;
    const me = await user(poolId);
    const tokens = await signIn(clientId, me.email, me.password);
    const next = `unverified-${unique()}@example.com`;
    await client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: next }] }));
    expect(await refreshed(clientId, tokens.RefreshToken!)).toMatchObject({ email: next, email_verified: false });
  });
});
