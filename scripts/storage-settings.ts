/**
 * `npm run storage:settings [-- --print]`: puts the media bucket's production settings (CORS for
 * every tenant's addresses, the lifecycle rule aborting incomplete multipart uploads;
 * scripts/deploy/bucketSettings.ts) on S3_BUCKET with the app's storage settings and credentials;
 * `--print` only prints them as JSON (for `aws s3api put-bucket-cors` / `put-bucket-lifecycle-configuration`).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkConfig, formatProblem } from '#server/config/check.server';
import { applyBucketSettings, mediaBucketCors, mediaBucketLifecycle, tenantOrigins } from './deploy/bucketSettings';
import { loadEnv } from '#server/env.server';
import { createStorage } from '#server/platform/storage.server';

export async function main(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const env = loadEnv(process.env);
  const { problems, registry } = checkConfig(env.CONFIG_ROOT, { rootDomain: env.PLATFORM_ROOT_DOMAIN });
  if (problems.length || !registry) {
    for (const p of problems) err(formatProblem(p));
    return 1;
  }
  const origins = tenantOrigins(registry.tenants.values(), env.PLATFORM_ROOT_DOMAIN);
  if (argv.includes('--print')) {
    out(JSON.stringify({ bucket: env.S3_BUCKET, cors: mediaBucketCors(origins), lifecycle: mediaBucketLifecycle() }, null, 2));
    return 0;
  }
  await applyBucketSettings(createStorage(env), origins);
  out(`${env.S3_BUCKET}: CORS for ${origins.length} origin(s) and the lifecycle rule aborting incomplete multipart uploads are set.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      console.error(`storage:settings failed: ${(e as Error).message}`);
      process.exitCode = 1;
    },
  );
}
