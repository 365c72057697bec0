/**
 * The lines a checkout prices and holds (issue 24): one line per thing sold. Two lines of one
 * product are one line of their total quantity, so its stock is held by one conditional update
 * of that total (a second hold of the same order would otherwise find the first and answer
 * "held" for units it never took); two lines of one ticket, replay or booking are one line too,
 * priced as that kind prices one. Donations stay apart: each is a gift of its own amount.
 */
import type { LineKind, LineRequest } from '#app/lib/payments/model';

/** Kinds whose every line is its own sale, never added to another. */
const LINES_STAY_APART: readonly LineKind[] = ['donation'];

export interface MergedLines {
  /** What is priced and held, in the order each thing first appears. */
  lines: LineRequest[];
  /** The requested lines (their indexes) each merged line stands for. */
  sources: number[][];
}

export function mergeLineRequests(requested: readonly LineRequest[]): MergedLines {
  const lines: LineRequest[] = [];
  const sources: number[][] = [];
  const at = new Map<string, number>();
  for (const [index, line] of requested.entries()) {
    const key = LINES_STAY_APART.includes(line.kind) ? null : `${line.kind}\u0000${line.refId}`;
    const seen = key === null ? undefined : at.get(key);
    if (seen === undefined) {
      if (key !== null) at.set(key, lines.length);
      lines.push({ ...line });
      sources.push([index]);
      continue;
    }
    lines[seen]!.quantity += line.quantity;
    sources[seen]!.push(index);
  }
  return { lines, sources };
}

/** A refusal of a merged line names every requested line it stands for (the cart marks each). */
export function refusalsOfRequested<R extends { index: number }>(merged: MergedLines, refusals: readonly R[]): R[] {
  return refusals.flatMap((refusal) => (merged.sources[refusal.index] ?? [refusal.index]).map((index) => ({ ...refusal, index }))).sort((a, b) => a.index - b.index);
}
