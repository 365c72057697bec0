/**
 * The platform's metrics (docs/decisions/0049-logs-and-metrics.md), in one prom-client registry
 * served at /metrics. Labels come from bounded sets only: tenants of the registry, route patterns
 * (routes.ts), status classes, cache results; never user ids, paths or hosts.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { currentRequest } from './context.server';
import { SlidingHistogram } from './slidingHistogram';

export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

/** The tenant label of a request on no tenant's host (the platform's own address, an unknown host). */
export const NO_TENANT = '(none)';

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern, status class and tenant.',
  labelNames: ['method', 'route', 'status', 'tenant'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by method, route pattern, status class and tenant.',
  labelNames: ['method', 'route', 'status', 'tenant'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const renderCacheRequests = new Counter({
  name: 'render_cache_requests_total',
  help: 'Anonymous page requests answered by the render cache, by result (hit, miss, stale, shell) and tenant.',
  labelNames: ['tenant', 'result'] as const,
  registers,
});

export const chatSocketsOpen = new Gauge({
  name: 'chat_sockets_open',
  help: 'Chat sockets joined to an event on this instance, by tenant.',
  labelNames: ['tenant'] as const,
  registers,
});

/** Chat sockets joined on this instance, all tenants: above 0 while some event has an audience (the alarms' event hours). */
export const liveAudienceSockets = new Gauge({
  name: 'live_audience_sockets',
  help: 'Chat sockets joined to an event on this instance, all tenants: above 0 while some event has an audience.',
  registers,
});

export const chatDeliveries = new Counter({
  name: 'chat_deliveries_total',
  help: 'Chat changes and room notices sent to sockets on this instance, by tenant.',
  labelNames: ['tenant'] as const,
  registers,
});

const CHAT_LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

export const chatDeliveryLag = new Histogram({
  name: 'chat_delivery_lag_seconds',
  help: 'Time from a chat message being stored to its fan-out to the sockets of this instance, by tenant.',
  labelNames: ['tenant'] as const,
  buckets: CHAT_LAG_BUCKETS,
  registers,
});

// The alarm reads a p95 the app computes: CloudWatch gets no histogram buckets (slidingHistogram.ts).
const chatLagWindow = new SlidingHistogram({ bounds: CHAT_LAG_BUCKETS, windowMs: 5 * 60_000, slots: 20 });

export const chatDeliveryLagP95 = new Gauge({
  name: 'chat_delivery_lag_p95_seconds',
  help: 'p95 of chat_delivery_lag_seconds over the last 5 minutes on this instance, all tenants, interpolated in its buckets as histogram_quantile does (0 with no message).',
  registers,
  collect() {
    this.set(chatLagWindow.quantile(0.95) ?? 0);
  },
});

export const dependencyUp = new Gauge({
  name: 'dependency_up',
  help: 'Whether a service the platform depends on answered its health probe at scrape time (1 up, 0 down).',
  labelNames: ['dependency'] as const,
  registers,
});

export const speechWorkerRequests = new Gauge({
  name: 'speech_worker_requests',
  help: 'Speech-to-text requests at each local speech worker at scrape time: queued (waiting for the model) and running (docs/decisions/0098).',
  labelNames: ['worker', 'state'] as const,
  registers,
});

export const speechWorkerMemoryBytes = new Gauge({
  name: 'speech_worker_memory_bytes',
  help: 'Resident memory of each local speech worker process at scrape time.',
  labelNames: ['worker'] as const,
  registers,
});

export const mediaQueueJobs = new Gauge({
  name: 'media_queue_jobs',
  help: 'Media processing jobs in the queue at scrape time (waiting, delayed, active, failed).',
  labelNames: ['state'] as const,
  registers,
});

export const mediaJobsCompleted = new Counter({
  name: 'media_jobs_completed_total',
  help: 'Media processing jobs the workers completed (counted by the workers in the queue).',
  registers,
});

export const mediaJobsFailed = new Counter({
  name: 'media_jobs_failed_total',
  help: 'Media processing jobs that failed for good after their retries (counted by the workers in the queue).',
  registers,
});

let processMetrics = false;
/** Node's process metrics (CPU, memory, event loop lag, handles), once per process. */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// ---------------------------------------------------------------------------------------------
// One-line hooks for the instrumented modules
// ---------------------------------------------------------------------------------------------

/** server/http/pageCache.ts: how the render cache answered the current request. */
export function countRenderCache(state: 'HIT' | 'MISS' | 'STALE' | 'SHELL') {
  renderCacheRequests.inc({ tenant: currentRequest()?.tenant ?? NO_TENANT, result: state.toLowerCase() });
}

/** server/chat/hub.server.ts: a socket joined (+1) or left (-1) an event's chat. */
export function countChatSocket(tenant: string, delta: 1 | -1) {
  chatSocketsOpen.inc({ tenant }, delta);
  liveAudienceSockets.inc(delta);
}

const CREATED_AT = /"createdAt":"([^"]{10,40})"/;

/** server/chat/hub.server.ts: one change fanned out to `delivered` sockets; a message's lag from its creation. */
export function countChatFanout(tenant: string, frame: string, delivered: number) {
  if (delivered > 0) chatDeliveries.inc({ tenant }, delivered);
  const created = frame.includes('"kind":"message"') ? CREATED_AT.exec(frame) : null;
  const at = created ? Date.parse(created[1]) : NaN;
  if (!Number.isFinite(at)) return;
  const lag = Math.max(0, Date.now() - at) / 1000;
  chatDeliveryLag.observe({ tenant }, lag);
  chatLagWindow.observe(lag);
}
