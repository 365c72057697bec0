/**
 * The composition root (docs/decisions/0072): the one place that builds the platform's adapters
 * and the features' services from the environment, and from them each request's context and the
 * server's sockets and sweepers. Features never import it; they receive what it builds.
 */
import type { Server } from 'node:http';
import type { Language, Tenant } from '#app/lib/config/tenant';
import type { Theme } from '#app/lib/config/theme';
import { languageTag } from '#app/lib/i18n/variants';
import type { Registry } from '#server/config/registry.server';
import type { AppContext } from './context';
import type { Services } from './services';
import { tenantData } from './data/tenantData.server';
import type { Env } from './env.server';
import { attachChatSockets } from '#server/chat/socket.server';
import { attachCaptionSockets } from '#server/speech/captions/socket.server';
import { attachDictationSockets } from '#server/speech/dictation/socket.server';
import { attachTtsSockets } from '#server/speech/tts/socket.server';
import { startRoomExpirySweeper } from '#server/rooms/roomExpiry.server';
import { startPendingOrderSweeper } from '#server/commerce/payments/pendingSweeper.server';
import { startUploadSweeper } from '#server/media/uploadSweeper.server';
import { startReminderSweeper } from '#server/commerce/tickets/reminders.server';
import { currentWebhookSettings, startWebhookWorker } from '#server/webhooks/index.server';
import { ContentStore } from '#server/site/content.server';
import { createChatService } from '#server/chat/service.server';
import type { BusHealth } from '#server/chat/bus.server';
import { createDatabase, pingDatabase } from '#server/platform/dynamo/dynamo.server';
import { createMediaQueue, type MediaQueue } from '#server/media/queue.server';
import { createIdentity } from '#server/identity/identity.server';
import { RateLimiter } from '#server/platform/rateLimit.server';
import { createPaymentProviders } from '#server/platform/payments/providers.server';
import { createStorage, pingStorage } from '#server/platform/storage.server';
import { createVideoService, httpUrlOf } from '#server/platform/video.server';
import { createRecordingServices } from '#server/broadcast/recording/services.server';
import { createSpeechServices, speechEnginesOf, type SpeechEngines, type SpeechEnginesInUse } from '#server/platform/speech/engines.server';
import type { SpeechEngineHealth, SpeechToText } from '#server/platform/speech/types';
import { TtsGate } from '#server/speech/tts/gate.server';
import { checkConfig, formatProblem } from '#server/config/check.server';
import { LiveRegistry, RegistryUnavailable } from '#server/registry/index.server';

export type OpenedRegistry = { registry: Registry; live: LiveRegistry | null } | { refusal: string };

/**
 * The tenant registry the server serves: read from CONFIG_ROOT's files (checked as `npm run
 * tenants:check` does: invalid config never serves), or the version published to the shared store
 * (REGISTRY_SOURCE=store), which keeps itself current while the server runs (docs/decisions/0075).
 */
export async function openRegistry(env: Env): Promise<OpenedRegistry> {
  if (env.REGISTRY_SOURCE === 'files') {
    const { registry, problems } = checkConfig(env.CONFIG_ROOT, { rootDomain: env.PLATFORM_ROOT_DOMAIN, schemaFiles: false });
    if (problems.length || !registry) return { refusal: `Invalid tenant or theme configuration:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}` };
    return { registry, live: null };
  }
  try {
    const live = await LiveRegistry.boot({
      db: createDatabase(env),
      storage: createStorage(env),
      cacheDir: env.REGISTRY_CACHE_DIR,
      redisUrl: env.REDIS_URL ?? env.MEDIA_QUEUE_REDIS_URL,
      pollSeconds: env.REGISTRY_POLL_SECONDS,
    });
    return { registry: live.registry, live };
  } catch (e) {
    if (e instanceof RegistryUnavailable) return { refusal: `The published tenant registry cannot be served: ${e.message}` };
    throw e;
  }
}

/** Keeps the services current with a published registry: what a new version changes is read again. */
export function followRegistry(live: LiveRegistry | null, services: Services) {
  if (!live) return;
  live.onChange((changed) => services.content.forget(changed));
  live.start();
}

export function createServices(env: Env, registry: Registry): Services {
  const db = createDatabase(env);
  const video = createVideoService(env);
  return {
    registry,
    db,
    storage: createStorage(env),
    // The folder of the registry version being served (a published one changes while running).
    content: new ContentStore(() => registry.rootDir, env.PLATFORM_ROOT_DOMAIN, env.NODE_ENV === 'production'),
    formLimiter: new RateLimiter(env.FORM_RATE_LIMIT_PER_HOUR, 3600),
    identity: createIdentity(env, db),
    video,
    chat: createChatService(env, db),
    mediaQueue: createMediaQueue(env),
    recording: createRecordingServices(env, video),
    speech: createSpeechServices(env, { tenants: () => registry.tenants.values() }),
    payments: createPaymentProviders(env),
    ttsGate: new TtsGate(),
  };
}

/** What a request brings to its context: its tenant (with theme), negotiated language and client address. */
export interface RequestOrigin {
  tenant: Tenant;
  theme: Theme;
  language: Language;
  clientIp: string;
}

/** The context every loader and action receives: the services above, bound to the request's tenant. */
export function requestContext(services: Services, env: Env, request: RequestOrigin): AppContext {
  const { tenant, theme, language, clientIp } = request;
  return { tenant, theme, language, languageTag: languageTag(tenant.languages, language), clientIp, services, env, data: tenantData(services, tenant.id) };
}

export interface ServerSockets {
  /** Closes every socket: captions first (their last finals still go out through the chat bus), then chat and its bus. */
  close(): Promise<unknown>;
}

/** The WebSocket endpoints on the server's own port, built from the same services as requests. */
export function attachSockets(server: Server, options: { env: Env; registry: Registry; services: Services }): ServerSockets {
  // In-event chat (/ws/chat).
  const chat = attachChatSockets(server, options);
  // Live captions: the speakers' microphones (/ws/captions; docs/decisions/0048).
  const captions = attachCaptionSockets(server, options);
  // Live dictation (/ws/stt): microphone audio to the speech recogniser.
  const dictation = attachDictationSockets(server, options);
  // Text to speech for /browserVoice (/ws/tts).
  const tts = attachTtsSockets(server, options);
  return {
    close: () =>
      Promise.all([
        tts.close(),
        // Chat sockets close 1001 (clients reconnect and resume elsewhere), then the bus.
        captions.close().then(() => chat.close()).then(() => options.services.chat.close()),
        dictation.close(),
      ]),
  };
}

export interface Sweepers {
  stop(): Promise<unknown>;
}

/** The periodic work the server does while it runs, each over every tenant. */
export function startSweepers(env: Env, registry: Registry, services: Services): Sweepers {
  // Read at every sweep: a published registry version may add or remove tenants while running.
  const tenants = { [Symbol.iterator]: () => registry.tenants.values() };
  const sweepers = [
    // Closes LiveKit rooms of expired events (and removes everyone in them).
    startRoomExpirySweeper({ db: services.db, video: services.video, tenants, intervalSeconds: env.ROOM_EXPIRY_SWEEP_SECONDS }),
    // Reminder mails before events start; a minute is fine-grained enough for "15 minutes before".
    startReminderSweeper({ db: services.db, tenants, env, intervalSeconds: 60 }),
    // Cancels orders left unpaid past PENDING_ORDER_MINUTES and gives back their seats and stock.
    startPendingOrderSweeper({ db: services.db, payments: services.payments, stores: services, env, tenants, intervalSeconds: 60 }),
    // Ends uploads left unfinished past MEDIA_UPLOAD_ABANDON_MINUTES and gives back their quota reservations.
    startUploadSweeper({ stores: services, env, tenants, intervalSeconds: 60 }),
    // Outbound webhooks' deliveries from their BullMQ queue (docs/decisions/0088).
    startWebhookWorker({ db: services.db, resolveTenant: (id) => registry.tenants.get(id) ?? null, settings: currentWebhookSettings() }),
  ];
  return { stop: () => Promise.all(sweepers.map((sweeper) => sweeper.stop())) };
}

export interface DependencyState {
  name: string;
  up: boolean;
  latencyMs: number;
  error?: string;
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

/**
 * The platform's LiveKit server, for /api/health: "up" when it answers its root path, "down" when
 * it does not, "absent" when the local stack found no livekit-server to run. Rooms say video is
 * unavailable without it while every other page serves, so it never makes the health check fail.
 */
export interface VideoServerState {
  state: 'up' | 'down' | 'absent';
  url: string;
  error?: string;
}

export async function checkVideoServer(env: Pick<Env, 'LIVEKIT_URL' | 'LIVEKIT_API_URL' | 'LOCAL_LIVEKIT_SERVER'>): Promise<VideoServerState> {
  const url = env.LIVEKIT_URL;
  if (env.LOCAL_LIVEKIT_SERVER === 'absent') return { state: 'absent', url };
  const apiUrl = env.LIVEKIT_API_URL ?? httpUrlOf(env.LIVEKIT_URL);
  try {
    const res = await fetch(apiUrl, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
    await res.body?.cancel().catch(() => undefined);
    return res.ok ? { state: 'up', url } : { state: 'down', url, error: `HTTP ${res.status}` };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { state: 'down', url, error: err.cause?.code ?? err.message };
  }
}

/**
 * The media processing queue, for /api/health: "up" with the jobs waiting or running when its
 * Redis answers, "down" when it does not (uploads then say processing is unavailable), "absent"
 * when none is configured. Like video, it never makes the health check fail.
 */
export interface MediaQueueState {
  state: 'up' | 'down' | 'absent';
  /** The service the queue lives on, named so an operator knows what to bring back. */
  service?: 'redis';
  pending?: number;
  /** Media workers connected to the queue (0: jobs wait until one comes back). */
  workers?: number;
  error?: string;
}

export async function checkMediaQueue(queue: Pick<MediaQueue, 'pending' | 'workers'> | null): Promise<MediaQueueState> {
  if (!queue) return { state: 'absent' };
  try {
    const [pending, workers] = await withTimeout(Promise.all([queue.pending(), queue.workers?.()]), 2000);
    return { state: 'up', service: 'redis', pending, ...(workers === undefined ? {} : { workers }) };
  } catch (e) {
    return { state: 'down', service: 'redis', error: (e as Error).message || (e as Error).name };
  }
}

/**
 * The services that are down without failing the check, each named with what it takes away
 * ("redis (media processing)"), for /api/health's message and `degraded` list.
 */
/**
 * The local speech workers (docs/decisions/0098), or 'absent' for an engine without processes of
 * its own; with `engines`, which engine sets serve the deployment and each tenant (docs/decisions/0100).
 */
export type SpeechState = ({ state: 'absent'; engine: string } | SpeechEngineHealth) & { engines?: SpeechEnginesInUse };

/** The speech engines' state: given the deployment's engines (or its default recogniser, which leads back to them). */
export async function checkSpeech(speech: SpeechEngines | SpeechToText): Promise<SpeechState> {
  const engines = 'forTenant' in speech ? speech : speechEnginesOf(speech);
  const inUse = engines?.inUse();
  // The workers are those of the local recogniser when some tenant uses it, whatever the default.
  const stt = engines && inUse?.sets.local ? engines.engines('local').stt : 'forTenant' in speech ? speech.stt : speech;
  const state: SpeechState = stt.health ? await stt.health() : { state: 'absent', engine: stt.name };
  return inUse ? { ...state, engines: inUse } : state;
}

export function degradedServices(states: { video: VideoServerState; mediaQueue: MediaQueueState; chatBus: BusHealth; speech?: SpeechState }): string[] {
  const out: string[] = [];
  if (states.speech?.state === 'down') out.push('speech worker (speech to text)');
  // Some tenant is on aws where this deployment has no AWS credentials (docs/decisions/0100).
  if (states.speech?.engines?.sets.aws?.available === false) out.push('aws speech (no AWS credentials: tenants on aws have no speech)');
  if (states.video.state === 'down') out.push('livekit (video)');
  if (states.mediaQueue.state === 'down') out.push('redis (media processing)');
  if (states.mediaQueue.state === 'up' && states.mediaQueue.workers === 0) out.push('media worker (media processing)');
  if (states.chatBus.state === 'down') out.push('redis (chat across instances)');
  return out;
}

/**
 * The identity services the tenants' pools use, each asked once: cognito-local's /health, or the
 * Amazon Cognito endpoint of a region (any answer below 500 means it is reachable).
 */
export function identityProbeUrls(services: Pick<Services, 'registry' | 'identity'>): string[] {
  const urls = new Set<string>();
  for (const tenant of services.registry.tenants.values()) {
    const pool = services.identity.poolFor(tenant);
    if (pool) urls.add(pool.local ? `${pool.serviceEndpoint}/health` : `${pool.serviceEndpoint}/`);
  }
  return [...urls];
}

/**
 * How long a dependency probe may take before it counts as down: long enough that a busy but
 * working service (s3rver on a loaded machine took over 2 s) is not reported down.
 */
const DEPENDENCY_PROBE_TIMEOUT_MS = 5000;

async function pingIdentity(urls: string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, { signal: AbortSignal.timeout(DEPENDENCY_PROBE_TIMEOUT_MS), redirect: 'manual' });
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 500) throw new Error(`HTTP ${res.status} from ${url}`);
    }),
  );
}

/** Probes each dependency the server needs to serve pages; `cognito` when a tenant has a user pool. */
export async function checkDependencies(services: Services): Promise<DependencyState[]> {
  const identityUrls = identityProbeUrls(services);
  const probes: Array<[string, () => Promise<void>]> = [
    ['dynamodb', () => pingDatabase(services.db)],
    ['s3', () => pingStorage(services.storage)],
    ...(identityUrls.length ? [['cognito', () => pingIdentity(identityUrls)] as [string, () => Promise<void>]] : []),
  ];
  return Promise.all(
    probes.map(async ([name, probe]) => {
      const start = performance.now();
      try {
        await withTimeout(probe(), DEPENDENCY_PROBE_TIMEOUT_MS);
        return { name, up: true, latencyMs: Math.round(performance.now() - start) };
      } catch (e) {
        const err = e as Error & { cause?: { code?: string } };
        return { name, up: false, latencyMs: Math.round(performance.now() - start), error: err.cause?.code ?? (err.message || err.name) };
      }
    }),
  );
}
