/**
 * A recording keeps the room's live captions (docs/decisions/0048): when a recording of the event
 * becomes a media item, the final captions said between its start and its end become WebVTT
 * tracks on the item (source 'live'; one per language: the original and its English translation), timed from the item's startedAt: the timeline chat replay
 * uses too (server/media/ondemand/eventVod.server.ts).
 */
import { cuesFromWords, toVtt, type CaptionCue, type TimedWord } from '#app/lib/speech/captions';
import type { MediaItem } from '#app/lib/media/model';
import type { StoredCaption } from '../data/liveCaptions.server';
import { captionsKey } from '#server/media/index.server';
import type { TenantData } from '#server/data/tenantData.server';
import { recordingStartMs } from '#server/media/index.server';
import { log } from '#server/observability/log.server';

/** Cues of the captions on a timeline starting at `startMs` (seconds from it); nothing before it. */
export function cuesOfCaptions(captions: readonly StoredCaption[], startMs: number): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const caption of [...captions].sort((a, b) => a.at - b.at)) {
    const offset = (caption.at - startMs) / 1000;
    const words: TimedWord[] = caption.words.map((w) => ({ word: w.w, start: offset + w.s / 1000, end: offset + w.e / 1000 }));
    const own = words.length ? cuesFromWords(words) : [{ start: offset, end: Math.max(offset + 1, (caption.end - startMs) / 1000), text: caption.text }];
    for (const cue of own) if (cue.start >= 0 && cue.text.trim()) cues.push(cue);
  }
  return cues;
}

/**
 * Stores the event's live captions on the recording's item, one WebVTT track per language (the
 * speakers' own words, and the English translation of a non-English event, docs/decisions/0099),
 * and records the tracks; returns the number of cues (0: nothing was said with captions on, and no
 * track is made).
 */
export async function attachLiveCaptions(data: TenantData, item: MediaItem, endedAt: string | null | undefined): Promise<number> {
  if (!item.eventId) return 0;
  const startMs = recordingStartMs(item);
  const endMs = endedAt ? Date.parse(endedAt) : Date.now();
  const captions = await data.liveCaptions.list(item.eventId, startMs, Number.isFinite(endMs) ? endMs : Date.now());
  let total = 0;
  for (const language of new Set(captions.map((c) => c.language))) {
    const cues = cuesOfCaptions(
      captions.filter((c) => c.language === language),
      startMs,
    );
    if (!cues.length) continue;
    await data.files.put({
      key: captionsKey(item.id, language),
      body: toVtt(cues),
      contentType: 'text/vtt',
    });
    await data.media.setCaptions(item.id, {
      language,
      source: 'live',
      cueCount: cues.length,
    });
    total += cues.length;
  }
  return total;
}

/** The same, for a hook that must never fail the recording: a problem is logged. */
export async function keepLiveCaptions(data: TenantData, item: MediaItem, endedAt: string | null | undefined): Promise<void> {
  try {
    await attachLiveCaptions(data, item, endedAt);
  } catch (e) {
    log.error(`[captions] live captions not attached to ${item.id}: ${(e as Error).message}`);
  }
}
