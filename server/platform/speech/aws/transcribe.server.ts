/**
 * Production speech to text with Amazon Transcribe Streaming (docs/decisions/0046):
 * StartStreamTranscription fed the 16 kHz PCM in 100 ms audio events; the final results become
 * a Transcript with word timings from their Items (pronunciations; punctuation stays in the text).
 * Region and credentials come from the standard AWS chain; tests point `endpoint` at a local recorder.
 */
import {
  StartStreamTranscriptionCommand,
  TranscribeStreamingClient,
  type AudioStream,
  type LanguageCode,
  type Result,
} from '@aws-sdk/client-transcribe-streaming';
import { SPEECH_LANGUAGES, speechLanguageOf, STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import { pcmSeconds } from '../audio.server';
import { SpeechEngineError, type SpeechToText, type Transcript, type TranscriptWord } from '../types';

/** The Transcribe language each shipped language is recognised as. */
export const TRANSCRIBE_LANGUAGE: Record<SpeechLanguage, LanguageCode> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };
/** Bytes of one audio event: 100 ms of 16 kHz s16le (Transcribe asks for 50–200 ms chunks). */
export const AUDIO_EVENT_BYTES = (STT_SAMPLE_RATE / 10) * 2;

/** The audio events for a PCM buffer. */
export async function* audioEvents(pcm: Buffer, signal?: AbortSignal): AsyncIterable<AudioStream> {
  for (let at = 0; at < pcm.length; at += AUDIO_EVENT_BYTES) {
    if (signal?.aborted) return;
    yield { AudioEvent: { AudioChunk: pcm.subarray(at, at + AUDIO_EVENT_BYTES) } };
  }
}

/** The final results of a stream → a Transcript (partials are dropped; the best alternative of each final). */
export function transcriptFromResults(results: readonly Result[], language: SpeechLanguage, durationSeconds: number): Transcript {
  const texts: string[] = [];
  const words: TranscriptWord[] = [];
  for (const result of results) {
    if (result.IsPartial) continue;
    const best = result.Alternatives?.[0];
    if (!best) continue;
    if (best.Transcript?.trim()) texts.push(best.Transcript.trim());
    for (const item of best.Items ?? []) {
      if (item.Type !== 'pronunciation' || !item.Content || item.StartTime === undefined || item.EndTime === undefined) continue;
      words.push({ word: item.Content, start: item.StartTime, end: item.EndTime, ...(item.Confidence !== undefined ? { confidence: item.Confidence } : {}) });
    }
  }
  words.sort((a, b) => a.start - b.start);
  return { language, text: texts.join(' '), words, durationSeconds };
}

export function createTranscribeStt(client: TranscribeStreamingClient = new TranscribeStreamingClient({})): SpeechToText {
  return {
    name: 'aws-transcribe',
    languages: () => SPEECH_LANGUAGES,
    detectsLanguage: true,
    async transcribe(pcm, language, options = {}) {
      const durationSeconds = pcmSeconds(pcm, STT_SAMPLE_RATE);
      const results: Result[] = [];
      try {
        const answer = await client.send(
          new StartStreamTranscriptionCommand({
            // 'auto': Transcribe identifies which of the shipped languages is spoken.
            ...(language === 'auto' ? { IdentifyLanguage: true, LanguageOptions: SPEECH_LANGUAGES.map((l) => TRANSCRIBE_LANGUAGE[l]).join(',') } : { LanguageCode: TRANSCRIBE_LANGUAGE[language] }),
            MediaEncoding: 'pcm',
            MediaSampleRateHertz: STT_SAMPLE_RATE,
            AudioStream: audioEvents(pcm, options.signal),
          }),
          { abortSignal: options.signal },
        );
        for await (const event of answer.TranscriptResultStream ?? []) {
          const failure = event.BadRequestException ?? event.LimitExceededException ?? event.InternalFailureException ?? event.ConflictException ?? event.ServiceUnavailableException;
          if (failure) throw new SpeechEngineError(`Amazon Transcribe stopped: ${failure.Message ?? 'no reason given'}`);
          for (const result of event.TranscriptEvent?.Transcript?.Results ?? []) {
            if (result.IsPartial) continue;
            results.push(result);
            if (durationSeconds > 0 && result.EndTime !== undefined) options.onProgress?.(Math.min(1, result.EndTime / durationSeconds));
          }
        }
      } catch (e) {
        if (options.signal?.aborted || e instanceof SpeechEngineError) throw e;
        throw new SpeechEngineError(`Amazon Transcribe refused the request: ${(e as Error).name}: ${(e as Error).message}`);
      }
      options.onProgress?.(1);
      const identified = language === 'auto' ? (speechLanguageOf(results.find((r) => r.LanguageCode)?.LanguageCode) ?? 'en') : language;
      return transcriptFromResults(results, identified, durationSeconds);
    },
  };
}
