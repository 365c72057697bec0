/** The deployment's speech engines: local (flite and espeak-ng voices, the local recogniser) or AWS (docs/decisions/0043, 0046). */
import type { Env } from '#server/env.server';
import { createPollyTts } from './aws/polly.server';
import { createTranscribeStt } from './aws/transcribe.server';
import { createLocalTts } from './local/localTts.server';
import { createPocketsphinxStt } from './local/pocketsphinx.server';
import type { SpeechServices } from './types';

export function createSpeechServices(env: Pick<Env, 'SPEECH_PROVIDER'>): SpeechServices {
  switch (env.SPEECH_PROVIDER) {
    case 'local':
      return { tts: createLocalTts(), stt: createPocketsphinxStt() };
    // Amazon Polly and Transcribe Streaming; region and credentials from the standard AWS chain.
    case 'aws':
      return { tts: createPollyTts(), stt: createTranscribeStt() };
  }
}
