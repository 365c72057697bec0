/**
 * Live captions in rooms (docs/decisions/0048-live-captions.md). A person who publishes a
 * microphone streams it, as 16 kHz mono s16le PCM in binary frames, over the captions socket; the
 * server recognises it and shows partial and final captions to everyone in the room through the
 * chat socket (a `caption` frame). Shared by the browser and the server.
 */
import { z } from 'zod';
import { STT_SAMPLE_RATE } from '#app/lib/speech/languages';

export const CAPTIONS_SOCKET_PATH = '/ws/captions';

/** 0.5 s of audio: the browser sends a frame every ~100 ms, so this leaves room for jitter. */
export const CAPTIONS_CHUNK_MAX_BYTES = STT_SAMPLE_RATE; // 16000 samples/s × 2 bytes × 0.5 s
/** Largest text frame (control frames are a few bytes). */
export const CAPTIONS_TEXT_MAX_BYTES = 1024;
/**
 * Audio may arrive at most 1.5× real time over 10 s (a burst after a network stall fits; a client
 * pushing more is refused): bytes per window.
 */
export const CAPTIONS_AUDIO_LIMIT = { bytes: Math.round(STT_SAMPLE_RATE * 2 * 10 * 1.5), seconds: 10 } as const;
/** Frames refused for the rate in a row before the socket is closed. */
export const CAPTIONS_MAX_REFUSALS = 50;
/** Text frames (ping, pause) per 10 s. */
export const CAPTIONS_CONTROL_LIMIT = { points: 30, seconds: 10 } as const;
export const CAPTIONS_PING_SECONDS = 25;
/** A caption line shown to viewers: the last words of a long utterance. */
export const CAPTION_TEXT_MAX = 400;

export const CAPTIONS_CLOSE = {
  badRequest: 4400,
  unauthenticated: 4401,
  forbidden: 4403,
  notFound: 4404,
  /** The event does not show captions (showTranscription off). */
  off: 4405,
  over: 4410,
  /** The engine does not recognise the event's language. */
  language: 4415,
  rateLimited: 4429,
  /** Every caption slot of the server's speech workers is taken (SPEECH_CAPTION_SPEAKERS_PER_WORKER). */
  busy: 4503,
} as const;

/** How long a speaker refused as `busy` waits before asking again (a slot frees when someone stops). */
export const CAPTIONS_BUSY_RETRY_MS = 20_000;

export const CAPTIONS_ERROR_CODES = ['badRequest', 'unauthenticated', 'forbidden', 'notFound', 'off', 'over', 'language', 'badFrame', 'rateLimited', 'unavailable', 'busy'] as const;
export type CaptionsErrorCode = (typeof CAPTIONS_ERROR_CODES)[number];

/** Text frames a speaker's browser sends (audio goes in binary frames). */
export const captionsClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }).strict(),
  /** The microphone was muted or stopped: what was said so far is final. */
  z.object({ type: z.literal('pause') }).strict(),
]);
export type CaptionsClientFrame = z.infer<typeof captionsClientFrameSchema>;

export type CaptionsServerFrame =
  | { type: 'ready'; language: string }
  | { type: 'pong' }
  | { type: 'error'; code: CaptionsErrorCode; fatal?: boolean };

/** One line of captions, as the room shows it. */
export interface LiveCaption {
  /** The speaker's user id (their LiveKit identity). */
  speakerId: string;
  speakerName: string;
  /** One utterance of the speaker: partials and its final share it. */
  utteranceId: string;
  text: string;
  /** Partial: the recogniser's running guess, replaced by the next; final: what is kept. */
  final: boolean;
  /** Wall-clock ms of the utterance's start (the event timeline recordings count from). */
  at: number;
  /**
   * Absent: the speaker's own words, in the event's language. 'translation': the same utterance in
   * English (the recogniser's translate task), for a non-English event; viewers choose it in the CC menu.
   */
  track?: CaptionTrack;
}

export type CaptionTrack = 'translation';
/** The language of the translated track. */
export const CAPTION_TRANSLATION_LANGUAGE = 'en';

/** Whether the room shows captions, and why not. */
export type CaptionsAvailability = { state: 'off' } | { state: 'on'; language: string; translated?: boolean } | { state: 'unsupportedLanguage'; language: string };

export function captionsSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, eventId: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${CAPTIONS_SOCKET_PATH}?${new URLSearchParams({ event: eventId })}`;
}
