/**
 * The media processing queue as the upload API uses it (docs/decisions/0025): a finished, checked
 * upload is handed over once as a job; the worker takes it from there (status processing → ready,
 * pending_review or failed). The queue itself, durable and retried, is the pipeline's (ADR 0026).
 */
import type { MediaJob } from '#app/lib/media/model';

export interface MediaQueue {
  enqueue(job: MediaJob): Promise<void>;
}
