/**
 * The dictation socket's protocol (/ws/stt; docs/decisions/0047), shared by the page and the server.
 *
 * Client → server: text frames {type:'start', language} (a language or 'auto') and {type:'stop'}; between them binary
 * frames of 16 kHz mono s16le PCM (STT_SAMPLE_RATE), each at most DICTATION_MAX_AUDIO_FRAME_BYTES.
 * Server → client: {type:'ready'} once a stream is started, {type:'partial', text} while someone
 * speaks, {type:'final', text, start, end, language} (seconds from the stream's start; the language
 * recognised, which 'auto' settles on at the first final) at each pause,
 * {type:'stopped'} once every final of a stopped stream was sent, and {type:'error', code} (the
 * socket then closes with DICTATION_CLOSE[code] when the error is fatal).
 */
import { z } from 'zod';
import { SPEECH_LANGUAGE_CHOICES } from './languages';

export const DICTATION_SOCKET_PATH = '/ws/stt';

/** 250 ms of audio is 8000 bytes; a frame may carry up to a second. */
export const DICTATION_MAX_AUDIO_FRAME_BYTES = 32_000;
/** Text frames are tiny; anything bigger is refused by the socket itself. */
export const DICTATION_MAX_FRAME_BYTES = DICTATION_MAX_AUDIO_FRAME_BYTES;
/** Audio a person may stream per hour (the recogniser is the server's costliest work). */
export const DICTATION_MINUTES_PER_HOUR = 30;

export const dictationClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), language: z.enum(SPEECH_LANGUAGE_CHOICES) }).strict(),
  z.object({ type: z.literal('stop') }).strict(),
]);
export type DictationClientFrame = z.infer<typeof dictationClientFrameSchema>;

export const DICTATION_ERRORS = ['unauthenticated', 'badFrame', 'language', 'busy', 'limit', 'engine'] as const;
export type DictationErrorCode = (typeof DICTATION_ERRORS)[number];

/** Close codes (4000–4999 are the application's). */
export const DICTATION_CLOSE: Record<Exclude<DictationErrorCode, 'engine'>, number> = {
  unauthenticated: 4401,
  badFrame: 4400,
  language: 4422,
  busy: 4409,
  limit: 4429,
};

export type DictationServerFrame =
  | { type: 'ready'; language: string }
  | { type: 'partial'; text: string }
  | { type: 'final'; text: string; start: number; end: number; language: string }
  | { type: 'stopped' }
  | { type: 'error'; code: DictationErrorCode; retryAfterSeconds?: number };
