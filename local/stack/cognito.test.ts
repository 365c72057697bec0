import { readFileSync } from 'node:fs';
import {
  ConfirmSignUpCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { identityFiles } from '#tests/support/local-stack';
import { loadRegistry } from '#server/config/registry.server';
import { readPoolsFile } from '#server/identity/identity.server';
import { IDENTITY_ROLES, localCognitoClient, type DemoAccount, type OutboxMessage } from './cognito';

const files = identityFiles();
const pools = readPoolsFile(files.pools);
const tenantIds = [...loadRegistry(process.cwd()).registry.tenants.keys()];
const client = localCognitoClient(files.endpoint, 'us-east-1');
afterAll(() => client.destroy());

const readOutbox = (): OutboxMessage[] =>
  readFileSync(files.outbox, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);

describe('local user pools (cognito-local, provisioned by the test stack)', () => {
  it('has one pool per sample tenant, named after it, with the tenant attribute, MFA optional and the three groups', async () => {
    expect(tenantIds.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(pools).sort()).toEqual([...tenantIds].sort());
    for (const tenantId of tenantIds) {
      const { userPoolId, appClientId, issuer } = pools[tenantId];
      expect(issuer).toBe(`http://localhost:${new URL(files.endpoint).port}/${userPoolId}`);
      const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
      expect(UserPool?.Name).toBe(tenantId);
      expect(UserPool?.UsernameAttributes).toEqual(['email', 'phone_number']);
      expect(UserPool?.AutoVerifiedAttributes).toEqual(['email', 'phone_number']);
      expect(UserPool?.SchemaAttributes?.map((a) => a.Name)).toContain('custom:tenantId');
      const mfa = await client.send(new GetUserPoolMfaConfigCommand({ UserPoolId: userPoolId }));
      expect(mfa.MfaConfiguration).toBe('OPTIONAL');
      expect(mfa.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
      const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
      expect(groups.Groups?.map((g) => g.GroupName).sort()).toEqual([...IDENTITY_ROLES].sort());
      const app = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: appClientId }));
      expect(app.UserPoolClient?.ClientSecret).toBeUndefined();
      expect(app.UserPoolClient?.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    }
  });

  it('lists a demo account for every tenant and role, and each signs in with USER_PASSWORD_AUTH', async () => {
    const accounts = JSON.parse(readFileSync(files.demoAccounts, 'utf8')) as DemoAccount[];
    expect(accounts.map((a) => `${a.tenant}/${a.role}`).sort()).toEqual(tenantIds.flatMap((t) => IDENTITY_ROLES.map((r) => `${t}/${r}`)).sort());
    for (const account of accounts) {
      const out = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: pools[account.tenant].appClientId,
          AuthParameters: { USERNAME: account.username, PASSWORD: account.password },
        }),
      );
      expect(out.ChallengeName).toBeUndefined();
      const claims = JSON.parse(Buffer.from(out.AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({
        'custom:tenantId': account.tenant,
        'cognito:groups': [account.role],
        email: account.username,
        email_verified: true,
      });
    }
  });

  it('writes the sign-up confirmation code to the outbox, and that code confirms the account', async () => {
    const tenantId = tenantIds[1];
    const email = `outbox-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await client.send(
      new SignUpCommand({
        ClientId: pools[tenantId].appClientId,
        Username: email,
        Password: 'Sign-up-test-1',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'custom:tenantId', Value: tenantId },
        ],
      }),
    );
    const message = readOutbox().find((m) => m.destination === email);
    expect(message).toMatchObject({ tenant: tenantId, destination: email, purpose: 'SignUp' });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(Number.isNaN(Date.parse(message!.at))).toBe(false);
    await client.send(new ConfirmSignUpCommand({ ClientId: pools[tenantId].appClientId, Username: email, ConfirmationCode: message!.code }));
    const signedIn = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pools[tenantId].appClientId, AuthParameters: { USERNAME: email, PASSWORD: 'Sign-up-test-1' } }),
    );
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('resends the sign-up code (cognito-local lacks ResendConfirmationCode): a new code that confirms; unknown or confirmed users are refused', async () => {
    const tenantId = tenantIds[0];
    const clientId = pools[tenantId].appClientId;
    const email = `resend-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await client.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: 'Sign-up-test-1', UserAttributes: [{ Name: 'email', Value: email }] }));
    const first = readOutbox().find((m) => m.destination === email && m.purpose === 'SignUp')!;
    const resent = await client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    expect(resent.CodeDeliveryDetails).toMatchObject({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email });
    const second = readOutbox().find((m) => m.destination === email && m.purpose === 'ResendCode');
    expect(second?.code).toMatch(/^\d{6}$/);
    // The new code confirms the account (the first one, when it differs, no longer does).
    if (second!.code !== first.code) {
      await expect(client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: first.code }))).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: second!.code }));
    await expect(client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }))).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: `nobody-${email}` }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: '' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
  });
});
