/**
 * Entry of an ingest worker process: `node --import tsx server/broadcast/ingest/worker.ts`
 * (docs/decisions/0029). `npm start` and the browser-test stack run one beside the app; a
 * deployment runs as many as it needs. Each takes RTMP pushes on its RTMP port and runs the SRT
 * listeners whose port slots it leases; a push claims its event with a lease in DynamoDB, so two
 * workers never process one push.
 *
 * Settings: the app's (DynamoDB, S3, MEDIA_QUEUE_REDIS_URL or REDIS_URL for the kept broadcasts),
 * the ingest ones (server/broadcast/ingest/config.server.ts), and
 *   INGEST_RTMP_PORT (1935)  INGEST_BIND (0.0.0.0)  INGEST_MAX_SRT_LISTENERS (20)
 *   INGEST_WORKER_TMP (work folders)  INGEST_X264_PRESET (veryfast)
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { z } from 'zod';
import { loadRegistry } from '#server/config/registry.server';
import { createDatabase } from '#server/platform/dynamo/dynamo.server';
import { loadEnv } from '#server/env.server';
import { createMediaQueue } from '#server/media/index.server';
import { createStorage } from '#server/platform/storage.server';
import { ingestConfig } from './config.server';
import { startRtmpIngest } from './rtmp.server';
import { startSrtIngest } from './srt.server';
import { log as logger } from '#server/observability/log.server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const workerEnv = z.object({
  INGEST_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  INGEST_BIND: z.string().min(1).default('0.0.0.0'),
  INGEST_MAX_SRT_LISTENERS: z.coerce.number().int().min(0).max(500).default(20),
  INGEST_WORKER_TMP: z.string().min(1).optional(),
  INGEST_X264_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
});

async function main() {
  const env = loadEnv();
  const local = workerEnv.parse(process.env);
  const config = ingestConfig();
  if (!config.INGEST_KEY_SECRET) {
    logger.error('ingest worker: INGEST_KEY_SECRET is not set: keys cannot be checked');
    process.exit(1);
  }
  const { registry } = loadRegistry(env.CONFIG_ROOT);
  const resolveTenant = (id: string) => registry.tenants.get(id)?.id ?? null;
  const stores = { db: createDatabase(env), storage: createStorage(env) };
  const queue = createMediaQueue(env);
  const tmpRoot = local.INGEST_WORKER_TMP ?? tmpdir();
  mkdirSync(tmpRoot, { recursive: true });
  const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const log = (line: string) => logger.info(`[ingest] ${line}`);
  const common = { stores, queue, workerId, tmpRoot, log, resolveTenant, x264Preset: local.INGEST_X264_PRESET };

  const rtmp = await startRtmpIngest({ ...common, port: local.INGEST_RTMP_PORT, bind: local.INGEST_BIND, app: config.INGEST_RTMP_URL.split('/').pop()! });
  const srt = startSrtIngest({ ...common, bind: local.INGEST_BIND, masterSecret: config.INGEST_KEY_SECRET, capacity: local.INGEST_MAX_SRT_LISTENERS });
  log(`worker ${workerId} ready (rtmp :${local.INGEST_RTMP_PORT}, up to ${local.INGEST_MAX_SRT_LISTENERS} srt listeners${queue ? '' : '; no media queue: kept broadcasts wait'})`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // Pushes in progress end as if the encoder stopped: what was pushed is kept.
      void Promise.all([rtmp.stop(), srt.stop()])
        .then(() => queue?.close())
        .finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 20_000).unref();
    });
  }
}

main().catch((e) => {
  logger.error('ingest worker stopped', e);
  process.exit(1);
});
