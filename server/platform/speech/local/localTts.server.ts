/**
 * The local text-to-speech engine: flite's English voices first (natural enough for the local
 * recogniser to understand them), espeak-ng for Spanish, French and more English accents.
 */
import type { SpeechLanguage, VoiceInfo } from '#app/lib/speech/languages';
import type { TextToSpeech } from '../types';
import { ESPEAK_SAMPLE_RATE, ESPEAK_VOICES, espeakSynthesize } from './espeak.server';
import { FLITE_VOICES, fliteSynthesize } from './flite.server';

const VOICES: readonly VoiceInfo[] = [...FLITE_VOICES.map(({ id, language, region, gender }) => ({ id, language, region, gender })), ...ESPEAK_VOICES];

export function createLocalTts(): TextToSpeech {
  return {
    name: 'flite+espeak-ng',
    sampleRate: ESPEAK_SAMPLE_RATE,
    voices: (language?: SpeechLanguage) => (language ? VOICES.filter((v) => v.language === language) : VOICES),
    synthesize(request, signal) {
      const voice = VOICES.find((v) => v.id === request.voiceId && v.language === request.language) ?? VOICES.find((v) => v.language === request.language)!;
      return FLITE_VOICES.some((v) => v.id === voice.id)
        ? fliteSynthesize(request, voice.id, ESPEAK_SAMPLE_RATE, signal)
        : espeakSynthesize({ ...request, voiceId: voice.id }, signal);
    },
  };
}
