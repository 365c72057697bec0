/**
 * Chapters written in an item's description, the way video sites read them: one per line, a time
 * then a title ("0:00 Welcome", "12:30 – Questions", "1:02:03 Close"). No second store: the
 * owner edits chapters where they edit the description.
 */
import type { Chapter } from '#app/components/media/player/ChapterList';

const LINE = /^\s*(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\s*[-–—:]?\s+(\S.*?)\s*$/;
const MAX_CHAPTERS = 100;

export function chaptersFromDescription(description: string, durationSeconds?: number): Chapter[] {
  const seen = new Set<number>();
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const [, h, min, sec, title] = m;
    if (Number(sec) > 59 || (h !== undefined && Number(min) > 59)) continue;
    const startSeconds = Number(h ?? 0) * 3600 + Number(min) * 60 + Number(sec);
    if (seen.has(startSeconds) || (durationSeconds !== undefined && startSeconds >= durationSeconds)) continue;
    seen.add(startSeconds);
    chapters.push({ startSeconds, title: title!.slice(0, 120) });
  }
  return chapters.sort((a, b) => a.startSeconds - b.startSeconds).slice(0, MAX_CHAPTERS);
}
