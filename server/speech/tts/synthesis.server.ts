/**
 * One admitted synthesis, shared by the socket and the download endpoint: checks the voice, asks
 * the per-user gate, runs the engine and always releases the gate. Errors come back as the
 * protocol's codes, so each caller only says them its own way.
 */
import type { TtsErrorCode, SpeakRequest } from '#app/lib/speech/ttsProtocol';
import { isSpeechEngineError, type TextToSpeech } from '#server/platform/speech/types';
import type { TtsGate } from './gate.server';

export type SynthesisRefusal = { code: Extract<TtsErrorCode, 'rateLimited' | 'unknownVoice'>; retryAfterSeconds?: number };

export interface AdmittedSynthesis {
  voiceId: string;
  /** PCM chunks; the gate is released when the iteration ends, however it ends. */
  chunks: AsyncIterable<Buffer>;
}

/** The voice a request asks for, or the language's first one; null when it names a voice the language lacks. */
export function voiceFor(tts: TextToSpeech, request: Pick<SpeakRequest, 'language' | 'voiceId'>): string | null {
  const voices = tts.voices(request.language);
  if (request.voiceId === undefined) return voices[0]?.id ?? null;
  return voices.some((v) => v.id === request.voiceId) ? request.voiceId : null;
}

export async function admitSynthesis(
  tts: TextToSpeech,
  gate: TtsGate,
  who: { tenantId: string; userSub: string },
  request: SpeakRequest,
  signal: AbortSignal,
): Promise<AdmittedSynthesis | SynthesisRefusal> {
  const voiceId = voiceFor(tts, request);
  if (!voiceId) return { code: 'unknownVoice' };
  const admission = await gate.admit(who.tenantId, who.userSub, request.text.length);
  if (!admission.ok) return { code: 'rateLimited', retryAfterSeconds: admission.retryAfterSeconds };
  const { release } = admission;
  const voice: string = voiceId;
  async function* chunks() {
    try {
      yield* tts.synthesize({ text: request.text, language: request.language, voiceId: voice, rate: request.rate }, signal);
    } finally {
      release();
    }
  }
  return { voiceId, chunks: chunks() };
}

/** The protocol's code for a failure while synthesising. */
export const failureCode = (e: unknown): TtsErrorCode => (isSpeechEngineError(e) ? 'engine' : 'internal');
