// cognito-local (Cognito user pools) in its own Node process. local/stack/cognito.ts forks
// this file. It assembles cognito-local's server the way its own bin/start.js does
// (createDefaultServer), with three differences:
//   - the data folder is given (not ./.cognito in the working directory);
//   - every code cognito-local would send by email or SMS is appended, before the API call
//     answers, as one JSON line {tenant, destination, purpose, code, at} to the outbox file
//     (the pool's name is the tenant id); nothing is printed to the console;
//   - the issuer domain is http://localhost:<port> whatever address it binds;
//   - a few operations behave as Amazon Cognito does where cognito-local differs (compatRouter
//     below): a phone number is a valid sign-up username, SMS MFA through SetUserMFAPreference (phone_number must be verified), the preferred
//     MFA method picks the challenge (SELECT_MFA_TYPE only without one), challenge Sessions are
//     checked, a sign-in finished through a challenge stores its refresh token (so it can
//     refresh), GlobalSignOut drops every refresh token of the user, and ResendConfirmationCode
//     (which cognito-local lacks) sends a new sign-up code. Contact attributes
//     (pending changes, codes per attribute, AliasExistsException, verification flags, the pool's
//     UserAttributeUpdateSettings) follow Cognito too: cognito-attributes.mjs. The ID token's
//     email_verified is true only for a verified address (VerifiedClaimTokenGenerator).
//     The identity gateway (server/identity/gateway.ts) adds the rest: access-token checks,
//     the DynamoDB revocation list, GetTokensFromRefreshToken.
//
// Configuration arrives as JSON in the COGNITO_LOCAL_CONFIG environment variable:
//   { port, host, issuerDomain, dataDir, outbox }
// Messages to the parent (IPC): { type: 'ready', port } or { type: 'error', code, message }.
// The process exits when the parent disconnects (also when the parent dies).
import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout } from 'node:timers';
import { contactAttributeTargets } from './cognito-attributes.mjs';

const config = JSON.parse(process.env.COGNITO_LOCAL_CONFIG ?? '{}');
const require = createRequire(import.meta.url);
const lib = dirname(require.resolve('cognito-local'));
const load = (path) => require(join(lib, path));
const fromCognitoLocal = createRequire(join(lib, 'index.js'));

const pino = fromCognitoLocal('pino');
const AWS = fromCognitoLocal('aws-sdk');
const { DefaultConfig } = load('server/config.js');
const { createServer } = load('server/server.js');
const { Router } = load('server/Router.js');
const errors = load('errors.js');
const { attributeValue } = load('services/userPoolService.js');
const jwt = fromCognitoLocal('jsonwebtoken');
const { v4: uuid } = fromCognitoLocal('uuid');
const services = load('services/index.js');
const { CognitoServiceFactoryImpl } = load('services/cognitoService.js');
const { CryptoService } = load('services/crypto.js');
const { StormDBDataStoreFactory } = load('services/dataStore/stormDb.js');
const { MessageDeliveryService } = load('services/messageDelivery/messageDelivery.js');
const { otp } = load('services/otp.js');
const { JwtTokenGenerator } = load('services/tokenGenerator.js');
const { UserPoolServiceFactoryImpl } = load('services/userPoolService.js');

// Errors (and only errors) go to stderr, which the parent keeps for its failure messages.
const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL ?? 'error' }, pino.destination(2));
const ctx = { logger };

const serverConfig = {
  ...DefaultConfig,
  TokenConfig: { IssuerDomain: config.issuerDomain },
  ServerConfig: { port: config.port, hostname: config.host ?? '127.0.0.1', development: false, https: false },
};

mkdirSync(config.dataDir, { recursive: true });
mkdirSync(dirname(config.outbox), { recursive: true });

const clock = new services.DateClock();
const dataStoreFactory = new StormDBDataStoreFactory(config.dataDir);
const cognito = await new CognitoServiceFactoryImpl(
  config.dataDir,
  dataStoreFactory,
  new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
).create(ctx, serverConfig.UserPoolDefaults);
const triggers = new services.TriggersService(
  clock,
  cognito,
  new services.LambdaService(serverConfig.TriggerFunctions, new AWS.Lambda(serverConfig.LambdaClient)),
  new CryptoService(serverConfig.KMSConfig),
);

// Delivery itself goes nowhere: the outbox line below is the message.
const silentSender = { sendEmail: async () => {}, sendSms: async () => {} };
const inner = new services.MessagesService(triggers, new MessageDeliveryService(silentSender));
const messages = {
  async deliver(c, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails) {
    let tenant = userPoolId;
    try {
      tenant = (await cognito.getUserPool(c, userPoolId)).options.Name ?? userPoolId;
    } catch {
      // keep the pool id
    }
    const line = {
      tenant,
      destination: deliveryDetails?.Destination ?? null,
      medium: deliveryDetails?.DeliveryMedium ?? null,
      purpose: source,
      code,
      username: user.Username,
      at: new Date().toISOString(),
    };
    appendFileSync(config.outbox, `${JSON.stringify(line)}\n`);
    await inner.deliver(c, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails);
  },
};

/**
 * cognito-local writes email_verified as Boolean(attribute), so "false" became true. Cognito says
 * true only for a verified address: hide anything but "true" from the token generator.
 */
class VerifiedClaimTokenGenerator extends JwtTokenGenerator {
  generate(c, user, ...rest) {
    const attributes = (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified' || a.Value === 'true');
    return super.generate(c, { ...user, Attributes: attributes }, ...rest);
  }
}

/**
 * Amazon Cognito puts the user's standard profile attributes (given_name, family_name, name) in the
 * ID token; cognito-local only puts email and custom attributes there. The token generator's
 * pre-token hook adds them (and still runs a configured PreTokenGeneration trigger).
 */
const PROFILE_CLAIMS = ['given_name', 'family_name', 'name'];
const profileClaimTriggers = {
  enabled: (name) => name === 'PreTokenGeneration' || triggers.enabled(name),
  async preTokenGeneration(c, params) {
    const claims = Object.fromEntries((params.userAttributes ?? []).filter((a) => PROFILE_CLAIMS.includes(a.Name) && a.Value).map((a) => [a.Name, a.Value]));
    const configured = triggers.enabled('PreTokenGeneration') ? await triggers.preTokenGeneration(c, params) : {};
    const details = configured.claimsOverrideDetails ?? {};
    return { ...configured, claimsOverrideDetails: { ...details, claimsToAddOrOverride: { ...claims, ...(details.claimsToAddOrOverride ?? {}) } } };
  },
};

const allServices = {
  clock,
  cognito,
  config: serverConfig,
  messages,
  otp,
  tokenGenerator: new VerifiedClaimTokenGenerator(clock, profileClaimTriggers, serverConfig.TokenConfig),
  triggers,
};

// ---- Cognito compatibility (see the header) ----

/** Challenge sessions handed out: Session → { username, challenge, clientId, expires }. */
const sessions = new Map();
const SESSION_MS = 3 * 60 * 1000;
function openSession(result, clientId) {
  if (!result?.ChallengeName || !result.Session) return result;
  const now = Date.now();
  for (const [k, v] of sessions) if (v.expires < now) sessions.delete(k);
  sessions.set(result.Session, { username: result.ChallengeParameters?.USER_ID_FOR_SRP, challenge: result.ChallengeName, clientId, expires: now + SESSION_MS });
  return result;
}

/** "+*******1234", as Cognito shows a phone destination. */
const maskPhone = (phone) => (phone ? `+${'*'.repeat(Math.max(phone.length - 5, 1))}${phone.slice(-4)}` : phone);

async function userFromAccessToken(c, accessToken) {
  if (!accessToken) throw new errors.InvalidParameterError('Missing required parameter AccessToken');
  const decoded = jwt.decode(accessToken);
  if (!decoded?.client_id || !decoded.sub) throw new errors.NotAuthorizedError('Invalid Access Token');
  const userPool = await cognito.getUserPoolForClientId(c, decoded.client_id);
  const user = await userPool.getUserByUsername(c, decoded.sub);
  if (!user) throw new errors.NotAuthorizedError('Invalid Access Token');
  return { userPool, user };
}

async function sendSmsCode(c, req, userPool, user) {
  const destination = attributeValue('phone_number', user.Attributes);
  if (!destination) throw new errors.InvalidParameterError('User does not have a phone number for SMS MFA');
  const code = allServices.otp();
  await allServices.messages.deliver(c, 'Authentication', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, {
    DeliveryMedium: 'SMS',
    AttributeName: 'phone_number',
    Destination: destination,
  });
  await userPool.saveUser(c, { ...user, MFACode: code });
  return {
    ChallengeName: 'SMS_MFA',
    ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: maskPhone(destination), USER_ID_FOR_SRP: user.Username },
    Session: uuid(),
  };
}

const compat = {
  /** Pools with phone_number as a username attribute accept a phone number as the username. */
  SignUp: (base) => async (c, req) => {
    const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
    const phoneUsername = typeof req.Username === 'string' && /^\+\d{6,15}$/.test(req.Username);
    if (!phoneUsername || !userPool.options.UsernameAttributes?.includes('phone_number')) return base(c, req);
    if (await userPool.getUserByUsername(c, req.Username)) throw new errors.UsernameExistsError();
    if (!req.Password) throw new errors.InvalidParameterError('Missing required parameter Password');
    const sub = uuid();
    const attributes = [{ Name: 'sub', Value: sub }, ...(req.UserAttributes ?? []).filter((a) => a.Name !== 'sub' && a.Name !== 'phone_number')];
    attributes.push({ Name: 'phone_number', Value: req.Username });
    const now = clock.get();
    const user = { Attributes: attributes, Enabled: true, Password: req.Password, RefreshTokens: [], UserCreateDate: now, UserLastModifiedDate: now, Username: sub, UserStatus: 'UNCONFIRMED' };
    const code = allServices.otp();
    const details = { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: req.Username };
    await allServices.messages.deliver(c, 'SignUp', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, details);
    await userPool.saveUser(c, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: { ...details, Destination: maskPhone(req.Username) }, UserConfirmed: false, UserSub: sub };
  },

  /** Missing from cognito-local (it answers 500): a new sign-up code for an unconfirmed user, sent where the first went. */
  ResendConfirmationCode: () => async (c, req) => {
    const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
    if (typeof req.Username !== 'string' || !req.Username) throw new errors.InvalidParameterError('Missing required parameter Username');
    const user = await userPool.getUserByUsername(c, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    const phone = attributeValue('phone_number', user.Attributes);
    const details = email
      ? { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email }
      : phone
        ? { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone }
        : null;
    if (!details) throw new errors.InvalidParameterError('User has no email address or phone number to send a code to');
    const code = allServices.otp();
    await allServices.messages.deliver(c, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, details);
    await userPool.saveUser(c, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
    return { CodeDeliveryDetails: { ...details, Destination: email ? details.Destination : maskPhone(details.Destination) } };
  },

  /** Cognito: SMS needs a verified phone_number; an unchanged preference is kept. */
  SetUserMFAPreference: () => async (c, req) => {
    const { userPool, user } = await userFromAccessToken(c, req.AccessToken);
    const sms = req.SMSMfaSettings;
    const software = req.SoftwareTokenMfaSettings;
    if (sms?.Enabled && attributeValue('phone_number_verified', user.Attributes) !== 'true') {
      throw new errors.InvalidParameterError('User does not have delivery config set to turn on SMS_MFA');
    }
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new errors.InvalidParameterError('User has not verified software token mfa');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    if (sms?.Enabled) methods.add('SMS_MFA');
    else if (sms) methods.delete('SMS_MFA');
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
    let preferred = user.PreferredMfaSetting;
    if (sms?.PreferredMfa) preferred = 'SMS_MFA';
    else if (software?.PreferredMfa) preferred = 'SOFTWARE_TOKEN_MFA';
    else if ((sms && sms.PreferredMfa === false && preferred === 'SMS_MFA') || (software && software.PreferredMfa === false && preferred === 'SOFTWARE_TOKEN_MFA')) preferred = undefined;
    if (preferred && !methods.has(preferred)) {
      if (sms?.PreferredMfa || software?.PreferredMfa) throw new errors.InvalidParameterError(`Cannot set ${preferred} as preferred: it is not enabled`);
      preferred = undefined;
    }
    await userPool.saveUser(c, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
      MFAOptions: methods.has('SMS_MFA') ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] : [],
    });
    return {};
  },

  /** cognito-local, then: the preferred method instead of SELECT_MFA_TYPE; masked destination; session. */
  InitiateAuth: (base) => async (c, req) => {
    const result = await base(c, req);
    if (result?.ChallengeName === 'SELECT_MFA_TYPE') {
      const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
      const user = await userPool.getUserByUsername(c, req.AuthParameters?.USERNAME ?? '');
      if (user?.PreferredMfaSetting === 'SMS_MFA') return openSession(await sendSmsCode(c, req, userPool, user), req.ClientId);
      if (user?.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA') {
        return openSession(
          { ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { USER_ID_FOR_SRP: user.Username }, Session: uuid() },
          req.ClientId,
        );
      }
    }
    if (result?.ChallengeName === 'SMS_MFA' && result.ChallengeParameters) {
      result.ChallengeParameters.CODE_DELIVERY_DESTINATION = maskPhone(result.ChallengeParameters.CODE_DELIVERY_DESTINATION);
    }
    return openSession(result, req.ClientId);
  },

  /** Sessions must be ones this pool handed out for that user; tokens from a challenge can refresh. */
  RespondToAuthChallenge: (base) => async (c, req) => {
    const session = sessions.get(req.Session ?? '');
    const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
    const user = await userPool.getUserByUsername(c, req.ChallengeResponses?.USERNAME ?? '');
    if (!session || session.expires < Date.now() || session.clientId !== req.ClientId || !user || (session.username && session.username !== user.Username)) {
      throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    if (session.challenge !== req.ChallengeName) throw new errors.InvalidParameterError(`Expected the challenge ${session.challenge}`);
    let result;
    if (req.ChallengeName === 'SELECT_MFA_TYPE' && req.ChallengeResponses?.ANSWER === 'SMS_MFA') {
      result = await sendSmsCode(c, req, userPool, user);
    } else {
      result = await base(c, req);
    }
    if (result?.ChallengeName === 'SMS_MFA' && result.ChallengeParameters && req.ChallengeName !== 'SELECT_MFA_TYPE') {
      result.ChallengeParameters.CODE_DELIVERY_DESTINATION = maskPhone(result.ChallengeParameters.CODE_DELIVERY_DESTINATION);
    }
    if (result?.AuthenticationResult?.RefreshToken) {
      sessions.delete(req.Session);
      const fresh = await userPool.getUserByUsername(c, user.Username);
      await userPool.storeRefreshToken(c, result.AuthenticationResult.RefreshToken, fresh);
      result.AuthenticationResult = { ExpiresIn: 3600, TokenType: 'Bearer', ...result.AuthenticationResult };
    } else if (result?.ChallengeName) {
      sessions.delete(req.Session);
      openSession(result, req.ClientId);
    }
    return result;
  },

  /** Every refresh token of the user stops working (access/ID tokens: the gateway's cut-off). */
  GlobalSignOut: () => async (c, req) => {
    const { userPool, user } = await userFromAccessToken(c, req.AccessToken);
    await userPool.saveUser(c, { ...user, RefreshTokens: [] });
    return {};
  },
};

const contactAttributes = contactAttributeTargets({
  cognito,
  errors,
  messages,
  otp: allServices.otp,
  clock,
  userPoolService: load('services/userPoolService.js'),
  poolDefaults: load('services/cognitoService.js').USER_POOL_AWS_DEFAULTS,
  selectDelivery: load('services/messageDelivery/deliveryMethod.js').selectAppropriateDeliveryMethod,
  userFromAccessToken,
  maskPhone,
});

/** Each layer wraps the target below it: cognito-local's own, then `compat`, then contact attributes. */
function compatRouter(services) {
  const route = Router(services);
  return (target) => [compat, contactAttributes].reduce((handler, layer) => (layer[target] ? layer[target](handler) : handler), route(target));
}

let httpServer;
let closing = false;
function shutdown(code) {
  if (closing) return;
  closing = true;
  const done = () => process.exit(code);
  if (httpServer) {
    httpServer.closeAllConnections?.();
    httpServer.close(done);
  } else done();
  setTimeout(done, 2000).unref();
}

process.on('disconnect', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGINT', () => shutdown(0));

try {
  httpServer = await createServer(compatRouter(allServices), logger, serverConfig.ServerConfig, allServices).start();
  const address = httpServer.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port });
} catch (e) {
  process.send?.({ type: 'error', code: e.code ?? 'ERROR', message: e.message });
  shutdown(1);
}
