// bench/auth: what a signed-in page view costs over an anonymous one (issue 3). The render cache is
// off (RENDER_CACHE_SECONDS=0), so both sides render; the authenticated side also verifies the
// demo member's ID and access tokens from Amplify's cookies (signature against cached keys, tenant,
// global sign-out cut-off). Local stack (DynamoDB Local, s3rver, cognito-local) in a temporary
// folder; loopback only; concurrency 10, bounded time. Target: mean latency ratio ≤ 1.2.
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { loadRegistry } from '#server/config/registry.server';
import { localCognitoClient, type DemoAccount } from '#local/stack/cognito';
import { Identity, readPoolsFile } from '#server/identity/identity.server';
import { createLocalDatabase } from '#local/stack/stack';
import { withBenchStack } from './app-stack';
import { httpGet, reportHeadline, table, waitForHttp } from './lib';

const APP_PORT = 3412;
const DYNAMO_PORT = 3413;
const S3_PORT = 3414;
const COGNITO_PORT = 3415;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const PAGE = process.env.BENCH_PAGE ?? '/features';
const TARGET_RATIO = 1.2;

const origin = `http://127.0.0.1:${APP_PORT}`;

interface Figures {
  label: string;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(label: string, headers: Record<string, string>, duration: number): Promise<Figures> {
  const result = await autocannon({ url: origin + PAGE, headers, connections: CONNECTIONS, duration });
  return {
    label,
    rps: Math.round(result.requests.average),
    mean: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Amplify's CookieStorage cookies (CognitoIdentityServiceProvider.<client>.…) for these tokens. */
function amplifyCookie(clientId: string, tokens: { IdToken: string; AccessToken: string; RefreshToken: string }): string {
  const username = String(JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1], 'base64url').toString()).username);
  const base = `CognitoIdentityServiceProvider.${clientId}`;
  return [
    [`${base}.LastAuthUser`, username],
    [`${base}.${username}.idToken`, tokens.IdToken],
    [`${base}.${username}.accessToken`, tokens.AccessToken],
    [`${base}.${username}.refreshToken`, tokens.RefreshToken],
    ['lang', 'en'],
  ]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('; ');
}

export async function benchAuth(): Promise<boolean> {
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const ports = { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, cognitoPort: COGNITO_PORT, tenantIds: [...registry.tenants.keys()], appPort: APP_PORT };
  return withBenchStack('auth', ports, async ({ stack, startApp }) => {
    startApp({ RENDER_CACHE_SECONDS: '0' });
    const host = { Host: `${TENANT}.localhost:${APP_PORT}` };
    await waitForHttp(`${origin}/api/health`, host);

    const pools = readPoolsFile(stack.env.IDENTITY_POOLS_FILE!);
    const accounts = JSON.parse(readFileSync(stack.env.IDENTITY_DEMO_ACCOUNTS_FILE!, 'utf8')) as DemoAccount[];
    const member = accounts.find((a) => a.tenant === TENANT && a.role === 'member');
    if (!member) throw new Error(`no demo member for ${TENANT}`);
    const client = localCognitoClient(stack.env.COGNITO_ENDPOINT!, stack.env.AWS_REGION);
    const auth = await client
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: pools[TENANT].appClientId,
          AuthParameters: { USERNAME: member.username, PASSWORD: member.password },
        }),
      )
      .finally(() => client.destroy());
    const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
    const signedIn = { ...host, Cookie: amplifyCookie(pools[TENANT].appClientId, tokens) };
    const anonymous = { ...host, Cookie: 'lang=en' };

    // The cookies really sign the member in (the root data names them), and anonymous is anonymous.
    const rootOf = async (headers: Record<string, string>) =>
      JSON.parse((await httpGet(`${origin}/?_data=root`, headers)).body.toString()) as { user: { username: string } | null };
    if (!(await rootOf(signedIn)).user) throw new Error('the demo member’s cookies did not sign in');
    if ((await rootOf(anonymous)).user) throw new Error('the anonymous request is signed in');
    const bytes: number[] = [];
    for (const headers of [anonymous, signedIn]) {
      const page = await httpGet(origin + PAGE, headers);
      if (page.status !== 200) throw new Error(`${PAGE} answered ${page.status}`);
      if (page.headers['x-render-cache']) throw new Error('the render cache is on');
      bytes.push(page.body.length);
    }

    // What verification itself costs, in this process, the way the server does it (cached keys,
    // revocation cut-off cached for a few seconds): both tokens, many times.
    const db = createLocalDatabase(stack.env);
    const identity = new Identity({ db, localPools: pools });
    const tenant = registry.tenants.get(TENANT)!;
    if (!(await identity.verifySession(tenant, tokens.IdToken, tokens.AccessToken))) throw new Error('verification failed');
    const rounds = 2000;
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) await identity.verifySession(tenant, tokens.IdToken, tokens.AccessToken);
    const verifyMs = (performance.now() - t0) / rounds;
    db.raw.destroy();

    await measure('warm-up anonymous', anonymous, 2);
    await measure('warm-up signed in', signedIn, 2);
    // Alternate halves so drift (JIT, GC, a busy neighbour) hits both sides alike.
    const half = Math.max(1, Math.round(DURATION / 2));
    const runs = [
      await measure('anonymous', anonymous, half),
      await measure('signed in', signedIn, half),
      await measure('signed in', signedIn, half),
      await measure('anonymous', anonymous, half),
    ];
    const combine = (label: string): Figures => {
      const rs = runs.filter((r) => r.label === label);
      const avg = (k: 'rps' | 'mean' | 'p50' | 'p99') => rs.reduce((s, r) => s + r[k], 0) / rs.length;
      return { label, rps: Math.round(avg('rps')), mean: avg('mean'), p50: avg('p50'), p99: avg('p99'), failures: rs.reduce((s, r) => s + r.failures, 0) };
    };
    const anon = combine('anonymous');
    const authed = combine('signed in');
    const ratio = authed.mean / anon.mean;
    console.log(`\nbench/auth: ${TENANT} ${PAGE}, render cache off, concurrency ${CONNECTIONS}, ${half * 2} s per side`);
    console.log(
      table(
        [anon, authed].map((r) => ({
          request: r.label,
          'req/s': r.rps,
          'mean ms': r.mean.toFixed(2),
          'p50 ms': r.p50.toFixed(1),
          'p99 ms': r.p99.toFixed(1),
          failures: r.failures,
        })),
      ),
    );
    const ok = ratio <= TARGET_RATIO && anon.failures + authed.failures === 0;
    console.log(`\npage bytes: anonymous ${bytes[0]}, signed in ${bytes[1]} (signed-in visitors get the client app: inactivity guard)`);
    console.log(`token verification (ID + access, cached keys) in process: ${(verifyMs * 1000).toFixed(0)} µs per request = ${((verifyMs / anon.mean) * 100).toFixed(2)}% of the anonymous mean latency`);
    console.log(`mean latency signed in / anonymous: ${ratio.toFixed(3)}× (target ≤ ${TARGET_RATIO}×) ${ok ? 'met' : 'MISSED'}`);
    reportHeadline({ target: `signed-in ÷ anonymous mean latency ≤ ${TARGET_RATIO}×, no failures`, figure: `${ratio.toFixed(2)}× (${authed.rps} vs ${anon.rps} req/s)`, met: ok });
    return ok;
  });
}
