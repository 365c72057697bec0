/**
 * Local speech to text through the speech workers (docs/decisions/0098): resident Python processes
 * (whisper_worker.py) holding Whisper base, loaded once, on loopback HTTP. Each request goes to the
 * worker with the fewest requests this process has in flight there (ties: the first), and to the
 * next one when a worker cannot be reached; so more worker processes give more throughput.
 */
import { request } from 'node:http';
import { SPEECH_LANGUAGES, STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import { z } from 'zod';
import { pcmSeconds } from '../audio.server';
import { SpeechEngineError, type SpeechEngineHealth, type SpeechToText, type TranscribeOptions, type Transcript } from '../types';

const answerSchema = z.object({
  language: z.enum(SPEECH_LANGUAGES),
  languageProbability: z.number(),
  text: z.string(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number(), confidence: z.number().optional() })),
  duration: z.number(),
});

const healthSchema = z.object({
  status: z.literal('ok'),
  model: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  rssBytes: z.number().int(),
  pid: z.number().int(),
});

export type SpeechWorkerHealth = { url: string; up: true } & z.infer<typeof healthSchema>;

export interface WhisperOptions {
  /** The workers' base URLs (http://127.0.0.1:PORT). */
  urls: readonly string[];
}

/**
 * POSTs the PCM and reads the whole answer. Plain node:http rather than fetch: an hour of audio
 * takes the worker longer than fetch's five-minute wait for response headers.
 */
function postPcm(url: string, pcm: Buffer, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': pcm.length }, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(pcm);
  });
}

export interface WhisperStt extends SpeechToText {
  health(): Promise<SpeechEngineHealth>;
}

/** SPEECH_WORKER_URLS (comma-separated) as a list; empty when unset. */
export const speechWorkerUrls = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);

function answerOf(body: string): z.infer<typeof answerSchema> {
  try {
    return answerSchema.parse(JSON.parse(body));
  } catch {
    throw new SpeechEngineError('the speech worker gave an answer that is not a transcript');
  }
}

export function createWhisperStt(options: WhisperOptions): WhisperStt {
  const { urls } = options;
  if (!urls.length) throw new Error('createWhisperStt needs at least one worker URL');
  const inFlight = new Map(urls.map((u) => [u, 0]));

  const order = () => [...urls].sort((a, b) => inFlight.get(a)! - inFlight.get(b)!);

  async function run(pcm: Buffer, language: SpeechLanguage | 'auto', task: 'transcribe' | 'translate', opts: TranscribeOptions = {}): Promise<Transcript> {
    if (pcm.length % 2) throw new SpeechEngineError('audio must be whole 16-bit samples');
    const query = new URLSearchParams({
      language,
      task,
      vad: opts.vad === false ? '0' : '1',
      beam: String(opts.beamSize ?? 1),
      words: opts.words === false ? '0' : '1',
    });
    let lastError: unknown;
    for (const url of order()) {
      inFlight.set(url, inFlight.get(url)! + 1);
      try {
        const res = await postPcm(`${url}/transcribe?${query}`, pcm, opts.signal);
        if (res.status !== 200) throw new SpeechEngineError(`the speech worker answered ${res.status}`);
        const answer = answerOf(res.body);
        opts.onProgress?.(1);
        return {
          language: answer.language,
          text: answer.text,
          words: answer.words,
          durationSeconds: pcmSeconds(pcm, STT_SAMPLE_RATE),
          languageProbability: answer.languageProbability,
        };
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        if (e instanceof SpeechEngineError) throw e;
        // Not reachable (restarting, stopped): the next worker.
        lastError = e;
      } finally {
        inFlight.set(url, inFlight.get(url)! - 1);
      }
    }
    throw new SpeechEngineError(`no speech worker answered (${(lastError as Error | undefined)?.message ?? 'none configured'})`);
  }

  return {
    name: 'whisper-base',
    languages: () => SPEECH_LANGUAGES,
    detectsLanguage: true,
    workers: urls.length,
    transcribe: (pcm, language, opts) => run(pcm, language, 'transcribe', opts),
    // Whisper's translate task: the speech in `language`, written in English.
    translate: async (pcm, language, opts) => ({
      ...(await run(pcm, language, 'translate', opts)),
      language: 'en',
    }),
    async health(): Promise<SpeechEngineHealth> {
      const workers = await Promise.all(
        urls.map(async (url) => {
          try {
            const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
            return { url, up: true as const, ...healthSchema.parse(await res.json()) };
          } catch (e) {
            return { url, up: false as const, error: (e as Error).message || (e as Error).name };
          }
        }),
      );
      const up = workers.filter((w) => w.up).length;
      return { engine: 'whisper-base', state: up ? 'up' : 'down', workersUp: up, workers };
    },
  };
}
