/**
 * Word error rate: (substitutions + deletions + insertions) / words of the reference, after both
 * texts are normalised the same way (case, punctuation, accents kept). The measure the speech tests
 * and benchmark state their accuracy in.
 */
export function normaliseForScoring(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word edits (substitutions + deletions + insertions) turning the reference into the hypothesis. */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = normaliseForScoring(reference);
  const hyp = normaliseForScoring(hypothesis);
  // Levenshtein distance over words, one row at a time.
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return { errors: previous[hyp.length]!, words: ref.length };
}

export function wordErrorRate(reference: string, hypothesis: string): number {
  const { errors, words } = wordErrors(reference, hypothesis);
  if (!words) return errors ? 1 : 0;
  return errors / words;
}

/**
 * The error rate of a whole set of sentences: all edits over all reference words, so long
 * sentences weigh more than short ones (the usual way test sets are scored).
 */
export function corpusWordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): number {
  let errors = 0;
  let words = 0;
  for (const p of pairs) {
    const e = wordErrors(p.reference, p.hypothesis);
    errors += e.errors;
    words += e.words;
  }
  if (!words) return errors ? 1 : 0;
  return errors / words;
}
