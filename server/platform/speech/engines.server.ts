/** The deployment's speech engines: local (flite and espeak-ng voices, the local recogniser) or AWS (docs/decisions/0043, 0046, 0098). */
import type { Env } from '#server/env.server';
import { createPollyTts } from './aws/polly.server';
import { createTranscribeStt } from './aws/transcribe.server';
import { createLocalTts } from './local/localTts.server';
import { createPocketsphinxStt } from './local/pocketsphinx.server';
import { createWhisperStt, speechWorkerUrls } from './local/whisper.server';
import type { SpeechServices, SpeechToText } from './types';

/** The local recogniser: the speech workers (Whisper base) when the stack runs them, else pocketsphinx (English only). */
function localStt(env: Pick<Env, 'SPEECH_WORKER_URLS'>): SpeechToText {
  const urls = speechWorkerUrls(env.SPEECH_WORKER_URLS);
  return urls.length ? createWhisperStt({ urls }) : createPocketsphinxStt();
}

export function createSpeechServices(env: Pick<Env, 'SPEECH_PROVIDER' | 'SPEECH_WORKER_URLS'>): SpeechServices {
  switch (env.SPEECH_PROVIDER) {
    case 'local':
      return { tts: createLocalTts(), stt: localStt(env) };
    // Amazon Polly and Transcribe Streaming; region and credentials from the standard AWS chain.
    case 'aws':
      return { tts: createPollyTts(), stt: createTranscribeStt() };
  }
}
