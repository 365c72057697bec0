/**
 * The speech layer's contracts (docs/decisions/0043). Screens, sockets and jobs use these, never an
 * engine: locally espeak-ng and the local recogniser, in production Amazon Polly and Transcribe.
 */
import type { SpeechLanguage, VoiceInfo } from '#app/lib/speech/languages';

export interface TranscriptWord {
  word: string;
  /** Seconds from the start of the audio given. */
  start: number;
  end: number;
  /** 0..1 when the engine reports it. */
  confidence?: number;
}

export interface Transcript {
  language: SpeechLanguage;
  text: string;
  words: TranscriptWord[];
  durationSeconds: number;
}

export interface TranscribeOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as the engine works through long audio. */
  onProgress?: (fraction: number) => void;
}

export interface SpeechToText {
  /** For logs, health and the benchmark ("pocketsphinx", "aws-transcribe", …). */
  readonly name: string;
  /** The languages this engine recognises; the screens offer only these. */
  languages(): readonly SpeechLanguage[];
  /** Audio as 16 kHz mono signed 16-bit little-endian PCM (STT_SAMPLE_RATE). */
  transcribe(pcm: Buffer, language: SpeechLanguage, options?: TranscribeOptions): Promise<Transcript>;
}

export interface SynthesisRequest {
  text: string;
  language: SpeechLanguage;
  /** One of voices(); the language's first voice when absent. */
  voiceId?: string;
  /** Speaking rate, 0.5 (slow) .. 2 (fast); 1 is the engine's normal. */
  rate?: number;
}

export interface TextToSpeech {
  readonly name: string;
  /** Of the PCM the engine yields: mono signed 16-bit little-endian. */
  readonly sampleRate: number;
  voices(language?: SpeechLanguage): readonly VoiceInfo[];
  /** PCM chunks as the engine produces them, so playback can start before synthesis ends. */
  synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<Buffer>;
}

export interface SpeechServices {
  tts: TextToSpeech;
  stt: SpeechToText;
}

/** What a speech engine throws when its program is missing or fails: routes answer 503 with it. */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';
}

export const isSpeechEngineError = (e: unknown): e is SpeechEngineError => (e as Error | null)?.name === 'SpeechEngineError';
