/** The languages and voices of the speech tools; shared by the screens and the server. */
import { z } from 'zod';

export const SPEECH_LANGUAGES = ['en', 'es', 'fr'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];
export const speechLanguageSchema = z.enum(SPEECH_LANGUAGES);
/** A language to recognise, or 'auto': the recogniser tells which of SPEECH_LANGUAGES is spoken (docs/decisions/0098). */
export const SPEECH_LANGUAGE_CHOICES = [...SPEECH_LANGUAGES, 'auto'] as const;
export type SpeechLanguageChoice = (typeof SPEECH_LANGUAGE_CHOICES)[number];
export const speechLanguageChoiceSchema = z.enum(SPEECH_LANGUAGE_CHOICES);

/** The sample rate every speech-to-text engine takes: 16 kHz mono signed 16-bit PCM. */
export const STT_SAMPLE_RATE = 16000;

/**
 * A voice as the screens show it: the label is built in the viewer's language from `region`
 * (an ISO 3166 or UN M49 code, shown with Intl.DisplayNames) and `gender`, so no engine-specific
 * name reaches the page.
 */
export interface VoiceInfo {
  id: string;
  language: SpeechLanguage;
  region: string;
  gender: 'female' | 'male';
}

/** The language a BCP 47 tag ("es-MX", "fr") speaks, when it is one the speech tools know. */
export function speechLanguageOf(tag: string | null | undefined): SpeechLanguage | null {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (SPEECH_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as SpeechLanguage) : null;
}
