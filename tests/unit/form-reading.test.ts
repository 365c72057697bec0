import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('form reading', () => {
  it('goes through readForm everywhere: no action calls request.formData() itself', () => {
    const direct = [...sources(join(ROOT, 'app')), ...sources(join(ROOT, 'server'))]
      .filter((file) => /\.formData\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    // readForm for actions; formBodies checks that a form body parses before any route runs.
    expect(direct).toEqual(['server/http/formBodies.ts', 'server/http/readForm.server.ts']);
  });
});
