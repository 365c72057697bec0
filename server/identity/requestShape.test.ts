import { describe, expect, it } from 'vitest';
import { ALLOWED_OPERATIONS } from './gateway';
import { call, clientId, serveGatewayDuringTests, tenantA } from '#tests/support/gateway';

serveGatewayDuringTests();

/** Values of every JSON type but the right one, for each field a request may carry. */
const WRONG = [null, 5, true, [], {}, 'x', [{ Name: 5 }], { a: {} }];

describe('identity gateway: malformed requests', () => {
  it('answers every operation with missing or wrong-type fields with a 4xx, never a 5xx, even with the right client', async () => {
    const fields = ['Username', 'Password', 'ConfirmationCode', 'AuthFlow', 'AuthParameters', 'ChallengeName', 'ChallengeResponses', 'Session', 'RefreshToken', 'Token', 'AccessToken', 'PreviousPassword', 'ProposedPassword', 'UserAttributes', 'AttributeName', 'Code', 'UserCode', 'SMSMfaSettings', 'SoftwareTokenMfaSettings', 'ClientMetadata', 'ValidationData', 'FriendlyDeviceName'];
    const served: string[] = [];
    for (const operation of ALLOWED_OPERATIONS) {
      const bodies: Record<string, unknown>[] = [{ ClientId: clientId(tenantA) }];
      for (const field of fields) for (const value of WRONG) bodies.push({ ClientId: clientId(tenantA), [field]: value });
      // The shapes the operation needs, each with one field of the wrong type.
      bodies.push({ ClientId: clientId(tenantA), AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 5, PASSWORD: [] } });
      bodies.push({ ClientId: clientId(tenantA), AuthFlow: 'USER_PASSWORD_AUTH' });
      for (const flow of ['USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN', 'CUSTOM_AUTH', 'USER_PASSWORD_AUTH', 'USER_AUTH']) {
        bodies.push({ ClientId: clientId(tenantA), AuthFlow: flow, AuthParameters: { USERNAME: 'shape@example.com', PASSWORD: 'x', SRP_A: 'ab', REFRESH_TOKEN: 'x' } });
      }
      for (const challenge of ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'NEW_PASSWORD_REQUIRED', 'CUSTOM_CHALLENGE', 'PASSWORD_VERIFIER', 'SELECT_MFA_TYPE', 'MFA_SETUP']) {
        bodies.push({ ClientId: clientId(tenantA), ChallengeName: challenge, Session: 'x', ChallengeResponses: { USERNAME: 'shape@example.com', SMS_MFA_CODE: '1', SOFTWARE_TOKEN_MFA_CODE: '1' } });
      }
      bodies.push({ ClientId: clientId(tenantA), Username: 'shape@example.com', Password: 'Passw0rd!x', UserAttributes: [{ Name: 'email' }] });
      for (const body of bodies) {
        const reply = await call(tenantA, operation, body);
        if (reply.status >= 500) served.push(`${operation} ${JSON.stringify(body)} → ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    }
    expect(served).toEqual([]);
  }, 120_000);
});
