/** The browser's side of the transcription API (server/speech/api/transcripts.server.ts). */
import type { CaptionCue } from './captions';
import type { SpeechLanguageChoice } from './languages';
import type { TranscriptView } from './transcript';

export class TranscriptApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly line?: number,
    readonly problem?: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit | undefined, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init, headers: { 'Content-Type': 'application/json', ...(init?.headers ?? {}) } });
  } catch {
    throw new TranscriptApiError(0, 'network', fallback);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string; line?: number; problem?: string } & T;
  if (!response.ok) throw new TranscriptApiError(response.status, body.error ?? 'unknown', body.message ?? fallback, body.line, body.problem);
  return body;
}

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export const fetchTranscript = (mediaId: string, fallback: string) =>
  call<{ transcript: TranscriptView }>(`/api/transcripts?media=${encodeURIComponent(mediaId)}`, undefined, fallback).then((b) => b.transcript);

export const startTranscript = (mediaId: string, language: SpeechLanguageChoice, fallback: string) =>
  call<{ transcript: TranscriptView }>('/api/transcripts', post({ mediaId, language }), fallback).then((b) => b.transcript);

export const saveCues = (mediaId: string, cues: CaptionCue[], fallback: string) =>
  call<{ transcript: TranscriptView }>('/api/transcripts/cues', post({ mediaId, cues }), fallback).then((b) => b.transcript);

export const attachCaptions = (body: { mediaId: string; language?: string; vtt?: string }, fallback: string) =>
  call<{ captions: Array<{ language: string; cueCount: number }> }>('/api/transcripts/captions', post(body), fallback);

/** Saves text as a file through the browser (no server round trip). */
export function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
