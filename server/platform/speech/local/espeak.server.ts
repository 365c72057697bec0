/**
 * Local text to speech with Debian's espeak-ng: every language the platform ships, robotic but
 * immediate. The text goes in on stdin (never as an argument), the WAV comes out on stdout as it
 * is synthesised; the header is dropped and the PCM passed on in chunks.
 */
import { spawn } from 'node:child_process';
import type { SpeechLanguage, VoiceInfo } from '#app/lib/speech/languages';
import { SpeechEngineError, type SynthesisRequest, type TextToSpeech } from '../types';

const ESPEAK = process.env.ESPEAK_NG_PATH ?? '/usr/bin/espeak-ng';
export const ESPEAK_SAMPLE_RATE = 22050;
const SAMPLE_RATE = ESPEAK_SAMPLE_RATE;
const WAV_HEADER_BYTES = 44;
/** espeak-ng's normal rate in words per minute; request.rate scales it. */
const NORMAL_WPM = 165;

/** espeak-ng voice names; "+f3" is its female variant. */
export const ESPEAK_VOICES: readonly VoiceInfo[] = [
  { id: 'en-us+f3', language: 'en', region: 'US', gender: 'female' },
  { id: 'en-us', language: 'en', region: 'US', gender: 'male' },
  { id: 'en-gb+f3', language: 'en', region: 'GB', gender: 'female' },
  { id: 'en-gb', language: 'en', region: 'GB', gender: 'male' },
  { id: 'es-419+f3', language: 'es', region: '419', gender: 'female' },
  { id: 'es-419', language: 'es', region: '419', gender: 'male' },
  { id: 'es+f3', language: 'es', region: 'ES', gender: 'female' },
  { id: 'es', language: 'es', region: 'ES', gender: 'male' },
  { id: 'fr-fr+f3', language: 'fr', region: 'FR', gender: 'female' },
  { id: 'fr-fr', language: 'fr', region: 'FR', gender: 'male' },
  { id: 'fr-be', language: 'fr', region: 'BE', gender: 'male' },
];
const VOICES = ESPEAK_VOICES;

export function createEspeakTts(): TextToSpeech {
  return {
    name: 'espeak-ng',
    sampleRate: SAMPLE_RATE,
    voices: (language?: SpeechLanguage) => (language ? VOICES.filter((v) => v.language === language) : VOICES),
    synthesize: (request, signal) => espeakSynthesize(request, signal),
  };
}

export async function* espeakSynthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<Buffer> {
  const voice = VOICES.find((v) => v.id === request.voiceId && v.language === request.language) ?? VOICES.find((v) => v.language === request.language)!;
  const wpm = Math.round(NORMAL_WPM * Math.min(2, Math.max(0.5, request.rate ?? 1)));
  const child = spawn(ESPEAK, ['-v', voice.id, '-s', String(wpm), '--stdout', '--stdin'], { stdio: ['pipe', 'pipe', 'pipe'], signal });
  let stderr = '';
  let failed: Error | null = null;
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-2000)));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.on('error', (e: NodeJS.ErrnoException) => {
    failed = e.code === 'ENOENT' ? new SpeechEngineError('espeak-ng is missing: node scripts/ensure-deps.mjs installs it') : e;
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(request.text);
  let skip = WAV_HEADER_BYTES;
  let odd: Buffer | null = null; // a sample split across chunks
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let data = chunk;
      if (skip > 0) {
        const dropped = Math.min(skip, data.length);
        data = data.subarray(dropped);
        skip -= dropped;
      }
      if (odd) data = Buffer.concat([odd, data]);
      odd = data.length % 2 ? data.subarray(data.length - 1) : null;
      const even = odd ? data.subarray(0, data.length - 1) : data;
      if (even.length) yield even;
    }
  } finally {
    if (child.exitCode === null) child.kill();
  }
  const code = await closed;
  if (failed) throw failed;
  if (code !== 0 && !signal?.aborted) throw new SpeechEngineError(`espeak-ng exited with ${code}: ${stderr.trim()}`);
}
