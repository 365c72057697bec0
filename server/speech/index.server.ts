/** The deployment's speech engines: local (espeak-ng and the local recogniser) or AWS (docs/decisions/0043). */
import type { Env } from '../env.server';
import { createEspeakTts } from './local/espeak.server';
import { createPocketsphinxStt } from './local/pocketsphinx.server';
import type { SpeechServices } from './types';

export function createSpeechServices(env: Pick<Env, 'SPEECH_PROVIDER'>): SpeechServices {
  switch (env.SPEECH_PROVIDER) {
    case 'local':
      return { tts: createEspeakTts(), stt: createPocketsphinxStt() };
  }
}
