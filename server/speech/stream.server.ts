/**
 * Live recognition on top of any batch engine: audio arrives in small chunks (dictation, a room's
 * speaker); an energy gate splits it into utterances at pauses; while someone speaks, the current
 * utterance is re-transcribed now and then for a partial result, and when they pause it is
 * transcribed once more as final. Times in results count from the start of the stream.
 */
import { STT_SAMPLE_RATE, type SpeechLanguage, type SpeechLanguageChoice } from '#app/lib/speech/languages';
import type { SpeechToText, TranscribeOptions, Transcript, TranscriptWord } from '#server/platform/speech/types';

export interface StreamSegment {
  text: string;
  words: TranscriptWord[];
  start: number;
  end: number;
  /** The language recognised (the one asked, or what 'auto' settled on). */
  language: SpeechLanguage;
  /** The segment's PCM (16 kHz mono s16le), for a second pass over the same audio (translation). */
  audio: Buffer;
}

export interface StreamingOptions {
  onPartial: (text: string) => void;
  onFinal: (segment: StreamSegment) => void;
  onError?: (error: Error) => void;
  /** New speech between two partial transcriptions. */
  partialEveryMs?: number;
  /** Quiet that ends an utterance. */
  silenceMs?: number;
  /** An utterance this long is cut and finalised even without a pause. */
  maxSegmentMs?: number;
  /** RMS of a 20 ms frame (of 32768) above which it counts as speech. */
  speechLevel?: number;
  /**
   * Quiet after which the utterance is decoded once ahead of its end: when the quiet then lasts
   * silenceMs, that result is the final (nothing more was said), so the final does not wait for a
   * decode after the pause. Unset: the final is decoded at the pause.
   */
  earlyFinalMs?: number;
  /** True while the caller has its own engine work queued (a translation): partials wait. */
  busy?: () => boolean;
  /** Passed to every engine call (the live captions: no second VAD pass, greedy). */
  transcribeOptions?: TranscribeOptions;
}

const FRAME_SAMPLES = STT_SAMPLE_RATE / 50; // 20 ms
const bytesOfMs = (ms: number) => Math.round((ms / 1000) * STT_SAMPLE_RATE) * 2;

/** Root mean square of a frame of s16le samples. */
export function frameLevel(frame: Buffer): number {
  let sum = 0;
  const samples = Math.floor(frame.length / 2);
  for (let i = 0; i < samples; i++) {
    const s = frame.readInt16LE(i * 2);
    sum += s * s;
  }
  return samples ? Math.sqrt(sum / samples) : 0;
}

export class StreamingRecognizer {
  private pending = Buffer.alloc(0); // bytes not yet a whole frame
  private segment: Buffer[] = [];
  private segmentBytes = 0;
  private segmentStartByte = 0;
  private consumedBytes = 0;
  private quietBytes = 0;
  private spoken = false;
  private sinceLastPartial = 0;
  private work: Promise<void> = Promise.resolve();
  private partialRunning = false;
  private closed = false;
  /** The decode started early in the current quiet (earlyFinalMs); dropped when speech resumes. */
  private early: Promise<Transcript | null> | null = null;
  private earlyRunning = false;
  /** Finals decided but not yet delivered: partials wait while any is (the finals come first). */
  private finalsPending = 0;
  /** Counts utterances finalised: an early decode's result is a partial only of the utterance it heard. */
  private utterance = 0;
  /** How long the last partial decode took (ms): partials come at most every twice that. */
  private lastPartialMs = 0;
  private readonly o: Required<Omit<StreamingOptions, 'onError' | 'transcribeOptions' | 'earlyFinalMs' | 'busy'>> & Pick<StreamingOptions, 'onError' | 'transcribeOptions' | 'earlyFinalMs' | 'busy'>;

  constructor(
    private readonly stt: SpeechToText,
    /** 'auto': detected on each utterance until the first final, then kept for the stream. */
    private language: SpeechLanguageChoice,
    options: StreamingOptions,
  ) {
    this.o = { partialEveryMs: 1200, silenceMs: 700, maxSegmentMs: 15_000, speechLevel: 500, ...options };
  }

  /** More PCM (16 kHz mono s16le) in arrival order. */
  push(chunk: Buffer): void {
    if (this.closed) return;
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frameBytes = FRAME_SAMPLES * 2;
    while (data.length >= frameBytes) {
      this.frame(data.subarray(0, frameBytes));
      data = data.subarray(frameBytes);
    }
    this.pending = Buffer.from(data);
  }

  /** The end of the audio: what is left is finalised; resolves when every result is delivered. */
  async end(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.finalise();
    }
    await this.work;
  }

  private frame(frame: Buffer) {
    const loud = frameLevel(frame) >= this.o.speechLevel;
    if (!this.spoken && !loud) {
      // Leading quiet is not kept beyond a short lead-in, so segments start near the speech.
      this.consumedBytes += frame.length;
      this.segment.push(Buffer.from(frame));
      this.segmentBytes += frame.length;
      while (this.segmentBytes > bytesOfMs(300)) {
        const first = this.segment.shift()!;
        this.segmentBytes -= first.length;
      }
      this.segmentStartByte = this.consumedBytes - this.segmentBytes;
      return;
    }
    this.spoken = true;
    this.consumedBytes += frame.length;
    this.segment.push(Buffer.from(frame));
    this.segmentBytes += frame.length;
    this.sinceLastPartial += frame.length;
    this.quietBytes = loud ? 0 : this.quietBytes + frame.length;
    if (loud) this.early = null;
    if (this.quietBytes >= bytesOfMs(this.o.silenceMs) || this.segmentBytes >= bytesOfMs(this.o.maxSegmentMs)) this.finalise();
    else if (this.o.earlyFinalMs !== undefined && !this.early && !this.earlyRunning && this.quietBytes >= bytesOfMs(this.o.earlyFinalMs)) {
      // One at a time: an early decode that speech made useless is not joined by another, and
      // serves as the utterance's partial line instead (it is the utterance so far).
      this.earlyRunning = true;
      this.sinceLastPartial = 0;
      const audio = Buffer.concat(this.segment);
      const utterance = this.utterance;
      const early: Promise<Transcript | null> = this.stt
        .transcribe(audio, this.language, this.o.transcribeOptions)
        .catch(() => null)
        .finally(() => (this.earlyRunning = false));
      this.early = early;
      void early.then((t) => {
        if (t?.text && this.early !== early && this.utterance === utterance && !this.closed) this.o.onPartial(t.text);
      });
    } else if (this.sinceLastPartial >= bytesOfMs(Math.max(this.o.partialEveryMs, 2 * this.lastPartialMs))) this.partial();
  }

  private partial() {
    this.sinceLastPartial = 0;
    // The engine is behind, or the utterance's early final is being decoded: skip this one rather than queue.
    if (this.partialRunning || this.earlyRunning || this.finalsPending || this.o.busy?.()) return;
    this.partialRunning = true;
    const audio = Buffer.concat(this.segment);
    const began = Date.now();
    this.stt
      .transcribe(audio, this.language, {
        ...this.o.transcribeOptions,
        words: false,
      })
      .then((t) => {
        if (t.text) this.o.onPartial(t.text);
      })
      .catch((e: Error) => this.o.onError?.(e))
      .finally(() => {
        this.partialRunning = false;
        this.lastPartialMs = Date.now() - began;
      });
  }

  private finalise() {
    const audio = Buffer.concat(this.segment);
    const spoken = this.spoken;
    const startSeconds = this.segmentStartByte / 2 / STT_SAMPLE_RATE;
    // Decoded early, and only quiet came after it: that decode is the final.
    const early = this.early;
    this.early = null;
    this.utterance++;
    this.segment = [];
    this.segmentBytes = 0;
    this.segmentStartByte = this.consumedBytes;
    this.quietBytes = 0;
    this.sinceLastPartial = 0;
    this.spoken = false;
    if (!spoken) return;
    // Finals are delivered in order, one engine run at a time.
    this.finalsPending++;
    this.work = this.work.then(async () => {
      try {
        const t = (await early) ?? (await this.stt.transcribe(audio, this.language, this.o.transcribeOptions));
        if (!t.text) return;
        if (this.language === 'auto') this.language = t.language;
        const words = t.words.map((w) => ({
          ...w,
          start: w.start + startSeconds,
          end: w.end + startSeconds,
        }));
        this.o.onFinal({
          text: t.text,
          words,
          start: startSeconds,
          end: startSeconds + audio.length / 2 / STT_SAMPLE_RATE,
          language: t.language,
          audio,
        });
      } catch (e) {
        this.o.onError?.(e as Error);
      } finally {
        this.finalsPending--;
      }
    });
  }
}
