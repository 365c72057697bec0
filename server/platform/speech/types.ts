/**
 * The speech layer's contracts (docs/decisions/0043). Screens, sockets and jobs use these, never an
 * engine: locally espeak-ng and the local recogniser, in production Amazon Polly and Transcribe.
 */
import type { SpeechLanguage, SpeechLanguageChoice, VoiceInfo } from '#app/lib/speech/languages';

export type { SpeechLanguageChoice };

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
  /** 0..1: how sure the engine was of the language, when it detected it. */
  languageProbability?: number;
}


export interface TranscribeOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as the engine works through long audio. */
  onProgress?: (fraction: number) => void;
  /** Skip the engine's own voice-activity filter (audio already cut at pauses). Default: filter. */
  vad?: boolean;
  /** Beam width where the engine has one (1 greedy, fastest; 5 most accurate). */
  beamSize?: number;
  /** False: the text alone, no word timings (faster where timing costs a pass: a live partial line). Default: timed. */
  words?: boolean;
}

/** What /api/health and /metrics say of a speech engine that runs as its own processes. */
export interface SpeechEngineHealth {
  engine: string;
  state: 'up' | 'down';
  workersUp: number;
  workers: Array<
    | { url: string; up: true; queued: number; running: number; processed: number; failed: number; rssBytes: number; pid: number; model: string }
    | { url: string; up: false; error: string }
  >;
}

export interface SpeechToText {
  /** For logs, health and the benchmark ("pocketsphinx", "aws-transcribe", …). */
  readonly name: string;
  /** The languages this engine recognises; the screens offer only these. */
  languages(): readonly SpeechLanguage[];
  /** True when 'auto' is told apart by listening (otherwise 'auto' is the first language). */
  readonly detectsLanguage?: boolean;
  /** Audio as 16 kHz mono signed 16-bit little-endian PCM (STT_SAMPLE_RATE). */
  transcribe(pcm: Buffer, language: SpeechLanguageChoice, options?: TranscribeOptions): Promise<Transcript>;
  /** The engine's processes, for an engine that has its own (the local speech workers). */
  health?(): Promise<SpeechEngineHealth>;
  /**
   * Speech in `language` as English text (Whisper's translate task), for an engine that can: the
   * live captions' translated track (docs/decisions/0099). Word times count from the audio's start.
   */
  translate?(pcm: Buffer, language: SpeechLanguage, options?: TranscribeOptions): Promise<Transcript>;
  /** How many recogniser processes serve this engine, when it runs its own (the caption cap counts them). */
  readonly workers?: number;
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
