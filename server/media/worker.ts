/**
 * Entry of a media worker process: `tsx server/media/worker.ts`. `npm start` runs one beside the
 * app; production runs as many as the load needs, on as many machines, all on the same Redis.
 *
 * Settings (env, validated like the app's): MEDIA_QUEUE_REDIS_URL or REDIS_URL, the DynamoDB and
 * S3 settings, MEDIA_WORKER_CONCURRENCY, MEDIA_WORKER_LOCK_SECONDS (default 10: a dead worker's job is
 * taken over within about 1.5 times that; docs/decisions/0052), MEDIA_WORKER_TMP (work folders).
 */
import { z } from 'zod';
import { SYSTEM_TENANT_ID } from '#app/lib/config/tenant';
import { loadRegistry } from '../config/registry.server';
import { createDatabase } from '#server/platform/dynamo/dynamo.server';
import { loadEnv } from '../env.server';
import { createStorage } from '#server/platform/storage.server';
import { createSpeechServices } from '#server/platform/speech/engines.server';
import { mediaQueueRedisUrl } from './queue.server';
import { createMediaWorker } from './worker.server';
import { log as logger } from '../observability/log.server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const workerEnv = z.object({
  MEDIA_WORKER_LOCK_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
  MEDIA_WORKER_TMP: z.string().min(1).optional(),
});

async function main() {
  const env = loadEnv();
  const local = workerEnv.parse(process.env);
  const redisUrl = mediaQueueRedisUrl(env);
  if (!redisUrl) {
    logger.error('media worker: no MEDIA_QUEUE_REDIS_URL or REDIS_URL: nothing to work on');
    process.exit(1);
  }
  const { registry } = loadRegistry(env.CONFIG_ROOT);
  const speech = createSpeechServices(env);
  const worker = createMediaWorker({
    redisUrl,
    stores: { db: createDatabase(env), storage: createStorage(env) },
    // System media live in the reserved pseudo-tenant (docs/decisions/0025), which no registry holds.
    resolveTenant: (job) => (job.scope === 'system' && job.tenantId === SYSTEM_TENANT_ID ? SYSTEM_TENANT_ID : (registry.tenants.get(job.tenantId)?.id ?? null)),
    // Each job's tenant picks its engines (docs/decisions/0100); an unknown tenant's job was refused above.
    stt: (tenantId) => speech.forTenant(registry.tenants.get(tenantId) ?? { id: tenantId }).stt,
    concurrency: env.MEDIA_WORKER_CONCURRENCY,
    lockDurationMs: local.MEDIA_WORKER_LOCK_SECONDS * 1000,
    stalledIntervalMs: Math.max(1000, (local.MEDIA_WORKER_LOCK_SECONDS * 1000) / 2),
    tmpRoot: local.MEDIA_WORKER_TMP,
    log: (line) => logger.info(line),
  });
  await worker.waitUntilReady();
  logger.info(`media worker ${process.pid} ready (concurrency ${env.MEDIA_WORKER_CONCURRENCY})`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // Finish the running jobs' current step; an unfinished job goes back to the queue.
      void worker.close().finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}

main().catch((e) => {
  logger.error('media worker stopped', e);
  process.exit(1);
});
