import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// One job per module (docs/ARCHITECTURE.md, Rules): a source file past 500 lines has more than
// one. Locale trees and tests are data and scenarios, not modules, so they are left out.
const MAX_LINES = 500;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const EXEMPT = [/^app\/locales\//, /^tests\//, /\.test\.tsx?$/, /\.spec\.ts$/];

function trackedSourceFiles(): string[] {
  return execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !EXEMPT.some((re) => re.test(f)));
}

describe('module size', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = trackedSourceFiles()
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(tooLong).toEqual([]);
  });
});
