/**
 * The media worker: a BullMQ Worker on the media queue that runs each job (job.server.ts). Any
 * number of these run as their own processes on any number of machines; each takes up to
 * `concurrency` jobs at once. A worker that dies mid-job stops renewing the job's lock; BullMQ's
 * stalled-job check (every `stalledIntervalMs`) puts the job back for another worker.
 */
import { MetricsTime, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaJob } from '#app/lib/media/model';
import type { SpeechToText } from '#server/platform/speech/types';
import { runMediaJob, type JobStores } from './job.server';
import { MEDIA_QUEUE_NAME, mediaJobSchema, mediaQueueConnection, TRANSCRIBE_JOB, transcriptionJobSchema } from './queue.server';
import { runTranscriptionJob } from './transcribe.server';

export interface MediaWorkerOptions {
  redisUrl: string;
  stores: JobStores;
  /** The tenant id of a job, checked against the configured tenants; null refuses the job. */
  resolveTenant(job: Pick<MediaJob, 'tenantId'> & Partial<Pick<MediaJob, 'scope'>>): TenantId | null;
  /** The speech-to-text engine of a tenant's transcription jobs (its speech.engine, docs/decisions/0100); without it they fail as unavailable. */
  stt?: (tenantId: TenantId) => SpeechToText;
  concurrency?: number;
  /** How long a job's lock lasts without renewal (default 10 s, renewed every half); a dead worker's job is free after it. */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for (default 5 s): with the lock, a dead worker's job runs again within ~15 s. */
  stalledIntervalMs?: number;
  tmpRoot?: string;
  log?: (line: string) => void;
}

export function createMediaWorker(options: MediaWorkerOptions): Worker {
  const log = options.log ?? (() => undefined);
  const worker = new Worker(
    MEDIA_QUEUE_NAME,
    async (job: Job) => {
      if (job.name === TRANSCRIBE_JOB) return transcribe(job, options, log);
      const parsed = mediaJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`not a media job: ${parsed.error.message}`);
      const tenantId = options.resolveTenant(parsed.data);
      if (!tenantId) throw new UnrecoverableError(`unknown tenant "${parsed.data.tenantId}"`);
      const attempts = job.opts.attempts ?? 1;
      const outcome = await runMediaJob(options.stores, tenantId, parsed.data.mediaId, {
        willRetry: job.attemptsMade + 1 < attempts,
        onProgress: (percent) => void job.updateProgress(percent).catch(() => undefined),
        tmpRoot: options.tmpRoot,
      });
      log(`media job ${job.id}: ${outcome.state}${outcome.state === 'failed' ? ` (${outcome.failure})` : outcome.state === 'skipped' ? ` (${outcome.reason})` : ''}`);
      // A file that cannot be processed will not process on a retry either.
      if (outcome.state === 'failed') throw new UnrecoverableError(outcome.failure);
      return outcome.state;
    },
    {
      connection: mediaQueueConnection(options.redisUrl),
      concurrency: options.concurrency ?? 1,
      lockDuration: options.lockDurationMs ?? 10_000,
      stalledInterval: options.stalledIntervalMs ?? 5_000,
      // A job whose worker died twice (e.g. a file that crashes ffmpeg's host) fails instead of looping.
      maxStalledCount: 2,
      // Completed and failed totals kept in Redis, read by every app instance's /metrics.
      metrics: { maxDataPoints: MetricsTime.ONE_WEEK },
    },
  );
  worker.on('failed', (job, error) => log(`media job ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`));
  worker.on('error', (error) => log(`media worker: ${error.message}`));
  return worker;
}

/** A transcription job (transcribe.server.ts): the same retries and tenant check as processing jobs. */
async function transcribe(job: Job, options: MediaWorkerOptions, log: (line: string) => void): Promise<string> {
  const parsed = transcriptionJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`not a transcription job: ${parsed.error.message}`);
  const tenantId = options.resolveTenant({ tenantId: parsed.data.tenantId, scope: 'tenant' });
  if (!tenantId) throw new UnrecoverableError(`unknown tenant "${parsed.data.tenantId}"`);
  if (!options.stt) throw new UnrecoverableError('no speech-to-text engine on this worker');
  const outcome = await runTranscriptionJob(options.stores, tenantId, parsed.data, {
    stt: options.stt(tenantId),
    willRetry: job.attemptsMade + 1 < (job.opts.attempts ?? 1),
    onProgress: (percent) => void job.updateProgress(percent).catch(() => undefined),
    tmpRoot: options.tmpRoot,
  });
  log(`transcription job ${job.id}: ${outcome.state}${outcome.state === 'failed' ? ` (${outcome.failure})` : outcome.state === 'skipped' ? ` (${outcome.reason})` : ''}`);
  if (outcome.state === 'failed') throw new UnrecoverableError(outcome.failure);
  return outcome.state;
}
