/**
 * The speech engines of a deployment, chosen per tenant (docs/decisions/0043, 0046, 0098, 0100):
 * `local` (flite and espeak-ng voices, the local recogniser) or `aws` (Amazon Polly and Transcribe
 * Streaming). A tenant's `speech.engine` picks one; unset, the deployment's SPEECH_PROVIDER. Each
 * set is built the first time a tenant (or the default) needs it, so AWS clients exist only when
 * a tenant uses aws. On a deployment without AWS credentials of its own (the local stack, whose
 * keys belong to its stand-ins) the aws set knows no language and no voice: the screens say speech
 * is unavailable, and a call that still reaches it is refused as an engine error (503), never text.
 */
import type { Env } from '#server/env.server';
import { createPollyTts } from './aws/polly.server';
import { createTranscribeStt } from './aws/transcribe.server';
import { createLocalTts } from './local/localTts.server';
import { createPocketsphinxStt } from './local/pocketsphinx.server';
import { createWhisperStt, speechWorkerUrls } from './local/whisper.server';
import { SpeechEngineError, type SpeechServices, type SpeechToText, type TextToSpeech } from './types';

export const SPEECH_ENGINE_CHOICES = ['local', 'aws'] as const;
export type SpeechEngineChoice = (typeof SPEECH_ENGINE_CHOICES)[number];

/** What a tenant's configuration says of its speech engines (app/lib/config/tenant.ts `speech`). */
export interface TenantSpeechSetting {
  id: string;
  speech?: { engine?: SpeechEngineChoice | undefined } | undefined;
}

/** Which engines serve the deployment, for /api/health and /metrics. */
export interface SpeechEnginesInUse {
  /** The deployment's default (SPEECH_PROVIDER), for tenants that do not choose. */
  default: SpeechEngineChoice;
  /** Each set some tenant (or the default) uses: its engines' names, and whether it can serve. */
  sets: Partial<Record<SpeechEngineChoice, { tts: string; stt: string; available: boolean }>>;
  /** Each configured tenant's engine set. */
  tenants: Record<string, SpeechEngineChoice>;
}

export interface SpeechEngines extends SpeechServices {
  /** The set a tenant uses: its own `speech.engine`, else the deployment's default. */
  engineOf(tenant: TenantSpeechSetting): SpeechEngineChoice;
  forTenant(tenant: TenantSpeechSetting): SpeechServices;
  /** A set by its name, built on first use. */
  engines(choice: SpeechEngineChoice): SpeechServices;
  inUse(): SpeechEnginesInUse;
}

export interface SpeechEnginesOptions {
  /** The configured tenants (for the health report); read on each report, so a published change shows. */
  tenants?: () => Iterable<TenantSpeechSetting>;
  /** Whether this deployment can reach AWS with credentials of its own; default: awsSpeechAvailable(process.env). */
  awsAvailable?: boolean;
  /** Builds the aws set (tests hand in clients pointed at a recorder). */
  aws?: () => SpeechServices;
}

/** The local recogniser: the speech workers (Whisper base) when the stack runs them, else pocketsphinx (English only). */
function localStt(env: Pick<Env, 'SPEECH_WORKER_URLS'>): SpeechToText {
  const urls = speechWorkerUrls(env.SPEECH_WORKER_URLS);
  return urls.length ? createWhisperStt({ urls }) : createPocketsphinxStt();
}

/**
 * Whether the standard AWS credential chain has a source of its own here: a task or pod role,
 * web identity, a profile or keys. Not when the data services point at local stand-ins
 * (DYNAMODB_ENDPOINT or S3_ENDPOINT, as on the local stack): the keys then are the stand-ins'.
 */
export function awsSpeechAvailable(env: Record<string, string | undefined>): boolean {
  if (env.DYNAMODB_ENDPOINT || env.S3_ENDPOINT) return false;
  return Boolean(
    env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
      env.AWS_CONTAINER_CREDENTIALS_FULL_URI ||
      env.AWS_WEB_IDENTITY_TOKEN_FILE ||
      env.AWS_PROFILE ||
      (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY),
  );
}

/** The aws set on a deployment without AWS credentials: no language, no voice, every call refused. */
function unavailableAwsEngines(): SpeechServices {
  const refuse = () => new SpeechEngineError('Amazon Polly and Transcribe are not available: this deployment has no AWS credentials');
  const stt: SpeechToText = {
    name: 'aws-transcribe',
    languages: () => [],
    transcribe: () => Promise.reject(refuse()),
  };
  const tts: TextToSpeech = {
    name: 'aws-polly',
    sampleRate: 16000,
    voices: () => [],
    synthesize: () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(refuse()) }),
    }),
  };
  return { tts, stt };
}

/** The engine sets of each default stt handed out, so a health check given only that engine finds the whole deployment's. */
const setsOfDefault = new WeakMap<SpeechToText, SpeechEngines>();

/** The engines a deployment-wide `speech.stt` belongs to (checkSpeech's way back to every set). */
export const speechEnginesOf = (stt: SpeechToText): SpeechEngines | undefined => setsOfDefault.get(stt);

export function createSpeechServices(env: Pick<Env, 'SPEECH_PROVIDER' | 'SPEECH_WORKER_URLS'>, options: SpeechEnginesOptions = {}): SpeechEngines {
  const awsAvailable = options.awsAvailable ?? awsSpeechAvailable(process.env);
  const built: Partial<Record<SpeechEngineChoice, SpeechServices>> = {};
  const build: Record<SpeechEngineChoice, () => SpeechServices> = {
    local: () => ({ tts: createLocalTts(), stt: localStt(env) }),
    // Region and credentials from the standard AWS chain.
    aws: () => (!awsAvailable ? unavailableAwsEngines() : (options.aws?.() ?? { tts: createPollyTts(), stt: createTranscribeStt() })),
  };
  const engines = (choice: SpeechEngineChoice) => (built[choice] ??= build[choice]());
  const engineOf = (tenant: TenantSpeechSetting) => tenant.speech?.engine ?? env.SPEECH_PROVIDER;
  const deployment = engines(env.SPEECH_PROVIDER);
  const result: SpeechEngines = {
    tts: deployment.tts,
    stt: deployment.stt,
    engineOf,
    engines,
    forTenant: (tenant) => engines(engineOf(tenant)),
    inUse() {
      const tenants: Record<string, SpeechEngineChoice> = {};
      for (const tenant of options.tenants?.() ?? []) tenants[tenant.id] = engineOf(tenant);
      const sets: SpeechEnginesInUse['sets'] = {};
      for (const choice of new Set([env.SPEECH_PROVIDER, ...Object.values(tenants)])) {
        const set = engines(choice);
        sets[choice] = { tts: set.tts.name, stt: set.stt.name, available: choice === 'local' || awsAvailable };
      }
      return { default: env.SPEECH_PROVIDER, sets, tenants };
    },
  };
  setsOfDefault.set(deployment.stt, result);
  return result;
}
