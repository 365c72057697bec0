/**
 * The deployment's user pools into the published registry (stackOutputs.server.ts): a fixture
 * `cdk deploy --outputs-file` file for the sample tenants, published offline to a table and bucket
 * kept in memory (only the commands publishRegistry sends), so no local stack or AWS account is
 * needed and no other test's registry is touched.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { main as publishCommand } from '#scripts/tenants-publish';
import { main as scaffoldTenant } from '#scripts/tenant-new';
import { loadRegistry } from '#server/config/registry.server';
import { Identity } from '#server/identity/identity.server';
import { readRegistryPointer } from './data/pointer.server';
import { LiveRegistry } from './live.server';
import { publishRegistry, PublishRefused } from './publish.server';
import { identityOutputKey, parseStackOutputs, readStackOutputs, type StackOutputs } from './stackOutputs.server';
import { getRegistryObject, versionKey, type PublishedVersion } from './store.server';

const FIXTURE = join(import.meta.dirname, 'stackOutputs.fixture.json');
const ROOT_DOMAIN = 'events.localhost';

interface Sent {
  constructor: { name: string };
  input: { Key?: unknown; Item?: { pk: string; sk: string; version?: number }; ConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown>; Body?: Uint8Array };
}

/** The registry pointer item and the registry objects, in memory. */
function memoryStores() {
  const items = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Uint8Array>();
  const db = {
    table: 'memory',
    raw: {},
    doc: {
      async send({ constructor: { name }, input }: Sent) {
        if (name === 'GetCommand') return { Item: items.get(JSON.stringify(input.Key)) };
        if (name !== 'PutCommand' || !input.Item) throw new Error(`not kept in memory: ${name}`);
        const key = JSON.stringify({ pk: input.Item.pk, sk: input.Item.sk });
        const current = items.get(key);
        const holds = input.ConditionExpression === 'attribute_not_exists(pk)' ? !current : current?.version === input.ExpressionAttributeValues?.[':previous'];
        if (!holds) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
        items.set(key, input.Item);
        return {};
      },
    },
  } as unknown as Database;
  const missing = () => Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
  const storage = {
    bucket: 'memory',
    client: {
      async send({ constructor: { name }, input }: Sent) {
        const key = String(input.Key);
        if (name === 'PutObjectCommand') return void objects.set(key, input.Body!);
        if (!objects.has(key)) throw missing();
        if (name === 'HeadObjectCommand') return {};
        if (name === 'GetObjectCommand') return { Body: { transformToByteArray: async () => objects.get(key)! } };
        throw new Error(`not kept in memory: ${name}`);
      },
    },
  } as unknown as Storage;
  return { db, storage, objects };
}

const roots: string[] = [];
/** A copy of the sample configuration (aurora, lumiere, solana) and empty stores. */
function deployment() {
  const root = mkdtempSync(join(tmpdir(), 'registry-outputs-'));
  roots.push(root);
  for (const folder of ['tenants', 'themes', 'templates']) cpSync(join(process.cwd(), folder), join(root, folder), { recursive: true });
  return { root, ...memoryStores() };
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function editTenant(root: string, id: string, change: (tenant: { identity: Record<string, unknown> } & Record<string, unknown>) => void) {
  const file = join(root, 'tenants', id, 'tenant.json');
  const tenant = JSON.parse(readFileSync(file, 'utf8')) as { identity: Record<string, unknown> };
  change(tenant);
  writeFileSync(file, JSON.stringify(tenant, null, 2));
}

const fixture = (): { file: string; outputs: StackOutputs } => ({ file: FIXTURE, outputs: readStackOutputs(FIXTURE) });

async function publishedIdentities(storage: Storage, version: number) {
  const doc = await getRegistryObject<PublishedVersion>(storage, versionKey(version));
  return Object.fromEntries(doc.tenants.map((t) => [t.id, t.config.identity]));
}

describe('the deployment\'s user pools in the published registry', () => {
  it('publishes every tenant with the pool, app client and hosted domain of its stack outputs', async () => {
    const { root, db, storage } = deployment();
    const result = await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: fixture() });
    expect(result).toMatchObject({ created: true, version: 1, tenants: 3, identityOverrides: [] });
    expect(await publishedIdentities(storage, 1)).toEqual({
      aurora: expect.objectContaining({ region: 'us-east-1', userPoolId: 'us-east-1_AuRoRa001', appClientId: '4aurora0web0client0id0000a', hostedSignInDomain: 'platform-aurora.auth.us-east-1.amazoncognito.com' }),
      lumiere: expect.objectContaining({ region: 'eu-west-3', userPoolId: 'eu-west-3_LuMiErE02', appClientId: '5lumiere0web0client0id000b', hostedSignInDomain: 'platform-lumiere.auth.eu-west-3.amazoncognito.com' }),
      solana: expect.objectContaining({ region: 'us-east-2', userPoolId: 'us-east-2_SoLaNa003', appClientId: '6solana0web0client0id0000c', hostedSignInDomain: 'platform-solana.auth.us-east-2.amazoncognito.com' }),
    });
    // tenant.json on disk stays as it was.
    expect(JSON.parse(readFileSync(join(root, 'tenants/aurora/tenant.json'), 'utf8')).identity.userPoolId).toBeUndefined();
  });

  it('serves the deployed pools to the app: an instance booting on the published registry takes each tenant\'s pool from them', async () => {
    const { root, db, storage } = deployment();
    await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: fixture() });
    // What the server does at boot with REGISTRY_SOURCE=store (openRegistry), and how identity picks a tenant's pool.
    const cacheDir = mkdtempSync(join(tmpdir(), 'registry-outputs-cache-'));
    roots.push(cacheDir);
    const live = await LiveRegistry.boot({ db, storage, cacheDir, pollSeconds: 60 });
    const identity = new Identity({ db });
    try {
      const pool = (id: string) => identity.poolFor(live.registry.tenants.get(id)!);
      expect(pool('aurora')).toEqual({
        userPoolId: 'us-east-1_AuRoRa001',
        appClientId: '4aurora0web0client0id0000a',
        region: 'us-east-1',
        issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AuRoRa001',
        jwksUri: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AuRoRa001/.well-known/jwks.json',
        serviceEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
        local: false,
      });
      expect(pool('lumiere')).toMatchObject({ userPoolId: 'eu-west-3_LuMiErE02', appClientId: '5lumiere0web0client0id000b', serviceEndpoint: 'https://cognito-idp.eu-west-3.amazonaws.com' });
      expect(live.registry.tenants.get('solana')!.identity.hostedSignInDomain).toBe('platform-solana.auth.us-east-2.amazoncognito.com');
      // The same tenants read from their tenant.json files have no pool: the ids come from the deployment alone.
      const files = loadRegistry(root).registry;
      expect(identity.poolFor(files.tenants.get('aurora')!)).toBeNull();
    } finally {
      await live.stop();
    }
  });

  it('refuses the whole publish, naming the tenant, when a tenant has no outputs: nothing is written', async () => {
    const { root, db, storage, objects } = deployment();
    expect(scaffoldTenant(['acme-events', '--domain', 'events.acme.example', '--name', 'Acme Events', '--root', root], () => undefined)).toBe(0);
    const refused = await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: fixture() }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PublishRefused);
    expect((refused as PublishRefused).problems).toEqual([
      {
        file: FIXTURE,
        field: 'TenantacmeDasheventsUserPoolId, TenantacmeDasheventsAppClientId',
        message: expect.stringContaining('tenant "acme-events" has no user pool in the stack outputs'),
      },
    ]);
    expect(await readRegistryPointer(db)).toBeNull();
    expect(objects.size).toBe(0);
  });

  it('`npm run tenants:publish -- --stack-outputs` publishes from the file, or exits 1 naming the missing tenant', async () => {
    const { root, db, storage } = deployment();
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await publishCommand(['--root', root, ...argv], (line) => out.push(line), (line) => err.push(line), { db, storage });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const ok = await run('--stack-outputs', FIXTURE);
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out).toContain(`tenants:publish: user pools from ${FIXTURE} for 3 tenant(s)`);
    expect((await publishedIdentities(storage, 1)).solana.userPoolId).toBe('us-east-2_SoLaNa003');

    expect(scaffoldTenant(['acme', '--domain', 'events.acme.example', '--name', 'Acme Events', '--root', root], () => undefined)).toBe(0);
    const refused = await run('--stack-outputs', FIXTURE);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('TenantacmeUserPoolId, TenantacmeAppClientId: tenant "acme" has no user pool in the stack outputs');
    expect(refused.err).toContain(`tenants:publish: the registry was not published: ${FIXTURE} does not have every tenant's user pool`);
    expect((await readRegistryPointer(db))?.version).toBe(1);

    expect(await run('--stack-outputs')).toMatchObject({ code: 1, err: expect.stringContaining('--stack-outputs needs the file') });
    expect(await run('--stack-outputs', join(root, 'no-such.json'))).toMatchObject({ code: 1, err: expect.stringContaining('ENOENT') });
  });

  it('keeps an id the tenant.json sets over the deployed one, and says which won', async () => {
    const { root, db, storage } = deployment();
    editTenant(root, 'aurora', (t) => void (t.identity.userPoolId = 'us-east-1_Legacy01'));
    const result = await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: fixture() });
    expect(result.identityOverrides).toEqual([{ tenant: 'aurora', field: 'userPoolId', fromFiles: 'us-east-1_Legacy01', deployed: 'us-east-1_AuRoRa001' }]);
    expect((await publishedIdentities(storage, 1)).aurora).toMatchObject({ userPoolId: 'us-east-1_Legacy01', appClientId: '4aurora0web0client0id0000a' });
  });

  it('keeps the deployed ids when a later publish has no outputs file, and publishes new ones when they change', async () => {
    const { root, db, storage } = deployment();
    await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: fixture() });
    editTenant(root, 'solana', (t) => void (t.displayName = 'Solana Renamed'));
    const later = await publishRegistry({ db, storage }, root, ROOT_DOMAIN);
    expect(later).toMatchObject({ created: true, version: 2, changed: ['solana'] });
    expect((await publishedIdentities(storage, 2)).aurora.userPoolId).toBe('us-east-1_AuRoRa001');
    expect((await publishedIdentities(storage, 2)).solana.userPoolId).toBe('us-east-2_SoLaNa003');
    // A pool made again (new ids) is a change of that tenant: running instances must read its config again.
    const outputs = readStackOutputs(FIXTURE);
    outputs['Platform-Identity-eu-west-3'][identityOutputKey('lumiere', 'appClientId')] = '7lumiere0new0client0id000d';
    const redeployed = await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: { file: FIXTURE, outputs } });
    expect(redeployed).toMatchObject({ created: true, version: 3, changed: ['lumiere'] });
    expect((await publishedIdentities(storage, 3)).lumiere.appClientId).toBe('7lumiere0new0client0id000d');
  });

  it('refuses outputs that disagree with the tenant: a pool in another region, no hosted domain for social providers', async () => {
    const { root, db, storage } = deployment();
    const outputs = readStackOutputs(FIXTURE);
    outputs['Platform-Identity-us-east-1'][identityOutputKey('aurora', 'userPoolId')] = 'eu-west-1_Elsewhere';
    delete outputs['Platform-Identity-us-east-2'][identityOutputKey('solana', 'hostedSignInDomain')];
    const refused = (await publishRegistry({ db, storage }, root, ROOT_DOMAIN, { stackOutputs: { file: 'cdk-outputs.json', outputs } }).catch((e: unknown) => e)) as PublishRefused;
    expect(refused.problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'TenantauroraUserPoolId: tenant "aurora": the pool eu-west-1_Elsewhere is in eu-west-1, its identity.region is us-east-1',
      'TenantsolanaHostedSignInDomain: tenant "solana" lists social providers but has no hosted sign-in domain in the stack outputs',
    ]);
  });

  it('names outputs so that no two tenant ids meet, and reads only an outputs file', () => {
    expect(identityOutputKey('a-b', 'userPoolId')).toBe('TenantaDashbUserPoolId');
    expect(identityOutputKey('ab', 'userPoolId')).not.toBe(identityOutputKey('a-b', 'userPoolId'));
    expect(identityOutputKey('a-b', 'appClientId')).toMatch(/^[A-Za-z0-9]+$/);
    expect(() => parseStackOutputs('{"Platform": ["not", "outputs"]}', 'x.json')).toThrow(/x\.json is not a `cdk deploy --outputs-file` file/);
    expect(() => parseStackOutputs('not json', 'x.json')).toThrow(/x\.json is not JSON/);
  });
});
