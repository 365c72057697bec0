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

export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = normaliseForScoring(reference);
  const hyp = normaliseForScoring(hypothesis);
  if (!ref.length) return hyp.length ? 1 : 0;
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
  return previous[hyp.length]! / ref.length;
}
