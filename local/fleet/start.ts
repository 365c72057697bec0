/**
 * `npm run fleet` (after the build): the platform as a fleet on this machine (fleet.ts,
 * docs/decisions/0078): Caddy in front with TLS and health checks, 3 app instances on the
 * published registry, 2 LiveKit nodes on one Redis, 2 media and 2 ingest workers, one DynamoDB
 * Local, s3rver, cognito-local and Redis; everything on loopback, data in a temporary folder
 * removed on exit. Ctrl-C stops it all.
 *
 *   FLEET_BASE_PORT  the front's HTTPS port; the rest follow it (default 4400: apps 4401–4403, …)
 *
 * Browsers trust the front once its local CA's root (printed below) is imported, or after the
 * one-time warning. Tenants published with `npm run tenants:publish` (with this fleet's
 * DYNAMODB_ENDPOINT, S3_ENDPOINT and REDIS_URL, printed below) are served without a restart.
 */
import { existsSync } from 'node:fs';
import { quietAwsEnv } from '#local/stack/stack';
import { parsePort } from '#local/stack/ports';
import { startFleet, type Fleet } from './fleet';

Object.assign(process.env, quietAwsEnv());
const log = (line: string) => console.log(`[fleet] ${line}`);

async function main() {
  if (!existsSync('build/server/index.js')) {
    console.error('[fleet] build/server/index.js is missing: `npm run fleet` builds it first.');
    process.exit(1);
  }
  const base = parsePort(process.env.FLEET_BASE_PORT, 4400, 'FLEET_BASE_PORT');
  let fleet: Fleet | undefined;
  const stop = async (code: number) => {
    await fleet?.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  try {
    fleet = await startFleet({ base, log });
  } catch (e) {
    console.error(`[fleet] ${(e as Error).message}`);
    process.exit(1);
  }
  const { ports, env } = fleet;
  const rows: Array<[string, string]> = [
    ...[...fleet.registry.tenants.values()].map((t): [string, string] => [t.displayName, fleet!.tenantUrl(t.id)]),
    ['Front (Caddy)', `https://localhost:${ports.front} → app instances :${ports.apps.join(', :')}`],
    ['Front root CA', fleet.front.rootCertificateFile],
    ['LiveKit', `${fleet.front.livekitUrl} → nodes :${fleet.livekit.map((n) => n.port).join(', :')} on one Redis`],
    ['Workers', `2 media workers, 2 ingest workers (rtmp://localhost:${ports.rtmp.join(', :')}/live)`],
    ['DynamoDB', env.DYNAMODB_ENDPOINT!],
    ['S3', `${env.S3_ENDPOINT}/${env.S3_BUCKET}`],
    ['Cognito', env.COGNITO_ENDPOINT!],
    ['Redis', env.REDIS_URL!],
    ['Demo users', env.IDENTITY_DEMO_ACCOUNTS_FILE!],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(['', '  The fleet is running', '', ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`), '', '  Press Ctrl-C to stop everything.', ''].join('\n'));
}

void main();
