// bench/speech-stt's caption latency (docs/decisions/0099): recorded speech fed at 1× real time, in
// the browser's 100 ms frames, into the room's live caption path (CaptionSpeaker: energy-cut
// segments, partial re-decodes, a final per segment, the English translation of a non-English
// final), with the speech worker as the recogniser. Measured per final line: from the end of its
// last word (the worker's word time on the stream's clock) to the moment the line is published,
// the wait a viewer has for a word once it is said. Also: the first partial after speech starts.
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import type { LiveCaption } from '#app/lib/captions/protocol';
import { CaptionSpeaker } from '#server/speech/captions/speaker.server';
import type { StoredCaption } from '#server/speech/data/liveCaptions.server';
import type { SpeechToText } from '#server/platform/speech/types';

export const CAPTION_P50_TARGET_MS = 2000;
export const CAPTION_P95_TARGET_MS = 4000;
const FRAME_MS = 100;
const FRAME_BYTES = (STT_SAMPLE_RATE * 2 * FRAME_MS) / 1000;
/** Quiet between two clips, as between two sentences of a talk. */
const GAP_MS = 1500;

export interface CaptionLatency {
  language: SpeechLanguage;
  /** Speech end (a final line's last word) → the line published, ms, one per final. */
  finals: number[];
  /** A translated line (English) → published, from the same word end, ms. */
  translations: number[];
  /** Speech start → first partial line of the utterance, ms. */
  firstPartials: number[];
  lines: string[];
  /** Seconds of audio fed. */
  audioSeconds: number;
  /** The worker's time in inference over the run, as a share of the run's wall time (one speaker's load). */
  workerBusyShare: number;
}

/** The worker's seconds spent in inference so far (its /health). */
async function busySeconds(url: string): Promise<number> {
  const res = await fetch(`${url}/health`, {
    signal: AbortSignal.timeout(5000),
  });
  const body = (await res.json()) as { busySeconds?: number };
  return body.busySeconds ?? NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Feeds the clips one after another at real time into one speaker; resolves when every line is out. */
export async function measureCaptionLatency(stt: SpeechToText, workerUrl: string, language: SpeechLanguage, clips: readonly Buffer[]): Promise<CaptionLatency> {
  const published = new Map<string, number>();
  const result: CaptionLatency = {
    language,
    finals: [],
    translations: [],
    firstPartials: [],
    lines: [],
    audioSeconds: 0,
    workerBusyShare: NaN,
  };
  const busyBefore = await busySeconds(workerUrl);
  const speechStarts: number[] = [];
  const firstPartialSeen = new Set<number>();
  const speaker = new CaptionSpeaker({
    stt,
    language,
    speaker: { id: 'bench', name: 'Bench' },
    publish: async (caption: LiveCaption) => {
      const now = Date.now();
      if (caption.final) published.set(`${caption.track ?? 'original'}:${caption.utteranceId}`, now);
      else if (!caption.track) {
        // The clip being spoken now: its first partial.
        const clip = speechStarts.length - 1;
        if (clip >= 0 && !firstPartialSeen.has(clip)) {
          firstPartialSeen.add(clip);
          result.firstPartials.push(now - speechStarts[clip]!);
        }
      }
    },
    store: async (caption: StoredCaption) => {
      const translated = caption.language !== language;
      const utteranceId = translated ? caption.utteranceId.replace(/-[a-z]{2}$/, '') : caption.utteranceId;
      const at = published.get(`${translated ? 'translation' : 'original'}:${utteranceId}`);
      const lastWord = caption.words.at(-1);
      if (at === undefined) return;
      const spokenEnd = caption.at + (lastWord ? lastWord.e : caption.end - caption.at);
      (translated ? result.translations : result.finals).push(at - spokenEnd);
      if (!translated) result.lines.push(caption.text);
    },
  });
  const silence = Buffer.alloc(FRAME_BYTES);
  const began = Date.now();
  let sentMs = 0;
  const send = async (frame: Buffer) => {
    sentMs += FRAME_MS;
    await sleep(began + sentMs - Date.now());
    speaker.push(frame);
  };
  for (let i = 0; i < GAP_MS / FRAME_MS; i++) await send(silence);
  for (const pcm of clips) {
    speechStarts.push(Date.now());
    for (let offset = 0; offset < pcm.length; offset += FRAME_BYTES) {
      const frame = Buffer.alloc(FRAME_BYTES);
      pcm.copy(frame, 0, offset, Math.min(pcm.length, offset + FRAME_BYTES));
      await send(frame);
    }
    for (let i = 0; i < GAP_MS / FRAME_MS; i++) await send(silence);
  }
  await speaker.end();
  result.audioSeconds = sentMs / 1000;
  result.workerBusyShare = ((await busySeconds(workerUrl)) - busyBefore) / ((Date.now() - began) / 1000);
  return result;
}
