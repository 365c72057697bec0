/**
 * The shape of each identity operation the gateway forwards: its required fields and the JSON
 * type of every field the product's operations read, as Amazon Cognito's API defines them. A body
 * that does not fit is Cognito's own 400 InvalidParameterException, answered before any limit is
 * counted or the identity service is asked: the local identity service answers such bodies with a
 * 500, and no input may produce a 5xx. Fields the product does not use pass unchecked, as Cognito
 * ignores what it does not know.
 */
import { z } from 'zod';

const text = z.string().max(4096);
const stringMap = z.record(z.string(), z.string().max(4096));
const attributes = z.array(z.object({ Name: text, Value: text.optional() }).passthrough()).max(100);
const mfaSetting = z.object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() }).passthrough();

/** Fields any operation may carry, checked wherever they appear. */
const common = {
  ClientId: text.optional(),
  ClientMetadata: stringMap.optional(),
  UserContextData: z.object({ EncodedData: text.optional(), IpAddress: text.optional() }).passthrough().optional(),
  AnalyticsMetadata: z.object({ AnalyticsEndpointId: text.optional() }).passthrough().optional(),
  Username: text.optional(),
  Password: text.optional(),
  ConfirmationCode: text.optional(),
  // The flows the tenants' app clients enable (ALLOW_USER_PASSWORD_AUTH, ALLOW_REFRESH_TOKEN_AUTH:
  // local/stack/cognito.ts); Cognito refuses any other as not enabled for the client.
  AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']).optional(),
  AuthParameters: stringMap.optional(),
  ChallengeName: z
    .enum(['SMS_MFA', 'EMAIL_OTP', 'SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE', 'MFA_SETUP', 'PASSWORD_VERIFIER', 'CUSTOM_CHALLENGE', 'SELECT_CHALLENGE', 'DEVICE_SRP_AUTH', 'DEVICE_PASSWORD_VERIFIER', 'ADMIN_NO_SRP_AUTH', 'NEW_PASSWORD_REQUIRED', 'SMS_OTP', 'PASSWORD', 'WEB_AUTHN', 'PASSWORD_SRP'])
    .optional(),
  ChallengeResponses: stringMap.optional(),
  Session: text.optional(),
  RefreshToken: text.optional(),
  Token: text.optional(),
  AccessToken: text.optional(),
  PreviousPassword: text.optional(),
  ProposedPassword: text.optional(),
  UserAttributes: attributes.optional(),
  ValidationData: attributes.optional(),
  AttributeName: text.optional(),
  Code: text.optional(),
  UserCode: text.optional(),
  FriendlyDeviceName: text.optional(),
  SMSMfaSettings: mfaSetting.optional(),
  SoftwareTokenMfaSettings: mfaSetting.optional(),
  EmailMfaSettings: mfaSetting.optional(),
  ForceAliasCreation: z.boolean().optional(),
  SecretHash: text.optional(),
};

/** What each operation cannot do without (Cognito API reference, "Required: Yes"). */
const REQUIRED: Record<string, readonly (keyof typeof common)[]> = {
  SignUp: ['ClientId', 'Username', 'Password'],
  ConfirmSignUp: ['ClientId', 'Username', 'ConfirmationCode'],
  ResendConfirmationCode: ['ClientId', 'Username'],
  InitiateAuth: ['ClientId', 'AuthFlow'],
  RespondToAuthChallenge: ['ClientId', 'ChallengeName'],
  GetTokensFromRefreshToken: ['ClientId', 'RefreshToken'],
  GlobalSignOut: ['AccessToken'],
  RevokeToken: ['ClientId', 'Token'],
  ForgotPassword: ['ClientId', 'Username'],
  ConfirmForgotPassword: ['ClientId', 'Username', 'ConfirmationCode', 'Password'],
  ChangePassword: ['AccessToken', 'ProposedPassword'],
  GetUser: ['AccessToken'],
  UpdateUserAttributes: ['AccessToken', 'UserAttributes'],
  VerifyUserAttribute: ['AccessToken', 'AttributeName', 'Code'],
  GetUserAttributeVerificationCode: ['AccessToken', 'AttributeName'],
  AssociateSoftwareToken: [],
  VerifySoftwareToken: ['UserCode'],
  SetUserMFAPreference: ['AccessToken'],
  DeleteUser: ['AccessToken'],
};

const shapes = new Map(
  Object.entries(REQUIRED).map(([operation, required]) => {
    const fields: Record<string, z.ZodTypeAny> = { ...common };
    for (const name of required) fields[name] = (common[name] as z.ZodOptional<z.ZodTypeAny>).unwrap();
    return [operation, z.object(fields).passthrough()];
  }),
);

/** Null when the body fits the operation; else the message of Cognito's InvalidParameterException. */
export function shapeProblem(operation: string, body: Record<string, unknown>): string | null {
  const shape = shapes.get(operation);
  if (!shape) return 'Unknown operation.';
  const parsed = shape.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  return issue.path.length === 1 && body[String(issue.path[0])] === undefined ? `Missing required parameter ${field}` : `Invalid value for ${field}`;
}
