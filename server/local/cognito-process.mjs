// cognito-local (Cognito user pools) in its own Node process. server/local/cognito.ts forks
// this file. It assembles cognito-local's server the way its own bin/start.js does
// (createDefaultServer), with three differences:
//   - the data folder is given (not ./.cognito in the working directory);
//   - every code cognito-local would send by email or SMS is appended, before the API call
//     answers, as one JSON line {tenant, destination, purpose, code, at} to the outbox file
//     (the pool's name is the tenant id); nothing is printed to the console;
//   - the issuer domain is http://localhost:<port> whatever address it binds.
//
// Configuration arrives as JSON in the COGNITO_LOCAL_CONFIG environment variable:
//   { port, host, issuerDomain, dataDir, outbox }
// Messages to the parent (IPC): { type: 'ready', port } or { type: 'error', code, message }.
// The process exits when the parent disconnects (also when the parent dies).
import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout } from 'node:timers';

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

const allServices = {
  clock,
  cognito,
  config: serverConfig,
  messages,
  otp,
  tokenGenerator: new JwtTokenGenerator(clock, triggers, serverConfig.TokenConfig),
  triggers,
};

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
  httpServer = await createServer(Router(allServices), logger, serverConfig.ServerConfig, allServices).start();
  const address = httpServer.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port });
} catch (e) {
  process.send?.({ type: 'error', code: e.code ?? 'ERROR', message: e.message });
  shutdown(1);
}
