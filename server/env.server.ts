import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * `livekit-server --dev`'s key pair. Public: anyone can sign room tokens and webhook events with it,
 * so production refuses it (local/stack/start.ts gives each local stack a pair of its own).
 */
export const PUBLIC_LIVEKIT_KEY = 'devkey';
export const PUBLIC_LIVEKIT_SECRET = 'secret';

/** Why a LiveKit key / secret must not be used in production, or null. `name` is the variable. */
export function publicLivekitPairProblems(name: { key: string; secret: string }, key: string | undefined, secret: string | undefined): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  if (key === PUBLIC_LIVEKIT_KEY) {
    problems.push({ variable: name.key, message: `is "${PUBLIC_LIVEKIT_KEY}", the public key of \`livekit-server --dev\`; production needs a key pair of its own` });
  }
  if (secret === PUBLIC_LIVEKIT_SECRET) {
    problems.push({
      variable: name.secret,
      message: `is the public development secret of \`livekit-server --dev\`; with it anyone can sign room tokens and webhook events. Set a secret of your own`,
    });
  }
  return problems;
}

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every endpoint and secret the server uses, validated once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Tenants are also served on <slug>.<PLATFORM_ROOT_DOMAIN>. */
  PLATFORM_ROOT_DOMAIN: z.string().min(1).default('events.localhost'),
  /**
   * How the platform writes a tenant's address into what is kept for later (payment callbacks,
   * mails, calendar files, share links; server/config/tenantOrigin.server.ts, docs/decisions/0062).
   * PUBLIC_HOSTS: "custom" (the tenant's first custom domain, else <slug>.<PLATFORM_ROOT_DOMAIN>),
   * "platform" (always <slug>.<PLATFORM_ROOT_DOMAIN>) or "localhost" (<slug>.localhost).
   * Unset: https, no port and "custom" in production; http, PORT and "localhost" otherwise.
   */
  PUBLIC_SCHEME: z.enum(['http', 'https']).optional(),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_HOSTS: z.enum(['custom', 'platform', 'localhost']).optional(),
  /** Folder holding tenants/, themes/ and templates/. */
  CONFIG_ROOT: z.string().default(process.cwd()),
  /**
   * Where the tenant registry comes from (docs/decisions/0075): "files" reads CONFIG_ROOT at boot;
   * "store" serves the version `npm run tenants:publish` put in DynamoDB and S3 and swaps in each
   * new one without a restart (a Redis notice on REDIS_URL or MEDIA_QUEUE_REDIS_URL, else polling).
   */
  REGISTRY_SOURCE: z.enum(['files', 'store']).default('files'),
  /** How often a "store" instance reads the current version when no notice came (at most 60 s). */
  REGISTRY_POLL_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /** Where a "store" instance unpacks tenants' content and assets. */
  REGISTRY_CACHE_DIR: z.string().min(1).default(join(tmpdir(), 'platform-registry')),
  AWS_REGION: z.string().default('us-east-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  DYNAMODB_TABLE: z.string().min(3).default('platform'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).default('platform-media'),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Seconds an anonymous page render is reused for the same tenant, language and URL. 0 turns it off. */
  RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Form submissions accepted per IP per hour. */
  FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Set when the server runs behind a load balancer that sets X-Forwarded-*. */
  TRUST_PROXY: bool.default(false),
  REDIS_URL: z.url().optional(),
  /**
   * Redis of the media processing queue (server/media/queue.server.ts). Unset: REDIS_URL; neither
   * set: no media processing (upload screens say so). `npm start` sets it to its local Redis
   * while the chat keeps its in-process bus.
   */
  MEDIA_QUEUE_REDIS_URL: z.url().optional(),
  /** Jobs one media worker process runs at once (each transcode is itself multi-threaded). */
  MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * JSON file naming each tenant's local Cognito pool ({ tenantId: { userPoolId, appClientId,
   * region, endpoint, issuer } }), written by the local stack (local/stack/cognito.ts). Unset in
   * production: pools then come from each tenant.json's identity fields.
   */
  IDENTITY_POOLS_FILE: z.string().min(1).optional(),
  /**
   * Base URL of the hosted sign-in domain used for social sign-in (OAuth 2.0 code + PKCE, run on
   * the server). Set by the local stack to its stand-in (http://localhost:<port>); unset in
   * production, where each tenant's https://<identity.hostedSignInDomain> is used.
   */
  HOSTED_SIGNIN_ENDPOINT: z.url().optional(),
  /**
   * LiveKit server URL the browser connects to (ws:// or wss://). The default is
   * `livekit-server --dev` on this machine. A tenant's video.livekitUrl overrides it.
   */
  LIVEKIT_URL: z
    .string()
    .regex(/^wss?:\/\/[^\s/]+/, 'must be a ws:// or wss:// URL')
    .default('ws://localhost:7880'),
  /**
   * Base URL of LiveKit's room service for the server (http(s)://). Unset: LIVEKIT_URL with
   * ws→http, wss→https. The local stack sets it to its LiveKit server's loopback address.
   */
  LIVEKIT_API_URL: z.url().optional(),
  /**
   * API key and secret that sign room tokens and room-service calls, and check webhook events.
   * The defaults are `livekit-server --dev`'s public pair, refused in production.
   */
  LIVEKIT_API_KEY: z.string().min(1).default('devkey'),
  LIVEKIT_API_SECRET: z.string().min(1).default('secret'),
  /**
   * Set by the local stack (local/stack/start.ts): whether it runs a LiveKit server ("running")
   * or found none to run ("absent"); /api/health reports it. Unset: a LiveKit server of one's own.
   */
  LOCAL_LIVEKIT_SERVER: z.enum(['running', 'absent']).optional(),
  /**
   * Platform admins (docs/decisions/0025): comma-separated email addresses. A signed-in user of any
   * tenant whose verified email is listed manages the system media every tenant falls back on.
   */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  /** Bytes of media one person may keep in a tenant's library (default 5 GiB). */
  MEDIA_USER_QUOTA_BYTES: z.coerce.number().int().min(1).default(5 * 1024 ** 3),
  /** Bytes of media one tenant may keep (default 200 GiB). */
  MEDIA_TENANT_QUOTA_BYTES: z.coerce.number().int().min(1).default(200 * 1024 ** 3),
  /**
   * Minutes after which an upload that was started but never finished is abandoned: the sweeper
   * aborts its multipart upload, gives back its quota reservation and removes its item
   * (docs/decisions/0060). Default a day; the browser-test stack sets it shorter.
   */
  MEDIA_UPLOAD_ABANDON_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(24 * 60),
  /**
   * A LiveKit Egress service runs beside the LiveKit server (docs/decisions/0030): "on" records rooms
   * in the cloud (room composite to MP4 + HLS in the tenant's storage) and restreams through it;
   * "off" (default, and the local stack) lets the organizer's browser record instead.
   */
  LIVEKIT_EGRESS: z.enum(['on', 'off']).default('off'),
  /** Where the egress Twirp API answers. Unset: the room service's URL (LiveKit forwards egress requests). */
  LIVEKIT_EGRESS_API_URL: z.url().optional(),
  /** Credentials the egress service writes to the media bucket with; unset: its own (an IAM role). */
  EGRESS_S3_ACCESS_KEY: z.string().min(1).optional(),
  EGRESS_S3_SECRET: z.string().min(1).optional(),
  /**
   * 32 bytes, base64: the key restream stream keys are encrypted with (AES-256-GCM). Unset: no
   * destination can be stored, and the restream screen says so.
   */
  RECORDING_KEY_SECRET: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /**
   * The test stack only (local/stack/start.ts --test): restream destinations on this machine's
   * loopback addresses are accepted, for the tests' local RTMP receiver. Every other inside address
   * stays refused (docs/decisions/0061); `npm start` removes it and production never sets it.
   */
  RESTREAM_TEST_ALLOW_LOOPBACK: bool.default(false),
  /**
   * Custom domains' ownership checks (docs/decisions/0076). DNS servers ("host:port", comma-separated)
   * for the TXT record and the domain's addresses; unset: the machine's own. Tests point it at the
   * local mock DNS.
   */
  DOMAIN_DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-f.:[\]]+(,[0-9a-f.:[\]]+)*$/i, 'must be addresses such as 127.0.0.1:8053, comma-separated')
    .optional(),
  /** The ports the checks reach a domain on (its HTTP token, its certificate): 80 and 443 except in tests. */
  DOMAIN_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  DOMAIN_HTTPS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  /** Tests only: a domain resolving to loopback may be checked (every other inside address stays refused). */
  DOMAIN_CHECK_ALLOW_LOOPBACK: bool.default(false),
  /**
   * Outbound webhooks (docs/decisions/0088; read by server/webhooks/settings.server.ts): seconds
   * between a delivery's attempts (default 5,300,1800,7200,18000,36000,21600: within 24 h);
   * failed messages in a row before an endpoint is switched off; and, on the local stack only
   * (local/stack/start.ts), http and loopback destinations.
   */
  WEBHOOK_RETRY_SCHEDULE: z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/, 'must be seconds between attempts, comma-separated').optional(),
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(100).default(1),
  WEBHOOK_ALLOW_LOCAL: bool.default(false),
  /** A CA file the certificate check trusts besides the system's (the local ACME server's root in tests). */
  DOMAIN_TLS_CA_FILE: z.string().min(1).optional(),
  /**
   * Who takes payments (docs/decisions/0033): "tenant" (default) follows each tenant.json's
   * `payments.provider` (unset there: the test provider); "test" (the local test payment provider,
   * local/testpay/, no real money) or "stripe" applies to every tenant. `npm start` and the test
   * stacks set "test", so the sample tenants, which name Stripe, check out locally with no account.
   */
  PAYMENTS_PROVIDER: z.enum(['tenant', 'test', 'stripe']).default('tenant'),
  /**
   * Speech engines for the media tools (docs/decisions/0043): "local" runs espeak-ng and the local
   * recogniser on this machine; "aws" Amazon Polly and Transcribe Streaming (docs/decisions/0046),
   * with the region and credentials of the standard AWS chain (AWS_REGION, a role, a profile).
   */
  SPEECH_PROVIDER: z.enum(['local', 'aws']).default('local'),
  /**
   * The local speech workers (docs/decisions/0098): comma-separated base URLs on loopback
   * (http://127.0.0.1:PORT), each a resident Whisper process the local stack starts and restarts.
   * Unset: the local recogniser is pocketsphinx (English only).
   */
  SPEECH_WORKER_URLS: z
    .string()
    .optional()
    .refine((v) => !v || v.split(',').every((u) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{2,5}\/?$/.test(u.trim())), 'SPEECH_WORKER_URLS: loopback http URLs, comma-separated'),
  /**
   * How many people's microphones one speech worker captions live at once (docs/decisions/0099):
   * a speaker past SPEECH_CAPTION_SPEAKERS_PER_WORKER × the workers is told captions are full.
   * The default fits a 2-core machine: one captioned speaker (with the English translation of a
   * non-English event) keeps a worker busy about half the time.
   */
  SPEECH_CAPTION_SPEAKERS_PER_WORKER: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Who delivers the platform's own mail (receipts, tickets, reminders; server/platform/mail.server.ts):
   * "outbox" (default) appends it to IDENTITY_OUTBOX_FILE, as the local stack does; "ses" sends it
   * through Amazon SES v2 from MAIL_FROM_LOCAL_PART@<the tenant's first domain>, an identity the
   * deployment verifies (deploy/lib/mail.ts). SES_ENDPOINT overrides SES's address (the tests' recorder).
   */
  MAIL_PROVIDER: z.enum(['outbox', 'ses']).default('outbox'),
  SES_ENDPOINT: z.url().optional(),
  MAIL_FROM_LOCAL_PART: z
    .string()
    .regex(/^[A-Za-z0-9._+-]{1,64}$/, 'must be the part of an email address before the @')
    .default('no-reply'),
  /** The local test payment provider's REST API and its keys (the local stack sets them). */
  TESTPAY_URL: z.url().optional(),
  TESTPAY_API_KEY: z.string().min(1).optional(),
  TESTPAY_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a whsec_ secret').optional(),
  /** Stripe's secret API key and the signing secret of the webhook endpoint configured in its dashboard. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_... or rk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a whsec_ secret').optional(),
  /** Minutes a pending order waits for its payment before it is canceled and its seats or stock released. */
  PENDING_ORDER_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How often the server closes rooms whose event has expired (seconds). */
  ROOM_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** Lowest level of log line written (server/observability/log.server.ts); default info (warn in tests). */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
  /** With it, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; without it, only loopback callers (docs/decisions/0049). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV !== 'production') return;
  for (const problem of publicLivekitPairProblems({ key: 'LIVEKIT_API_KEY', secret: 'LIVEKIT_API_SECRET' }, env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET)) {
    ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  }
  // With egress, restream destinations can be sent; their stream keys need the key to be sealed with.
  if (env.LIVEKIT_EGRESS === 'on' && !env.RECORDING_KEY_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['RECORDING_KEY_SECRET'], message: 'is required with LIVEKIT_EGRESS=on in production (restream stream keys are sealed with it): openssl rand -base64 32' });
  }
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}
