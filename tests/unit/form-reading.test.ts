import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(__dirname, '../../app');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('form reading', () => {
  it('goes through readForm everywhere: no action calls request.formData() itself', () => {
    const direct = sources(APP)
      .filter((file) => /\.formData\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(APP, file));
    expect(direct).toEqual(['lib/readForm.server.ts']);
  });
});
