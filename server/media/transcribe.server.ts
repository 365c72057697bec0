/**
 * One transcription job (TRANSCRIBE_JOB on the media queue; docs/decisions/0047): the item's audio
 * (its derived AAC or MP3 when processing made one, else the original) decoded to the recognisers'
 * PCM, transcribed with word timings by the deployment's engine, grouped into caption cues and
 * written to the person's transcript record, with progress on the way.
 *
 * Idempotent: a re-run (a worker killed mid-job, its job taken over) starts the record's run again
 * and ends with the same cues. The record, not the job, names the language: a person who starts
 * over in another language while the old job waits gets the language they chose last.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem } from '#app/lib/media/model';
import { cuesFromWords } from '#app/lib/speech/captions';
import { STT_SAMPLE_RATE } from '#app/lib/speech/languages';
import { MAX_CUES, MAX_TRANSCRIBE_SECONDS, type TranscriptFailure } from '#app/lib/speech/transcript';
import { tenantData } from '../data/tenantData.server';
import { decodeToRecognizerPcm, pcmSeconds } from '#server/platform/speech/audio.server';
import { isSpeechEngineError, type SpeechToText } from '#server/platform/speech/types';
import { isProcessingError } from '#server/platform/media/failures.server';
import type { JobStores } from './job.server';
import { downloadToFile } from './objects.server';
import type { TranscriptionJob } from './queue.server';

export interface TranscribeJobOptions {
  stt: SpeechToText;
  /** Whether a passing error may still be retried (false on the last attempt: the record then fails). */
  willRetry: boolean;
  onProgress?: (percent: number) => void;
  tmpRoot?: string;
}

export type TranscribeOutcome = { state: 'done'; cues: number } | { state: 'failed'; failure: TranscriptFailure } | { state: 'skipped'; reason: string };

/** The smallest file that still has the item's sound: derived audio before a video original. */
function audioSource(item: MediaItem): string {
  return item.derived.mp4?.key && item.kind === 'audio' ? item.derived.mp4.key : (item.derived.mp3?.key ?? item.original.key);
}

class TranscribeFailure extends Error {
  constructor(readonly failure: TranscriptFailure) {
    super(failure);
  }
}

export async function runTranscriptionJob(stores: JobStores, tenantId: TenantId, job: TranscriptionJob, options: TranscribeJobOptions): Promise<TranscribeOutcome> {
  const data = tenantData(stores, tenantId);
  const record = await data.transcripts.get(job.ownerId, job.mediaId);
  if (!record) return { state: 'skipped', reason: 'the transcript is gone' };
  const fail = async (failure: TranscriptFailure): Promise<TranscribeOutcome> => {
    await data.transcripts.update(job.ownerId, job.mediaId, { status: 'failed', failure });
    return { state: 'failed', failure };
  };
  const item = await data.media.get(job.mediaId);
  if (!item || (item.kind !== 'audio' && item.kind !== 'video')) return fail('gone');

  let last = -1;
  let writes: Promise<unknown> = Promise.resolve();
  const report = (fraction: number) => {
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    if (percent < last + 5 && last >= 0) return;
    last = percent;
    options.onProgress?.(percent);
    writes = writes.then(() => data.transcripts.update(job.ownerId, job.mediaId, { status: 'running', progress: percent })).catch(() => undefined);
  };

  const workDir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), `transcribe-${job.mediaId}-`));
  try {
    report(0);
    const key = audioSource(item);
    const path = join(workDir, `audio${extname(key)}`);
    await downloadToFile(stores.storage, tenantId, key, path);
    const pcm = await decodeToRecognizerPcm(path).catch(() => {
      throw new TranscribeFailure('noAudio');
    });
    const seconds = pcmSeconds(pcm, STT_SAMPLE_RATE);
    if (seconds < 0.1) throw new TranscribeFailure('noAudio');
    if (seconds > MAX_TRANSCRIBE_SECONDS) throw new TranscribeFailure('tooLong');
    report(0.02);
    const transcript = await options.stt.transcribe(pcm, record.language, { onProgress: (f) => report(0.02 + f * 0.97) });
    const cues = cuesFromWords(transcript.words).slice(0, MAX_CUES);
    await writes;
    // 'auto' becomes the language recognised.
    const done = await data.transcripts.update(job.ownerId, job.mediaId, { status: 'done', cues, durationSeconds: transcript.durationSeconds, language: transcript.language });
    options.onProgress?.(100);
    return done ? { state: 'done', cues: cues.length } : { state: 'skipped', reason: 'the transcript is gone' };
  } catch (e) {
    await writes;
    if (e instanceof TranscribeFailure) return fail(e.failure);
    if (isProcessingError(e)) return fail('gone');
    if (isSpeechEngineError(e) || !options.willRetry) {
      await fail('engine');
      if (!isSpeechEngineError(e)) throw e;
      return { state: 'failed', failure: 'engine' };
    }
    throw e;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
