/**
 * One speaker's live captions (docs/decisions/0048): their microphone's PCM goes through a
 * StreamingRecognizer; partials and finals become LiveCaptions for the room, and finals are kept
 * on the event timeline (wall-clock ms) for the recording's captions track.
 *
 * The recogniser counts time from its first byte, so the speaker records the wall clock of that
 * byte; a pause (the microphone muted) ends the recogniser and the next audio starts a new one, so
 * the silence the browser did not send never shifts the times.
 */
import { randomBytes } from 'node:crypto';
import { CAPTION_TEXT_MAX, type LiveCaption } from '#app/lib/captions/protocol';
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import type { StoredCaption } from '../data/liveCaptions.server';
import { StreamingRecognizer, type StreamSegment } from '../stream.server';
import type { SpeechToText } from '#server/platform/speech/types';
import { log } from '#server/observability/log.server';

export interface SpeakerOptions {
  stt: SpeechToText;
  language: SpeechLanguage;
  speaker: { id: string; name: string };
  /** Shows a caption to the room. */
  publish: (caption: LiveCaption) => Promise<void>;
  /** Keeps a final caption. */
  store: (caption: StoredCaption) => Promise<void>;
  now?: () => number;
}

/** The last words of a long line: a caption overlay shows one or two lines. */
export function captionText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= CAPTION_TEXT_MAX) return clean;
  const tail = clean.slice(clean.length - CAPTION_TEXT_MAX);
  const space = tail.indexOf(' ');
  return `…${space >= 0 ? tail.slice(space + 1) : tail}`;
}

const msOfBytes = (bytes: number) => (bytes / 2 / STT_SAMPLE_RATE) * 1000;

export class CaptionSpeaker {
  private recognizer: StreamingRecognizer | null = null;
  /** Wall-clock ms of the current recogniser's first sample. */
  private origin = 0;
  private utterance = 0;
  private utteranceId = '';
  private ending: Promise<void> = Promise.resolve();
  /** Finals published and kept in order; end() waits for them. */
  private finals: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly o: SpeakerOptions) {
    this.now = o.now ?? Date.now;
  }

  /** PCM (16 kHz mono s16le) as it arrives. */
  push(chunk: Buffer): void {
    if (!this.recognizer) this.start(chunk.length);
    this.recognizer!.push(chunk);
  }

  /** The microphone stopped: what was said so far becomes final. */
  pause(): Promise<void> {
    const recognizer = this.recognizer;
    this.recognizer = null;
    if (recognizer) this.ending = this.ending.then(() => recognizer.end());
    return this.ending.then(() => this.finals);
  }

  /** The socket closed: every remaining final is published and kept before this resolves. */
  end(): Promise<void> {
    return this.pause();
  }

  private start(firstChunkBytes: number) {
    // This chunk's first sample was captured about its own length ago.
    this.origin = this.now() - msOfBytes(firstChunkBytes);
    const origin = this.origin;
    this.nextUtterance();
    this.recognizer = new StreamingRecognizer(this.o.stt, this.o.language, {
      onPartial: (text) => this.partial(text, origin),
      onFinal: (segment) => {
        const utteranceId = this.utteranceId;
        this.nextUtterance();
        this.finals = this.finals.then(() => this.final(segment, origin, utteranceId));
      },
      onError: (e) => log.warn(`[captions] recognition failed for ${this.o.speaker.id}: ${e.message}`),
    });
  }

  private nextUtterance() {
    this.utterance++;
    this.utteranceId = `${this.utterance.toString(36)}${randomBytes(3).toString('hex')}`;
  }

  private partial(text: string, origin: number) {
    const shown = captionText(text);
    if (!shown) return;
    void this.o.publish({
      speakerId: this.o.speaker.id,
      speakerName: this.o.speaker.name,
      utteranceId: this.utteranceId,
      text: shown,
      final: false,
      // A partial's start is not known yet; the final gives it.
      at: origin,
    });
  }

  private async final(segment: StreamSegment, origin: number, utteranceId: string) {
    const at = Math.round(origin + segment.start * 1000);
    const text = captionText(segment.text);
    if (!text) return;
    await this.o.publish({ speakerId: this.o.speaker.id, speakerName: this.o.speaker.name, utteranceId, text, final: true, at });
    try {
      await this.o.store({
        speakerId: this.o.speaker.id,
        speakerName: this.o.speaker.name,
        utteranceId,
        language: this.o.language,
        text: segment.text,
        at,
        end: Math.round(origin + segment.end * 1000),
        words: segment.words.map((w) => ({ w: w.word, s: Math.max(0, Math.round((w.start - segment.start) * 1000)), e: Math.max(0, Math.round((w.end - segment.start) * 1000)) })),
      });
    } catch (e) {
      log.error(`[captions] a final caption was not kept for ${this.o.speaker.id}: ${(e as Error).message}`);
    }
  }
}
