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
import { CAPTION_TEXT_MAX, CAPTION_TRANSLATION_LANGUAGE, type LiveCaption } from '#app/lib/captions/protocol';
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import type { StoredCaption } from '../data/liveCaptions.server';
import { translatesLiveCaptions } from './access.server';
import { StreamingRecognizer, type StreamSegment } from '../stream.server';
import type { SpeechToText, TranscribeOptions, TranscriptWord } from '#server/platform/speech/types';
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

/**
 * The live path's recogniser settings (docs/decisions/0099): segments cut by the energy gate at
 * 600 ms of quiet (or 10 s of speech), decoded once already after 300 ms of quiet (that decode is the
 * final when the quiet lasts), the growing segment re-decoded every 800 ms for the partial line, greedy decoding and no second voice-activity pass in the worker (the gate already cut it).
 * Finished segments are never decoded again.
 */
export const LIVE_CAPTION_STREAMING = { partialEveryMs: 800, silenceMs: 600, earlyFinalMs: 300, maxSegmentMs: 10_000 } as const;
const LIVE_DECODING: TranscribeOptions = { vad: false, beamSize: 1 };

/** Word times of a caption kept: ms from its start. */
const keptWords = (words: readonly TranscriptWord[], start: number) =>
  words.map((w) => ({ w: w.word, s: Math.max(0, Math.round((w.start - start) * 1000)), e: Math.max(0, Math.round((w.end - start) * 1000)) }));

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
  /** Final lines given by the recogniser and not yet published (this one included). */
  private finalsQueued = 0;
  /** Translations asked of the engine and not answered yet. */
  private translating = 0;
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
      ...LIVE_CAPTION_STREAMING,
      transcribeOptions: LIVE_DECODING,
      // The worker's time goes to finals and their translations first.
      busy: () => this.translating > 0,
      onPartial: (text) => this.partial(text, origin),
      onFinal: (segment) => {
        const utteranceId = this.utteranceId;
        this.nextUtterance();
        this.finalsQueued++;
        this.finals = this.finals.then(() => this.final(segment, origin, utteranceId)).finally(() => this.finalsQueued--);
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
    // A partial's start is not known yet; the final gives it.
    void this.o.publish(this.caption(this.utteranceId, shown, false, origin));
  }

  /** A line of this speaker, as published to the room. */
  private caption(utteranceId: string, text: string, final: boolean, at: number): LiveCaption {
    return { speakerId: this.o.speaker.id, speakerName: this.o.speaker.name, utteranceId, text, final, at };
  }

  private async final(segment: StreamSegment, origin: number, utteranceId: string) {
    const at = Math.round(origin + segment.start * 1000);
    const text = captionText(segment.text);
    if (!text) return;
    await this.o.publish(this.caption(utteranceId, text, true, at));
    await this.keep({
      utteranceId,
      language: this.o.language,
      text: segment.text,
      at,
      end: Math.round(origin + segment.end * 1000),
      words: keptWords(segment.words, segment.start),
    });
    // The speaker's own line comes first: when the next one is already waiting (the engine is
    // behind), this line's translation is left out rather than delay it.
    if (translatesLiveCaptions(this.o.stt, this.o.language)) {
      if (this.finalsQueued > 1) log.info(`[captions] translation of ${utteranceId} left out: ${this.finalsQueued - 1} lines of ${this.o.speaker.id} waiting`);
      else await this.translation(segment, at, utteranceId);
    }
  }

  /** The same segment in English: shown on the translated track and kept beside the original. */
  private async translation(segment: StreamSegment, at: number, utteranceId: string) {
    let english;
    this.translating++;
    try {
      english = await this.o.stt.translate!(segment.audio, this.o.language, {
        ...LIVE_DECODING,
        words: false,
      });
    } catch (e) {
      log.warn(`[captions] translation failed for ${this.o.speaker.id}: ${(e as Error).message}`);
      return;
    } finally {
      this.translating--;
    }
    const text = captionText(english.text);
    if (!text) return;
    await this.o.publish({ ...this.caption(utteranceId, text, true, at), track: 'translation' });
    // Its own key (the utterance id marked), so the original and its translation are both kept; one
    // cue for the line (Whisper's word times of a translation do not match the speech it heard).
    await this.keep({
      utteranceId: `${utteranceId}-${CAPTION_TRANSLATION_LANGUAGE}`,
      language: CAPTION_TRANSLATION_LANGUAGE,
      text: english.text,
      at,
      end: at + Math.round(english.durationSeconds * 1000),
      words: keptWords(english.words, 0),
    });
  }

  private async keep(caption: Omit<StoredCaption, 'speakerId' | 'speakerName'>) {
    try {
      await this.o.store({
        speakerId: this.o.speaker.id,
        speakerName: this.o.speaker.name,
        ...caption,
      });
    } catch (e) {
      log.error(`[captions] a final caption was not kept for ${this.o.speaker.id}: ${(e as Error).message}`);
    }
  }
}
