/**
 * Caption cues from timed words, and the three text forms a transcript is exported in (.txt, .srt,
 * .vtt); WebVTT is also read back (a file a person uploads or edits) with its errors named.
 */
export interface CaptionCue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

export interface CueLimits {
  /** Characters on a cue (two lines of broadcast captions). */
  maxChars: number;
  maxSeconds: number;
  /** A pause this long between words starts a new cue. */
  pauseSeconds: number;
}

export const DEFAULT_CUE_LIMITS: CueLimits = { maxChars: 84, maxSeconds: 6, pauseSeconds: 1 };

/** Groups words into cues no longer than the limits, breaking at sentence ends and pauses. */
export function cuesFromWords(words: readonly TimedWord[], limits: CueLimits = DEFAULT_CUE_LIMITS): CaptionCue[] {
  const cues: CaptionCue[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (!current.length) return;
    cues.push({ start: current[0]!.start, end: current.at(-1)!.end, text: current.map((w) => w.word).join(' ') });
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    if (previous) {
      const text = `${current.map((w) => w.word).join(' ')} ${word.word}`;
      const tooLong = text.length > limits.maxChars || word.end - current[0]!.start > limits.maxSeconds;
      const paused = word.start - previous.end >= limits.pauseSeconds;
      if (tooLong || paused || /[.!?]$/.test(previous.word)) flush();
    }
    current.push(word);
  }
  flush();
  return cues;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 3723.5 → "01:02:03.500" (WebVTT) or "01:02:03,500" (SubRip). */
export function formatTimestamp(seconds: number, separator: '.' | ',' = '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** A cue's text may not contain a blank line or "-->" (either would end or confuse the cue). */
const cueText = (text: string) => text.replace(/-->/g, '→').replace(/\n\s*\n/g, '\n').trim();

export function toVtt(cues: readonly CaptionCue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${cueText(c.text)}\n`).join('\n')}`;
}

export function toSrt(cues: readonly CaptionCue[]): string {
  return cues.map((c, i) => `${i + 1}\n${formatTimestamp(c.start, ',')} --> ${formatTimestamp(c.end, ',')}\n${cueText(c.text)}\n`).join('\n');
}

export function toPlainText(cues: readonly CaptionCue[]): string {
  return `${cues.map((c) => c.text.trim()).join('\n')}\n`;
}

export type VttProblem = { line: number; problem: 'header' | 'timing' | 'order' | 'empty' };

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

export function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** Reads WebVTT cues (settings and identifiers allowed, NOTE/STYLE/REGION blocks skipped); the first problem found is returned instead. */
export function parseVtt(source: string): { cues: CaptionCue[] } | { error: VttProblem } {
  const lines = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return { error: { line: 1, problem: 'header' } };
  const cues: CaptionCue[] = [];
  let i = 1;
  while (i < lines.length) {
    if (!lines[i]!.trim()) {
      i++;
      continue;
    }
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim()) block.push(lines[i++]!);
    if (/^(NOTE|STYLE|REGION)\b/.test(block[0]!)) continue;
    const timingAt = block.findIndex((l) => l.includes('-->'));
    if (timingAt < 0 || timingAt > 1) return { error: { line: blockStart + 1, problem: 'timing' } };
    const [from, rest] = block[timingAt]!.split('-->');
    const start = parseTimestamp(from ?? '');
    const end = parseTimestamp((rest ?? '').trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) return { error: { line: blockStart + timingAt + 1, problem: 'timing' } };
    if (end < start || (cues.length && start < cues.at(-1)!.start)) return { error: { line: blockStart + timingAt + 1, problem: 'order' } };
    const text = block.slice(timingAt + 1).join('\n').trim();
    if (!text) return { error: { line: blockStart + timingAt + 1, problem: 'empty' } };
    cues.push({ start, end, text });
  }
  return { cues };
}
