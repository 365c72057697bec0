/**
 * Production text to speech with Amazon Polly (docs/decisions/0046): SynthesizeSpeech with
 * OutputFormat pcm at 16 kHz (mono s16le, what the socket streams), read as it arrives. Voices
 * per language, neural where Polly has them; the rate goes in as SSML prosody. Region and
 * credentials come from the standard AWS chain; tests point `endpoint` at a local recorder.
 */
import { PollyClient, SynthesizeSpeechCommand, type Engine, type VoiceId } from '@aws-sdk/client-polly';
import type { SpeechLanguage, VoiceInfo } from '#app/lib/speech/languages';
import { SpeechEngineError, type SynthesisRequest, type TextToSpeech } from '../types';

export const POLLY_SAMPLE_RATE = 16000;

interface PollyVoice extends VoiceInfo {
  engine: Engine;
}

/** Polly's voices for the shipped languages (ids are Polly's VoiceId); all neural. */
export const POLLY_VOICES: readonly PollyVoice[] = [
  { id: 'Joanna', language: 'en', region: 'US', gender: 'female', engine: 'neural' },
  { id: 'Matthew', language: 'en', region: 'US', gender: 'male', engine: 'neural' },
  { id: 'Amy', language: 'en', region: 'GB', gender: 'female', engine: 'neural' },
  { id: 'Brian', language: 'en', region: 'GB', gender: 'male', engine: 'neural' },
  { id: 'Mia', language: 'es', region: 'MX', gender: 'female', engine: 'neural' },
  { id: 'Andres', language: 'es', region: 'MX', gender: 'male', engine: 'neural' },
  { id: 'Lupe', language: 'es', region: 'US', gender: 'female', engine: 'neural' },
  { id: 'Pedro', language: 'es', region: 'US', gender: 'male', engine: 'neural' },
  { id: 'Lucia', language: 'es', region: 'ES', gender: 'female', engine: 'neural' },
  { id: 'Sergio', language: 'es', region: 'ES', gender: 'male', engine: 'neural' },
  { id: 'Lea', language: 'fr', region: 'FR', gender: 'female', engine: 'neural' },
  { id: 'Remi', language: 'fr', region: 'FR', gender: 'male', engine: 'neural' },
  { id: 'Gabrielle', language: 'fr', region: 'CA', gender: 'female', engine: 'neural' },
  { id: 'Liam', language: 'fr', region: 'CA', gender: 'male', engine: 'neural' },
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The SynthesizeSpeech input for a request: plain text at the normal rate, SSML prosody otherwise. */
export function pollyInput(request: SynthesisRequest) {
  const voice = POLLY_VOICES.find((v) => v.id === request.voiceId && v.language === request.language) ?? POLLY_VOICES.find((v) => v.language === request.language)!;
  const rate = Math.min(2, Math.max(0.5, request.rate ?? 1));
  const ssml = rate !== 1;
  return {
    VoiceId: voice.id as VoiceId,
    Engine: voice.engine,
    OutputFormat: 'pcm' as const,
    SampleRate: String(POLLY_SAMPLE_RATE),
    TextType: ssml ? ('ssml' as const) : ('text' as const),
    Text: ssml ? `<speak><prosody rate="${Math.round(rate * 100)}%">${escapeXml(request.text)}</prosody></speak>` : request.text,
  };
}

export function createPollyTts(client: PollyClient = new PollyClient({})): TextToSpeech {
  return {
    name: 'aws-polly',
    sampleRate: POLLY_SAMPLE_RATE,
    voices: (language?: SpeechLanguage) => (language ? POLLY_VOICES.filter((v) => v.language === language) : POLLY_VOICES).map(({ engine: _e, ...v }) => v),
    synthesize: (request, signal) => synthesize(client, request, signal),
  };
}

async function* synthesize(client: PollyClient, request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<Buffer> {
  let stream: AsyncIterable<Uint8Array>;
  try {
    const answer = await client.send(new SynthesizeSpeechCommand(pollyInput(request)), { abortSignal: signal });
    if (!answer.AudioStream) throw new SpeechEngineError('Amazon Polly answered without audio');
    stream = answer.AudioStream as AsyncIterable<Uint8Array>;
  } catch (e) {
    if (signal?.aborted || e instanceof SpeechEngineError) throw e;
    throw new SpeechEngineError(`Amazon Polly refused the request: ${(e as Error).name}: ${(e as Error).message}`);
  }
  let odd: Buffer | null = null; // a sample split across chunks
  for await (const part of stream) {
    let data = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    if (odd) data = Buffer.concat([odd, data]);
    odd = data.length % 2 ? Buffer.from(data.subarray(data.length - 1)) : null;
    const even = odd ? data.subarray(0, data.length - 1) : data;
    if (even.length) yield even;
  }
}
