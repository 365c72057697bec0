/**
 * What the composition root (server/compose.server.ts) builds once per server and hands to every
 * request, socket and sweeper. Its own module, holding types only, so that the features that take
 * the services (request context, sockets, checkout) do not import the root that imports them
 * (docs/decisions/0071, 0072).
 */
import type { Registry } from '#server/config/registry.server';
import type { ContentStore } from '#server/site/content.server';
import type { ChatService } from '#server/chat/service.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { MediaQueue } from '#server/media/queue.server';
import type { Identity } from '#server/identity/identity.server';
import type { RateLimiter } from '#server/platform/rateLimit.server';
import type { PaymentProviders } from '#server/platform/payments/providers.server';
import type { Storage } from '#server/platform/storage.server';
import type { VideoService } from '#server/platform/video.server';
import type { RecordingServices } from '#server/broadcast/recording/services.server';
import type { SpeechEngines } from '#server/platform/speech/engines.server';
import type { TtsGate } from '#server/speech/tts/gate.server';

export interface Services {
  registry: Registry;
  db: Database;
  storage: Storage;
  content: ContentStore;
  formLimiter: RateLimiter;
  identity: Identity;
  /** LiveKit tokens and room service. Not a health dependency: without it rooms say video is unavailable, the rest serves. */
  video: VideoService;
  /** In-event chat: fan-out bus (in process, or Redis with REDIS_URL) and storage. */
  chat: ChatService;
  /** Media processing jobs (BullMQ on Redis); null without a Redis for it: processing is unavailable. */
  mediaQueue: MediaQueue | null;
  /** Room recording and restream: the egress client and the restream key box (docs/decisions/0030). */
  recording: RecordingServices;
  /**
   * Text to speech and speech to text for the media tools and live captions (docs/decisions/0043):
   * `forTenant(tenant)` is the tenant's set (docs/decisions/0100); `tts`/`stt` the deployment's default.
   */
  speech: SpeechEngines;
  /** The payment providers, resolved here once: checkout, refunds, payouts and webhooks ask them for a tenant's or an order's. */
  payments: PaymentProviders;
  /** Per-user limits of text to speech, shared by its socket and its download (docs/decisions/0046). */
  ttsGate: TtsGate;
}
