import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { Identity } from './identity.server';
import { DEFAULT_LIMITS, maskDestination, type GatewayLimits } from './gateway';
import {
  account,
  admin,
  browserSession,
  call,
  claims,
  clientId,
  db,
  heldToken,
  identity,
  logs,
  phoneUser,
  pools,
  refresh,
  roomy,
  serve,
  signIn,
  tenantA,
  tenantB,
  tokensOf,
  totp,
  unique,
  serveGatewayDuringTests,
  waitForCode,
  type Reply,
} from '#tests/support/gateway';

serveGatewayDuringTests();

describe('identity gateway: what it lets through', () => {
  it('refuses operations the product does not use, form posts, other sites and other tenants’ clients', async () => {
    const adminOp = await call(tenantA, 'AdminCreateUser', { UserPoolId: pools[tenantA.id].userPoolId, Username: 'x@example.com' });
    expect(adminOp.status).toBe(400);
    expect(adminOp.body.__type).toBe('InvalidParameterException');

    const form = await call(tenantA, 'InitiateAuth', {}, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, raw: 'AuthFlow=USER_PASSWORD_AUTH' });
    expect(form.status).toBe(415);

    const crossSite = await call(tenantA, 'GetUser', { AccessToken: 'x' }, { headers: { Origin: 'http://evil.example' } });
    expect(crossSite.status).toBe(403);

    const other = await signIn(tenantA, 'a@example.com', 'whatever');
    expect(other.status).toBe(400);
    const wrongClient = await call(tenantA, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(tenantB), AuthParameters: { USERNAME: 'a', PASSWORD: 'b' } });
    expect(wrongClient.body).toEqual({ __type: 'InvalidParameterException', message: 'This request belongs to another site.' });

    const big = await call(tenantA, 'SignUp', { ClientId: clientId(tenantA), Username: 'big@example.com', Password: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.body.__type).toBe('InvalidParameterException');
  });

  it('logs one line per request without bodies, passwords or tokens', async () => {
    const a = account(tenantA, 'member');
    logs.length = 0;
    await signIn(tenantA, a.username, a.password);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ tenant: tenantA.id, operation: 'InitiateAuth', status: 200 });
    expect(JSON.stringify(logs)).not.toContain(a.password);
    expect(JSON.stringify(logs)).not.toContain(a.username);
  });

  it('SignUp always lands in this tenant: a custom:tenantId naming another tenant is replaced', async () => {
    const email = `signup-${unique()}@example.com`;
    const reply = await call(tenantA, 'SignUp', {
      ClientId: clientId(tenantA),
      Username: email,
      Password: 'Sign-Up-Pass1!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:tenantId', Value: tenantB.id },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: pools[tenantA.id].userPoolId, Username: email }));
    expect(user.UserAttributes?.filter((x) => x.Name === 'custom:tenantId')).toEqual([{ Name: 'custom:tenantId', Value: tenantA.id }]);
    // …and no one may rewrite it later.
    const a = account(tenantA, 'member');
    const tokens = await tokensOf(await signIn(tenantA, a.username, a.password));
    const update = await call(tenantA, 'UpdateUserAttributes', { AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'custom:tenantId', Value: tenantB.id }] });
    expect(update.status).toBe(400);
    expect(update.body.__type).toBe('NotAuthorizedException');
  });
});

describe('identity gateway: never tells whether an account exists', () => {
  it('answers an unknown user exactly like a wrong password', async () => {
    const a = account(tenantA, 'member');
    const wrong = await signIn(tenantA, a.username, 'Not-The-Password-1!');
    const unknown = await signIn(tenantA, `nobody-${unique()}@example.com`, 'Not-The-Password-1!');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(wrong.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a password reset for an unknown user like a sent code, with a masked destination', async () => {
    const known = await phoneUser(tenantB);
    const ghost = `ghost-${unique()}@example.com`;
    const forKnown = await call(tenantB, 'ForgotPassword', { ClientId: clientId(tenantB), Username: known.email });
    const forGhost = await call(tenantB, 'ForgotPassword', { ClientId: clientId(tenantB), Username: ghost });
    expect(forKnown.status).toBe(200);
    expect(forGhost.status).toBe(200);
    const details = (r: Reply) => r.body.CodeDeliveryDetails as Record<string, string>;
    expect(details(forKnown)).toEqual({ Destination: maskDestination(known.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(details(forGhost)).toEqual({ Destination: maskDestination(ghost), DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(details(forGhost).Destination).toMatch(/^g\*\*\*@e\*\*\*\.com$/);
    const confirmGhost = await call(tenantB, 'ConfirmForgotPassword', { ClientId: clientId(tenantB), Username: ghost, ConfirmationCode: '123456', Password: 'New-Pass-123!' });
    expect(confirmGhost.body.__type).toBe('CodeMismatchException');
  });
});

describe('identity gateway: rate limits', () => {
  it('trips per account after repeated failed sign-ins, with a clear LimitExceededException', async () => {
    const limits: GatewayLimits = { ...DEFAULT_LIMITS, signIn: { account: { points: 3, windowSeconds: 60 }, ip: { points: 100, windowSeconds: 60 } } };
    const { server, port } = await serve(limits);
    try {
      const a = account(tenantB, 'organizer');
      for (let i = 0; i < 3; i++) expect((await signIn(tenantB, a.username, 'Wrong-Pass-1!', port)).body.__type).toBe('NotAuthorizedException');
      const blocked = await signIn(tenantB, a.username, a.password, port);
      expect(blocked.status).toBe(400);
      expect(blocked.body.__type).toBe('LimitExceededException');
      expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Please wait 1 minute and try again\.$/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account from the same IP still signs in; the limit is per account here.
      const other = account(tenantB, 'member');
      expect((await signIn(tenantB, other.username, other.password, port)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('trips per IP across accounts, and limits code requests', async () => {
    const limits: GatewayLimits = {
      signIn: { account: { points: 100, windowSeconds: 60 }, ip: { points: 2, windowSeconds: 60 } },
      code: DEFAULT_LIMITS.code,
      send: { account: { points: 2, windowSeconds: 3600 }, ip: { points: 100, windowSeconds: 3600 } },
    };
    const { server, port } = await serve(limits);
    try {
      await signIn(tenantA, `x-${unique()}@example.com`, 'Wrong-Pass-1!', port);
      await signIn(tenantA, `y-${unique()}@example.com`, 'Wrong-Pass-1!', port);
      expect((await signIn(tenantA, `z-${unique()}@example.com`, 'Wrong-Pass-1!', port)).body.__type).toBe('LimitExceededException');
      const ghost = `reset-${unique()}@example.com`;
      const reset = () => call(tenantA, 'ForgotPassword', { ClientId: clientId(tenantA), Username: ghost }, { port });
      expect((await reset()).status).toBe(200);
      expect((await reset()).status).toBe(200);
      const third = await reset();
      expect(third.body.__type).toBe('LimitExceededException');
      expect(third.body.message).toMatch(/Too many codes have been requested/);
    } finally {
      server.close();
    }
  });
});

describe('identity gateway: cognito-local compatibility', () => {
  it('answers GetTokensFromRefreshToken (what Amplify ≥ 6.14 refreshes with) with fresh tokens', async () => {
    const a = account(tenantA, 'organizer');
    const tokens = await browserSession(await signIn(tenantA, a.username, a.password), tenantA);
    const refreshed = await refresh(tenantA, tokens.RefreshToken, tokens.cookie);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const result = refreshed.body.AuthenticationResult as Record<string, unknown>;
    expect(result.TokenType).toBe('Bearer');
    expect(result.ExpiresIn).toBeGreaterThan(0);
    const session = await identity.verifySession(tenantA, result.IdToken as string, result.AccessToken as string);
    expect(session?.username).toBe(claims(tokens.IdToken)['cognito:username']);
    // A token that is not a refresh token of this pool is refused.
    const bogus = await call(tenantA, 'GetTokensFromRefreshToken', { ClientId: clientId(tenantA), RefreshToken: tokens.IdToken });
    expect(bogus.body.__type).toBe('NotAuthorizedException');
  });

  it('GlobalSignOut ends every session: old tokens refused by the server, refresh tokens revoked, a sign-in right after works', async () => {
    const a = account(tenantB, 'member');
    const first = await browserSession(await signIn(tenantB, a.username, a.password), tenantB);
    const second = await browserSession(await signIn(tenantB, a.username, a.password), tenantB);
    expect(await identity.verifySession(tenantB, first.IdToken, first.AccessToken)).not.toBeNull();

    const out = await call(tenantB, 'GlobalSignOut', { AccessToken: second.AccessToken });
    expect(out.status, JSON.stringify(out.body)).toBe(200);

    expect(await identity.verifySession(tenantB, first.IdToken, first.AccessToken)).toBeNull();
    expect(await identity.verifySession(tenantB, second.IdToken, second.AccessToken)).toBeNull();
    for (const device of [first, second]) {
      const viaNew = await refresh(tenantB, device.RefreshToken, device.cookie);
      expect(viaNew.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
      const viaOld = await call(
        tenantB,
        'InitiateAuth',
        { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId(tenantB), AuthParameters: { REFRESH_TOKEN: device.RefreshToken } },
        { headers: { Cookie: device.cookie } },
      );
      expect(viaOld.body.__type).toBe('NotAuthorizedException');
      // The token itself, sent as it is, is refused too.
      expect((await refresh(tenantB, heldToken(device.cookie))).body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    }
    // The old access token no longer works for account operations either.
    expect((await call(tenantB, 'GetUser', { AccessToken: first.AccessToken })).body.__type).toBe('NotAuthorizedException');

    // Tokens carry whole seconds; the sign-out answers once its second is over, so a sign-in
    // right after it is a new, valid session that refreshes.
    const fresh = await browserSession(await signIn(tenantB, a.username, a.password), tenantB);
    expect(await identity.verifySession(tenantB, fresh.IdToken, fresh.AccessToken)).not.toBeNull();
    expect((await refresh(tenantB, fresh.RefreshToken, fresh.cookie)).status).toBe(200);
  });

  it('SMS MFA: enabling it makes the next sign-in an SMS_MFA challenge whose code (from the outbox) returns the tokens', async () => {
    const user = await phoneUser(tenantA);
    const tokens = await tokensOf(await signIn(tenantA, user.email, user.password));
    const enable = await call(tenantA, 'SetUserMFAPreference', { AccessToken: tokens.AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(enable.status, JSON.stringify(enable.body)).toBe(200);
    const prefs = await call(tenantA, 'GetUser', { AccessToken: tokens.AccessToken });
    expect(prefs.body).toMatchObject({ UserMFASettingList: ['SMS_MFA'], PreferredMfaSetting: 'SMS_MFA' });

    const since = Date.now() - 1000;
    const challenge = await signIn(tenantA, user.email, user.password);
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
    expect(challenge.body.AuthenticationResult).toBeUndefined();
    expect(challenge.body.ChallengeName).toBe('SMS_MFA');
    const params = challenge.body.ChallengeParameters as Record<string, string>;
    expect(params.CODE_DELIVERY_DELIVERY_MEDIUM).toBe('SMS');
    expect(params.CODE_DELIVERY_DESTINATION).toBe(maskDestination(user.phone));
    expect(typeof challenge.body.Session).toBe('string');
    const sent = await waitForCode(user.phone, since);
    expect(sent).toMatchObject({ tenant: tenantA.id, medium: 'SMS', purpose: 'Authentication' });
    expect(sent.code).toMatch(/^\d{6}$/);

    const respond = (code: string, session = challenge.body.Session) =>
      call(tenantA, 'RespondToAuthChallenge', {
        ClientId: clientId(tenantA),
        ChallengeName: 'SMS_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: params.USER_ID_FOR_SRP, SMS_MFA_CODE: code },
      });
    const wrongCode = sent.code === '000000' ? '111111' : '000000';
    expect((await respond(wrongCode)).body.__type).toBe('CodeMismatchException');
    expect((await respond(sent.code, 'made-up-session')).body.__type).toBe('NotAuthorizedException');
    const done = await browserSession(await respond(sent.code), tenantA);
    expect(await identity.verifySession(tenantA, done.IdToken, done.AccessToken)).not.toBeNull();
    // Tokens from a challenge refresh like any others, and their refresh token stays in the cookie.
    expect(done.RefreshToken).not.toBe(heldToken(done.cookie));
    expect((await refresh(tenantA, done.RefreshToken, done.cookie)).status).toBe(200);
    expect((await refresh(tenantA, done.RefreshToken)).body.__type).toBe('NotAuthorizedException');
  });

  it('GetUserAttributeVerificationCode sends the code for the attribute asked for', async () => {
    const user = await phoneUser(tenantA);
    const tokens = await tokensOf(await signIn(tenantA, user.email, user.password));
    for (const [name, destination, medium] of [
      ['phone_number', user.phone, 'SMS'],
      ['email', user.email, 'EMAIL'],
    ] as const) {
      const since = Date.now() - 1000;
      const reply = await call(tenantA, 'GetUserAttributeVerificationCode', { AccessToken: tokens.AccessToken, AttributeName: name });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect((reply.body.CodeDeliveryDetails as Record<string, string>).DeliveryMedium).toBe(medium);
      const sent = await waitForCode(destination, since);
      expect(sent).toMatchObject({ purpose: 'VerifyUserAttribute', medium });
      const verified = await call(tenantA, 'VerifyUserAttribute', { AccessToken: tokens.AccessToken, AttributeName: name, Code: sent.code });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    }
  });

  it('a phone-only sign-up gets its confirmation code by SMS', async () => {
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const since = Date.now() - 1000;
    const reply = await call(tenantB, 'SignUp', { ClientId: clientId(tenantB), Username: phone, Password: 'Phone-Sign-Up-1!', UserAttributes: [{ Name: 'phone_number', Value: phone }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const sent = await waitForCode(phone, since);
    expect(sent).toMatchObject({ purpose: 'SignUp', medium: 'SMS' });
    expect((await call(tenantB, 'ConfirmSignUp', { ClientId: clientId(tenantB), Username: phone, ConfirmationCode: sent.code })).status).toBe(200);
    expect((await signIn(tenantB, phone, 'Phone-Sign-Up-1!')).status).toBe(200);
  });

  it('SMS MFA needs a verified phone number', async () => {
    const a = account(tenantB, 'admin');
    const tokens = await tokensOf(await signIn(tenantB, a.username, a.password));
    const enable = await call(tenantB, 'SetUserMFAPreference', { AccessToken: tokens.AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(enable.status).toBe(400);
    expect(enable.body.__type).toBe('InvalidParameterException');
  });

  it('with TOTP and SMS both on: the preferred one is asked, else SELECT_MFA_TYPE', async () => {
    const user = await phoneUser(tenantB);
    const tokens = await tokensOf(await signIn(tenantB, user.email, user.password));
    const associate = await call(tenantB, 'AssociateSoftwareToken', { AccessToken: tokens.AccessToken });
    expect(associate.status, JSON.stringify(associate.body)).toBe(200);
    const secret = associate.body.SecretCode as string;
    const verify = await call(tenantB, 'VerifySoftwareToken', { AccessToken: tokens.AccessToken, UserCode: totp(secret), FriendlyDeviceName: 'phone' });
    expect(verify.body.Status, JSON.stringify(verify.body)).toBe('SUCCESS');
    const both = await call(tenantB, 'SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SMSMfaSettings: { Enabled: true, PreferredMfa: false },
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);

    const select = await signIn(tenantB, user.email, user.password);
    expect(select.body.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse((select.body.ChallengeParameters as Record<string, string>).MFAS_CAN_CHOOSE).sort()).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    const since = Date.now() - 1000;
    const chosen = await call(tenantB, 'RespondToAuthChallenge', {
      ClientId: clientId(tenantB),
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: select.body.Session,
      ChallengeResponses: { USERNAME: user.email, ANSWER: 'SMS_MFA' },
    });
    expect(chosen.body.ChallengeName).toBe('SMS_MFA');
    const sent = await waitForCode(user.phone, since);
    const done = await call(tenantB, 'RespondToAuthChallenge', {
      ClientId: clientId(tenantB),
      ChallengeName: 'SMS_MFA',
      Session: chosen.body.Session,
      ChallengeResponses: { USERNAME: user.email, SMS_MFA_CODE: sent.code },
    });
    expect((await tokensOf(done)).IdToken).toBeTruthy();

    const preferTotp = await call(tenantB, 'SetUserMFAPreference', { AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(preferTotp.status).toBe(200);
    const totpChallenge = await signIn(tenantB, user.email, user.password);
    expect(totpChallenge.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const totpDone = await call(tenantB, 'RespondToAuthChallenge', {
      ClientId: clientId(tenantB),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: totpChallenge.body.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: totp(secret) },
    });
    expect((await tokensOf(totpDone)).AccessToken).toBeTruthy();
  });
});

describe('identity gateway: deeply nested bodies', () => {
  it('answers 400 InvalidParameterException and forwards nothing to the user pool', async () => {
    // A stand-in for the pool's service that records what reaches it.
    const forwarded: string[] = [];
    const recorder = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        forwarded.push(text);
        res.setHeader('Content-Type', 'application/x-amz-json-1.1');
        res.end('{}');
      });
    });
    recorder.listen(0, '127.0.0.1');
    await new Promise((r) => recorder.once('listening', r));
    const endpoint = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    const recorded = new Identity({ db, localPools: { [tenantA.id]: { ...pools[tenantA.id], endpoint } } });
    const gateway = await serve(roomy, recorded);
    const id = clientId(tenantA);
    const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    try {
      const bodies: Array<[string, string]> = [
        ['SignUp', `{"ClientId":"${id}","Username":"deep@example.com","Password":"Deep-Pass-123!","ClientMetadata":{"a":${arrays(20_000)}}}`],
        ['InitiateAuth', `{"AuthFlow":"USER_PASSWORD_AUTH","ClientId":"${id}","AuthParameters":${objects(8_000)}}`],
        ['ForgotPassword', `{"ClientId":"${id}","Username":"deep@example.com","ClientMetadata":${objects(30)}}`],
        ['ConfirmSignUp', `{"ClientId":"${id}","Username":"deep@example.com","ConfirmationCode":"123456","UserContextData":${arrays(12)}}`],
        ['GetTokensFromRefreshToken', `{"ClientId":"${id}","RefreshToken":"x","ClientMetadata":${arrays(10_000)}}`],
      ];
      for (const [operation, raw] of bodies) {
        const reply = await call(tenantA, operation, {}, { port: gateway.port, raw });
        expect(reply.status, operation).toBe(400);
        expect(reply.body, operation).toEqual({ __type: 'InvalidParameterException', message: 'The request is nested too deeply (at most 10 levels).' });
      }
      expect(forwarded).toEqual([]);

      // A body of the usual shape (attributes in a list of objects, metadata) still goes through.
      const ordinary = await call(
        tenantA,
        'SignUp',
        { ClientId: id, Username: 'shallow@example.com', Password: 'Shallow-Pass-1!', UserAttributes: [{ Name: 'email', Value: 'shallow@example.com' }], ClientMetadata: { k: 'v' } },
        { port: gateway.port },
      );
      expect(ordinary.status).toBe(200);
      expect(forwarded).toHaveLength(1);
    } finally {
      gateway.server.close();
      recorder.close();
    }
  });
});
