import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A translated label joined to what follows by ; : ! or ? in JSX or a template ("{t('x')}: ")
// escapes the catalogue's typography: French needs a narrow no-break space before those marks
// (docs/decisions/0042). Such joins go through the catalogue (`language.labelled`) instead.
const JOINED = /\bt\((?:[^()]|\([^()]*\))*\)\}[ \u00a0]?[;:!?](?![:=])/g;

function screenFiles(): string[] {
  return execFileSync('git', ['ls-files', 'app'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));
}

describe('labels joined with punctuation', () => {
  it('are typeset by the catalogue, never glued in JSX', () => {
    const joins = screenFiles().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.match(JOINED) ?? []).map((m) => `${file}:${i + 1}: ${m}`)),
    );
    expect(joins).toEqual([]);
  });
});
