import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type GatewayLimits } from './gateway';
import { admin, call, clientId, phoneUser, pools, serve, serveGatewayDuringTests, signIn, tenantA, tenantB, tokensOf, unique, waitForCode } from '#tests/support/gateway';
import type { Tenant } from '#app/lib/config/tenant';

serveGatewayDuringTests();

/** The sub of a pool user: public (chat senders, avatar addresses), and a name Cognito signs in with. */
async function subOf(tenant: Tenant, username: string): Promise<string> {
  const user = await admin.send(new AdminGetUserCommand({ UserPoolId: pools[tenant.id].userPoolId, Username: username }));
  return user.UserAttributes!.find((a) => a.Name === 'sub')!.Value!;
}

const from = (address: string) => ({ 'X-Forwarded-For': address });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

function signInFrom(tenant: Tenant, port: number, address: string, username: string, password: string) {
  return call(tenant, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(tenant), AuthParameters: { USERNAME: username, PASSWORD: password } }, { port, headers: from(address) });
}

describe('identity gateway: attempts count against the account, whatever name it is typed as', () => {
  it('wrong passwords typed with the email, the phone number and the sub share one count', async () => {
    const limits: GatewayLimits = { ...DEFAULT_LIMITS, signIn: { account: { points: 3, windowSeconds: 60 }, ip: { points: 100, windowSeconds: 60 } } };
    const { server, port } = await serve(limits);
    try {
      const user = await phoneUser(tenantA);
      const sub = await subOf(tenantA, user.email);
      for (const name of [user.email, user.phone, sub]) {
        expect((await signIn(tenantA, name, 'Wrong-Pass-1!', port)).body.__type, name).toBe('NotAuthorizedException');
      }
      // The sub used to get ten fresh guesses of its own, and then signed in.
      for (const name of [sub, user.email, user.phone]) {
        const held = await signIn(tenantA, name, user.password, port);
        expect(held.body.__type, name).toBe('LimitExceededException');
        expect(held.body.message).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
      }
    } finally {
      server.close();
    }
  });

  it('SMS two-factor codes: wrong ones typed for the email, phone or sub share one count', async () => {
    const limits: GatewayLimits = { ...DEFAULT_LIMITS, signIn: { account: { points: 3, windowSeconds: 60 }, ip: { points: 100, windowSeconds: 60 } } };
    const { server, port } = await serve(limits);
    try {
      const user = await phoneUser(tenantB);
      const sub = await subOf(tenantB, user.email);
      const tokens = await tokensOf(await signIn(tenantB, user.email, user.password, port));
      expect((await call(tenantB, 'SetUserMFAPreference', { AccessToken: tokens.AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }, { port })).status).toBe(200);
      const since = Date.now() - 1000;
      const challenge = await signIn(tenantB, user.email, user.password, port);
      expect(challenge.body.ChallengeName).toBe('SMS_MFA');
      const { code } = await waitForCode(user.phone, since);
      const respond = (username: string, smsCode: string) =>
        call(tenantB, 'RespondToAuthChallenge', { ClientId: clientId(tenantB), ChallengeName: 'SMS_MFA', Session: challenge.body.Session, ChallengeResponses: { USERNAME: username, SMS_MFA_CODE: smsCode } }, { port });
      for (const name of [user.email, user.phone, sub]) expect((await respond(name, wrongCode(code))).body.__type, name).toBe('CodeMismatchException');
      const held = await respond(sub, code);
      expect(held.body.__type).toBe('LimitExceededException');
      expect(held.body.AuthenticationResult).toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('password-reset and confirmation codes: wrong ones typed for any name of the account share one count', async () => {
    const limits: GatewayLimits = { ...DEFAULT_LIMITS, code: { account: { points: 3, windowSeconds: 60 }, ip: { points: 100, windowSeconds: 60 } } };
    const { server, port } = await serve(limits);
    try {
      const user = await phoneUser(tenantA);
      const sub = await subOf(tenantA, user.email);
      const since = Date.now() - 1000;
      expect((await call(tenantA, 'ForgotPassword', { ClientId: clientId(tenantA), Username: user.email }, { port })).status).toBe(200);
      const { code } = await waitForCode(user.email, since);
      const reset = (username: string, resetCode: string) =>
        call(tenantA, 'ConfirmForgotPassword', { ClientId: clientId(tenantA), Username: username, ConfirmationCode: resetCode, Password: 'Reset-Pass-2026!' }, { port });
      for (const name of [user.email, user.phone, sub]) expect((await reset(name, wrongCode(code))).body.__type, name).toBe('CodeMismatchException');
      expect((await reset(sub, code)).body.__type).toBe('LimitExceededException');

      // A sign-up's confirmation code, typed for the new account's email and for its sub.
      const email = `confirm-${unique()}@example.com`;
      const signUpSince = Date.now() - 1000;
      const created = await call(tenantA, 'SignUp', { ClientId: clientId(tenantA), Username: email, Password: 'Sign-Up-Pass1!', UserAttributes: [{ Name: 'email', Value: email }] }, { port });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const newSub = await subOf(tenantA, email);
      const sent = await waitForCode(email, signUpSince);
      const confirm = (username: string, confirmation: string) => call(tenantA, 'ConfirmSignUp', { ClientId: clientId(tenantA), Username: username, ConfirmationCode: confirmation }, { port });
      for (const name of [email, newSub, email]) expect((await confirm(name, wrongCode(sent.code))).body.__type, name).toBe('CodeMismatchException');
      expect((await confirm(newSub, sent.code)).body.__type).toBe('LimitExceededException');
    } finally {
      server.close();
    }
  });
});

describe('identity gateway: lock-out is no denial of service', () => {
  it('an account guessed at from many addresses still lets its owner in from another address; each guessing address is held back', async () => {
    const { server, port } = await serve(DEFAULT_LIMITS);
    try {
      const user = await phoneUser(tenantB);
      const sub = await subOf(tenantB, user.email);
      // Five addresses, two wrong passwords each: ten failures, all the account allows in its window.
      const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
      for (const address of attackers) {
        for (let i = 0; i < 2; i++) expect((await signInFrom(tenantB, port, address, user.email, 'Wrong-Pass-1!')).body.__type).toBe('NotAuthorizedException');
      }
      // The owner, from an address that has not guessed, signs in with the right password at once
      // (a lock on the account used to keep them out for fifteen minutes).
      const owner = await signInFrom(tenantB, port, '203.0.113.9', user.email, user.password);
      expect(owner.status, JSON.stringify(owner.body)).toBe(200);
      expect(owner.body.AuthenticationResult).toBeTruthy();
      // …and so does anyone who types it right from a fresh address, with any name of the account.
      expect((await signInFrom(tenantB, port, '203.0.113.10', sub, user.password)).status).toBe(200);

      // Under attack, each guessing address gets three tries on this account (not ten): the third
      // wrong one still answers, then that address is held back, right password or not.
      expect((await signInFrom(tenantB, port, attackers[0], user.phone, 'Wrong-Pass-1!')).body.__type).toBe('NotAuthorizedException');
      const held = await signInFrom(tenantB, port, attackers[0], sub, user.password);
      expect(held.body.__type).toBe('LimitExceededException');
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
