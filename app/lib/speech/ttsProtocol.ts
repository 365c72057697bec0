/**
 * The text-to-speech WebSocket (`TTS_SOCKET_PATH`), shared by the browser and the server: every
 * frame both ways, checked with zod, the limits and the close codes. docs/decisions/0046.
 *
 * One synthesis at a time per socket, so the binary frames between `start` and `end` of a request
 * are its audio (mono s16le PCM at `start.sampleRate`) and need no header: a socket delivers its
 * frames in order.
 */
import { z } from 'zod';
import { speechLanguageSchema } from './languages';

export const TTS_SOCKET_PATH = '/ws/tts';
/** A speak request's text: 1..TTS_TEXT_MAX characters. */
export const TTS_TEXT_MAX = 3000;
/** Per user, over every socket and download: characters synthesised per minute. */
export const TTS_CHARS_PER_MINUTE = 12_000;
/** Per user, over every socket and download: syntheses running at once. */
export const TTS_CONCURRENT_MAX = 2;
/** Largest client frame the server reads (a 3000-character text in JSON fits several times). */
export const TTS_FRAME_MAX_BYTES = 32 * 1024;
export const TTS_RATE_MIN = 0.5;
export const TTS_RATE_MAX = 2;

/** Application close codes (4000–4999): the page does not reconnect after these. */
export const TTS_CLOSE = { unauthenticated: 4401 } as const;

const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const speakRequestSchema = z.object({
  text: z
    .string()
    .max(TTS_TEXT_MAX)
    .refine((s) => s.trim().length > 0, 'empty'),
  language: speechLanguageSchema,
  voiceId: z
    .string()
    .regex(/^[A-Za-z0-9+_-]{1,64}$/)
    .optional(),
  rate: z.number().min(TTS_RATE_MIN).max(TTS_RATE_MAX).optional(),
});
export type SpeakRequest = z.infer<typeof speakRequestSchema>;

export const ttsClientFrameSchema = z.discriminatedUnion('type', [
  speakRequestSchema.extend({ type: z.literal('speak'), id: requestIdSchema }).strict(),
  z.object({ type: z.literal('cancel'), id: requestIdSchema }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type TtsClientFrame = z.infer<typeof ttsClientFrameSchema>;

/** What went wrong, as a code the page translates (voice.errors.<code>). */
export const TTS_ERROR_CODES = ['unauthenticated', 'badFrame', 'busy', 'rateLimited', 'unknownVoice', 'engine', 'internal'] as const;
export type TtsErrorCode = (typeof TTS_ERROR_CODES)[number];

export type TtsServerFrame =
  | { type: 'ready' }
  | { type: 'start'; id: string; sampleRate: number; voiceId: string }
  | { type: 'end'; id: string; seconds: number; cancelled?: boolean }
  | { type: 'error'; id: string | null; code: TtsErrorCode; retryAfterSeconds?: number; fatal?: boolean }
  | { type: 'pong' };
