/**
 * What a room's caption overlay shows (docs/decisions/0048): the speaker heard last, their last
 * final line and the partial one still being recognised (or their last two finals), each kept for
 * a few seconds after it last changed.
 */
import type { LiveCaption } from './protocol';

export const CAPTION_LINGER_MS = 8000;

export interface CaptionLine {
  utteranceId: string;
  text: string;
  final: boolean;
  updatedAt: number;
}

export interface CaptionView {
  speakerId: string | null;
  speakerName: string;
  /** Oldest first; at most two. */
  lines: CaptionLine[];
}

export const emptyCaptionView: CaptionView = { speakerId: null, speakerName: '', lines: [] };

export function applyCaption(view: CaptionView, caption: LiveCaption, now: number): CaptionView {
  const sameSpeaker = view.speakerId === caption.speakerId;
  // A partial that arrives after its utterance's final is stale.
  if (sameSpeaker && !caption.final && view.lines.some((line) => line.final && line.utteranceId === caption.utteranceId)) return view;
  const kept = sameSpeaker ? view.lines.filter((line) => line.utteranceId !== caption.utteranceId && line.final) : [];
  const line: CaptionLine = { utteranceId: caption.utteranceId, text: caption.text, final: caption.final, updatedAt: now };
  return { speakerId: caption.speakerId, speakerName: caption.speakerName, lines: [...kept, line].slice(-2) };
}

/** Drops lines older than the linger time; the same object when nothing changed. */
export function expireCaptions(view: CaptionView, now: number): CaptionView {
  const lines = view.lines.filter((line) => now - line.updatedAt < CAPTION_LINGER_MS);
  if (lines.length === view.lines.length) return view;
  return lines.length ? { ...view, lines } : emptyCaptionView;
}
