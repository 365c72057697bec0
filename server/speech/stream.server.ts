/**
 * Live recognition on top of any batch engine: audio arrives in small chunks (dictation, a room's
 * speaker); an energy gate splits it into utterances at pauses; while someone speaks, the current
 * utterance is re-transcribed now and then for a partial result, and when they pause it is
 * transcribed once more as final. Times in results count from the start of the stream.
 */
import { STT_SAMPLE_RATE, type SpeechLanguage, type SpeechLanguageChoice } from '#app/lib/speech/languages';
import type { SpeechToText, TranscriptWord } from '#server/platform/speech/types';

export interface StreamSegment {
  text: string;
  words: TranscriptWord[];
  start: number;
  end: number;
  /** The language recognised (the one asked, or what 'auto' settled on). */
  language: SpeechLanguage;
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
  private readonly o: Required<Omit<StreamingOptions, 'onError'>> & Pick<StreamingOptions, 'onError'>;

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
    if (this.quietBytes >= bytesOfMs(this.o.silenceMs) || this.segmentBytes >= bytesOfMs(this.o.maxSegmentMs)) this.finalise();
    else if (this.sinceLastPartial >= bytesOfMs(this.o.partialEveryMs)) this.partial();
  }

  private partial() {
    this.sinceLastPartial = 0;
    if (this.partialRunning) return; // the engine is behind: skip this one rather than queue
    this.partialRunning = true;
    const audio = Buffer.concat(this.segment);
    this.stt
      .transcribe(audio, this.language)
      .then((t) => {
        if (t.text) this.o.onPartial(t.text);
      })
      .catch((e: Error) => this.o.onError?.(e))
      .finally(() => (this.partialRunning = false));
  }

  private finalise() {
    const audio = Buffer.concat(this.segment);
    const spoken = this.spoken;
    const startSeconds = this.segmentStartByte / 2 / STT_SAMPLE_RATE;
    this.segment = [];
    this.segmentBytes = 0;
    this.segmentStartByte = this.consumedBytes;
    this.quietBytes = 0;
    this.sinceLastPartial = 0;
    this.spoken = false;
    if (!spoken) return;
    // Finals are delivered in order, one engine run at a time.
    this.work = this.work.then(async () => {
      try {
        const t = await this.stt.transcribe(audio, this.language);
        if (!t.text) return;
        if (this.language === 'auto') this.language = t.language;
        const words = t.words.map((w) => ({ ...w, start: w.start + startSeconds, end: w.end + startSeconds }));
        this.o.onFinal({ text: t.text, words, start: startSeconds, end: startSeconds + t.durationSeconds, language: t.language });
      } catch (e) {
        this.o.onError?.(e as Error);
      }
    });
  }
}
