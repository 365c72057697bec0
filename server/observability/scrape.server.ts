/**
 * What /metrics reads at scrape time rather than counting as it happens: the health checks of
 * /api/health (dependency_up) and the media queue's depth and its workers' totals, one Redis round
 * trip each; the speech workers' queues and memory, one loopback request each.
 */
import type { Env } from '../env.server';
import { checkDependencies, checkSpeech, checkVideoServer } from '#server/compose.server';
import type { Services } from '#server/services';
import { dependencyUp, mediaJobsCompleted, mediaJobsFailed, mediaQueueJobs, metricsRegistry, speechWorkerMemoryBytes, speechWorkerRequests } from './metrics.server';

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

/** Sets the queue's gauges; false when its Redis does not answer. */
async function readQueue(queue: NonNullable<Services['mediaQueue']>): Promise<boolean> {
  try {
    if (!queue.counts) {
      mediaQueueJobs.set({ state: 'pending' }, await withTimeout(queue.pending(), 2000));
      return true;
    }
    const counts = await withTimeout(queue.counts(), 2000);
    for (const [state, value] of Object.entries(counts.jobs)) mediaQueueJobs.set({ state }, value);
    // Totals kept by the workers in Redis: the same on every instance, never reset by a restart.
    mediaJobsCompleted.reset();
    mediaJobsCompleted.inc(counts.completedTotal);
    mediaJobsFailed.reset();
    mediaJobsFailed.inc(counts.failedTotal);
    return true;
  } catch {
    return false;
  }
}

/** The exposition text, with the scrape-time gauges refreshed first. */
export async function renderMetrics(services: Services, env: Env): Promise<string> {
  const queue = services.mediaQueue;
  const [dependencies, video, queueUp, speech] = await Promise.all([checkDependencies(services), checkVideoServer(env), queue ? readQueue(queue) : null, checkSpeech(services.speech)]);
  if (speech.state !== 'absent') {
    dependencyUp.set({ dependency: 'speech_worker' }, speech.state === 'up' ? 1 : 0);
    speechWorkerRequests.reset();
    speechWorkerMemoryBytes.reset();
    speech.workers.forEach((w, i) => {
      if (!w.up) return;
      speechWorkerRequests.set({ worker: String(i), state: 'queued' }, w.queued);
      speechWorkerRequests.set({ worker: String(i), state: 'running' }, w.running);
      speechWorkerMemoryBytes.set({ worker: String(i) }, w.rssBytes);
    });
  }
  for (const d of dependencies) dependencyUp.set({ dependency: d.name }, d.up ? 1 : 0);
  if (video.state !== 'absent') dependencyUp.set({ dependency: 'livekit' }, video.state === 'up' ? 1 : 0);
  if (queueUp !== null) dependencyUp.set({ dependency: 'media_queue' }, queueUp ? 1 : 0);
  return metricsRegistry.metrics();
}
