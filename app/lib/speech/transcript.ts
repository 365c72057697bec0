/**
 * A transcription of a library item (/transcribeAudio; docs/decisions/0047): one per person and
 * item, made by a durable job on the media queue, then edited cue by cue and exported or attached
 * as the item's captions. Shared by the screen, the API and the worker.
 */
import { z } from 'zod';
import { SPEECH_LANGUAGE_CHOICES, SPEECH_LANGUAGES, type SpeechLanguage, type SpeechLanguageChoice } from './languages';
import type { CaptionCue } from './captions';

export const TRANSCRIPT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** Why a transcription failed, in codes the screen words in the person's language. */
export const TRANSCRIPT_FAILURES = ['noAudio', 'engine', 'tooLong', 'gone'] as const;
export type TranscriptFailure = (typeof TRANSCRIPT_FAILURES)[number];

/** The longest audio transcribed (the local engine runs at about real time on one core). */
export const MAX_TRANSCRIBE_SECONDS = 2 * 3600;
/** Cues kept on a transcript record (a DynamoDB item stays well under its 400 KB). */
export const MAX_CUES = 2000;
export const MAX_CUE_CHARS = 500;

export interface TranscriptRecord {
  mediaId: string;
  ownerId: string;
  /** As asked; 'auto' (detect) is replaced by the language recognised when the job is done. */
  language: SpeechLanguageChoice;
  status: TranscriptStatus;
  /** 0–100 while running. */
  progress: number;
  failure?: TranscriptFailure;
  cues: CaptionCue[];
  durationSeconds?: number;
  /** The item's title when the job was started (the screen's heading). */
  title: string;
  createdAt: string;
  updatedAt: string;
}

const mediaId = z.string().regex(/^[a-z0-9]{21}$/);

/** POST /api/transcripts: transcribe a library item the person may see. */
export const startTranscriptSchema = z.object({ mediaId, language: z.enum(SPEECH_LANGUAGE_CHOICES).default('auto') });

const cueSchema = z
  .object({
    start: z.number().finite().min(0).max(MAX_TRANSCRIBE_SECONDS),
    end: z.number().finite().min(0).max(MAX_TRANSCRIBE_SECONDS),
    text: z.string().max(MAX_CUE_CHARS),
  })
  .refine((c) => c.end >= c.start, { message: 'end before start', path: ['end'] });

/** PUT-like save of the edited cues (text edits; times are the engine's). */
export const saveCuesSchema = z.object({ mediaId, cues: z.array(cueSchema).max(MAX_CUES) });

/** What the screen polls: the record without the owner's id. */
export type TranscriptView = Omit<TranscriptRecord, 'ownerId'>;

export const transcriptView = ({ ownerId: _owner, ...view }: TranscriptRecord): TranscriptView => view;

export const isSpeechLanguage = (value: unknown): value is SpeechLanguage => (SPEECH_LANGUAGES as readonly unknown[]).includes(value);
