import { useEffect, useState } from 'react';
import type { SpeechLanguage } from '#app/lib/speech/languages';
import { speechLanguageOf } from '#app/lib/speech/languages';

export interface BrowserVoice {
  /** "browser:<voiceURI>", told apart from the server's voice ids. */
  id: string;
  name: string;
  lang: string;
  voice: SpeechSynthesisVoice;
}

export const BROWSER_VOICE_PREFIX = 'browser:';

/** The browser's own speech-synthesis voices for a language (none in headless Chromium); they load late in some browsers. */
export function useBrowserVoices(language: SpeechLanguage): BrowserVoice[] {
  const [all, setAll] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth) return;
    const read = () => setAll(synth.getVoices());
    read();
    synth.addEventListener('voiceschanged', read);
    return () => synth.removeEventListener('voiceschanged', read);
  }, []);
  return all
    .filter((v) => speechLanguageOf(v.lang) === language)
    .map((v) => ({ id: `${BROWSER_VOICE_PREFIX}${v.voiceURI}`, name: v.name, lang: v.lang, voice: v }));
}
