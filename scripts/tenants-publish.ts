/**
 * `npm run tenants:publish [-- --root <dir>] [--stack-outputs <cdk-outputs.json>]`: checks the tenant files and publishes them as a new
 * version of the registry to the deployment's DynamoDB table and S3 bucket (the same variables as
 * the server: DYNAMODB_*, S3_*, AWS_REGION), then tells running instances through Redis (REDIS_URL
 * or MEDIA_QUEUE_REDIS_URL; they also poll). Instances started with REGISTRY_SOURCE=store serve it
 * within REGISTRY_POLL_SECONDS at most, without a restart (docs/decisions/0075).
 *
 * --stack-outputs names the file `cdk deploy --all --outputs-file` wrote: every tenant's user pool,
 * app client and hosted sign-in domain go into the published version from it (a field its
 * tenant.json sets wins; server/registry/stackOutputs.server.ts). A tenant missing from it refuses
 * the whole publish.
 *
 * Exit 0: published (or nothing changed). Exit 1: a tenant was refused (the others were published;
 * the refused one keeps its last good version), or the publish was refused as a whole.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatProblem } from '#server/config/check.server';
import { loadEnv } from '#server/env.server';
import { createDatabase } from '#server/platform/dynamo/dynamo.server';
import { createStorage } from '#server/platform/storage.server';
import { announceRegistryVersion, publishRegistry, PublishRefused } from '#server/registry/index.server';
import type { PublishDeps } from '#server/registry/publish.server';
import { readStackOutputs, type StackOutputsSource } from '#server/registry/stackOutputs.server';

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The command: returns the exit code. `stores` replaces the deployment's table and bucket (tests). */
export async function main(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  stores?: Pick<PublishDeps, 'db' | 'storage'>,
): Promise<number> {
  const env = loadEnv();
  const rootDir = resolve(argValue(argv, '--root') ?? env.CONFIG_ROOT);
  const redisUrl = env.REDIS_URL ?? env.MEDIA_QUEUE_REDIS_URL;
  const outputsFile = argValue(argv, '--stack-outputs');
  let stackOutputs: StackOutputsSource | undefined;
  if (argv.includes('--stack-outputs')) {
    if (!outputsFile || outputsFile.startsWith('--')) {
      err('tenants:publish: --stack-outputs needs the file `cdk deploy --all --outputs-file` wrote');
      return 1;
    }
    try {
      stackOutputs = { file: outputsFile, outputs: readStackOutputs(resolve(outputsFile)) };
    } catch (e) {
      err(`tenants:publish: --stack-outputs: ${(e as Error).message}`);
      return 1;
    }
  }
  try {
    const result = await publishRegistry(
      {
        db: stores?.db ?? createDatabase(env),
        storage: stores?.storage ?? createStorage(env),
        notify: redisUrl ? async (version) => void (await announceRegistryVersion(redisUrl, version).catch((e) => err(`tenants:publish: Redis notice not sent (${(e as Error).message}); instances pick the version up by polling`))) : undefined,
      },
      rootDir,
      env.PLATFORM_ROOT_DOMAIN,
      { stackOutputs },
    );
    for (const o of result.identityOverrides) {
      err(`tenants:publish: tenant "${o.tenant}": identity.${o.field} from tenant.json (${o.fromFiles}) wins over the deployed ${o.deployed}; remove it from tenant.json to use the deployment's`);
    }
    for (const [id, problems] of result.refused) {
      for (const p of problems) err(formatProblem(p));
      err(`tenants:publish: tenant "${id}" refused; ${result.keptLastGood.includes(id) ? 'its last published version keeps serving' : 'it was never published and is not served'}`);
    }
    if (result.created) {
      out(`tenants:publish: version ${result.version} published: ${result.tenants} tenant(s), changed: ${result.changed.join(', ') || 'none'}${result.removed.length ? `, removed: ${result.removed.join(', ')}` : ''}`);
    } else out(`tenants:publish: nothing changed; version ${result.version} stays current`);
    if (stackOutputs) out(`tenants:publish: user pools from ${stackOutputs.file} for ${result.tenants - result.keptLastGood.length} tenant(s)`);
    return result.refused.size ? 1 : 0;
  } catch (e) {
    if (!(e instanceof PublishRefused)) throw e;
    for (const p of e.problems) err(formatProblem(p));
    err(`tenants:publish: ${e.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
