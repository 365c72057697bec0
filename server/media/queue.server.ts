/**
 * The media processing queue (docs/decisions/0026-media-processing-queue.md): durable BullMQ jobs
 * on Redis. An upload, once verified, enqueues one job per item; worker processes
 * (server/media/worker.ts) on any number of machines take them, retry them with exponential
 * backoff, and take over a job whose worker died (BullMQ's stalled-job check).
 *
 * Without a Redis for the queue there is no MediaQueue (services.mediaQueue is null): screens then
 * say plainly that processing is unavailable, never pretend.
 */
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { MEDIA_KINDS, type MediaJob } from '#app/lib/media/model';
import { SPEECH_LANGUAGE_CHOICES } from '#app/lib/speech/languages';
import type { Env } from '../env.server';

/** The BullMQ queue's name; every job of every tenant goes through it (the job carries the tenant). */
export const MEDIA_QUEUE_NAME = 'media-processing';

/** Tries per job: the first run and four retries (backoff 5 s, 10 s, 20 s, 40 s). */
export const MEDIA_JOB_ATTEMPTS = 5;
export const MEDIA_JOB_BACKOFF_MS = 5_000;

/**
 * The job's id: one per tenant and item, so a double enqueue (a retried request, two tabs) adds
 * nothing while the job waits or runs. BullMQ refuses ':' in custom ids; tenant ids are slugs
 * and media ids are [a-z0-9], so '/' cannot be ambiguous.
 */
export const mediaJobId = (job: Pick<MediaJob, 'tenantId' | 'mediaId'>) => `${job.tenantId}/${job.mediaId}`;

/** What a job carries, checked again by the worker (Redis is outside the process: trust nothing). */
export const mediaJobSchema = z
  .object({
    tenantId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    scope: z.enum(['tenant', 'system']),
    mediaId: z.string().regex(/^[a-z0-9]{21}$/),
    kind: z.enum(MEDIA_KINDS),
  })
  .strict();

/** The job name of a transcription (every other job's name is the item's kind). */
export const TRANSCRIBE_JOB = 'transcribe';

/** A transcription job: whose transcript (server/speech/data/transcripts.server.ts) of which item, in which language. */
export const transcriptionJobSchema = z
  .object({
    tenantId: mediaJobSchema.shape.tenantId,
    mediaId: mediaJobSchema.shape.mediaId,
    ownerId: z.string().regex(/^[A-Za-z0-9_.@-]{1,128}$/),
    language: z.enum(SPEECH_LANGUAGE_CHOICES),
  })
  .strict();
export type TranscriptionJob = z.infer<typeof transcriptionJobSchema>;

/** One per tenant, person and item, apart from the item's processing job. */
export const transcriptionJobId = (job: TranscriptionJob) => `${TRANSCRIBE_JOB}/${job.tenantId}/${job.ownerId}/${job.mediaId}`;

export const mediaJobOptions: JobsOptions = {
  attempts: MEDIA_JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: MEDIA_JOB_BACKOFF_MS },
  // A finished job's result lives on the item; keep no copy in Redis, so a later re-enqueue of the
  // same item (retry from the library) is not swallowed by the id of a completed job.
  removeOnComplete: true,
  // Failed jobs stay a week for operators to inspect; a retry removes the old one first.
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Callers move the item to processing before they enqueue (the worker works only on items in
 * processing): use startProcessing (startProcessing.server.ts), which also puts the item back when
 * the queue cannot take the job.
 */
export interface MediaQueue {
  /**
   * Adds a transcription of an item for one person (TRANSCRIBE_JOB, transcribe.server.ts).
   * Idempotent per person and item like enqueue.
   */
  enqueueTranscription(job: TranscriptionJob): Promise<void>;
  /**
   * Adds the item's processing job. Idempotent per item: while its job waits or runs nothing is
   * added; a failed job of the item is replaced (that is how a retry re-runs it).
   */
  enqueue(job: MediaJob): Promise<void>;
  /** Jobs waiting, delayed or running (for health and tests). */
  pending(): Promise<number>;
  /** Jobs by state and the workers' completed / failed totals, read at each /metrics scrape (server/observability). */
  counts?(): Promise<MediaQueueCounts>;
  /** Workers connected to the queue now (for health: none means processing is paused). */
  workers?(): Promise<number>;
  close(): Promise<void>;
}

/** The Redis the media queue uses: MEDIA_QUEUE_REDIS_URL, else REDIS_URL; undefined without one. */
export function mediaQueueRedisUrl(env: Pick<Env, 'MEDIA_QUEUE_REDIS_URL' | 'REDIS_URL'>): string | undefined {
  return env.MEDIA_QUEUE_REDIS_URL ?? env.REDIS_URL;
}

/**
 * Connection settings BullMQ needs: no request retry limit (blocking commands of workers must
 * wait out a Redis restart instead of failing the job).
 */
export function mediaQueueConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

export interface MediaQueueCounts {
  jobs: Record<string, number>;
  completedTotal: number;
  failedTotal: number;
}

/** How long an enqueue may take before the caller is told the queue is unreachable. */
export const ENQUEUE_TIMEOUT_MS = 5_000;

export class MediaQueueUnavailableError extends Error {
  constructor(reason: string) {
    super(`the media queue cannot be reached: ${reason}`);
    this.name = 'MediaQueueUnavailableError';
  }
}

export class BullMediaQueue implements MediaQueue {
  private queue: Queue;
  private timeoutMs: number;

  constructor(url: string, options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? ENQUEUE_TIMEOUT_MS;
    // Enqueueing happens in a request: fail fast when Redis is down instead of holding the
    // request until it returns (enableOfflineQueue false, bounded retries).
    this.queue = new Queue(MEDIA_QUEUE_NAME, {
      connection: { url, enableOfflineQueue: false, maxRetriesPerRequest: 2 },
      defaultJobOptions: mediaJobOptions,
    });
    // An unreachable Redis surfaces as the enqueue's rejection; the emitter's copy needs no crash.
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: MediaJob): Promise<void> {
    const data = mediaJobSchema.parse(job);
    await this.add(data.kind, data, mediaJobId(data));
  }

  async enqueueTranscription(job: TranscriptionJob): Promise<void> {
    const data = transcriptionJobSchema.parse(job);
    await this.add(TRANSCRIBE_JOB, data, transcriptionJobId(data));
  }

  private async add(name: string, data: MediaJob | TranscriptionJob, jobId: string): Promise<void> {
    // BullMQ waits for the connection without limit while Redis is down; a request must not.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MediaQueueUnavailableError(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    const add = async () => {
      const existing = await this.queue.getJob(jobId);
      if (existing && (await existing.isFailed())) await existing.remove();
      await this.queue.add(name, data, { jobId });
    };
    try {
      await Promise.race([add(), deadline]);
    } catch (e) {
      // Redis refused or dropped the connection: one kind of failure for callers ("processing is paused").
      if (e instanceof MediaQueueUnavailableError) throw e;
      throw new MediaQueueUnavailableError(`redis: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  pending(): Promise<number> {
    return this.queue.getJobCountByTypes('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
  }

  async counts(): Promise<MediaQueueCounts> {
    const [jobs, completed, failed] = await Promise.all([this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'failed'), this.queue.getMetrics('completed', 0, 0), this.queue.getMetrics('failed', 0, 0)]);
    return { jobs, completedTotal: completed.meta.count, failedTotal: failed.meta.count };
  }

  workers(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/** The media queue when a Redis for it is configured, else null (processing unavailable). */
export function createMediaQueue(env: Pick<Env, 'MEDIA_QUEUE_REDIS_URL' | 'REDIS_URL'>): MediaQueue | null {
  const url = mediaQueueRedisUrl(env);
  return url ? new BullMediaQueue(url) : null;
}
