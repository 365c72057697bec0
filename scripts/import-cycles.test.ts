import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKED_FOLDERS, importCycles } from './import-cycles.mjs';

/** A throwaway project: its files, and a tsconfig with an alias like the project's #app/ and #server/. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', baseUrl: '.', paths: { '#lib/*': ['./lib/*'] } } };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  made.push(dir);
  return dir;
}
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the import circle check (scripts/import-cycles.mjs, npm run lint)', () => {
  it('finds two modules that import each other', async () => {
    const dir = fixture({
      'lib/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'lib/b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
      'lib/c.ts': "import { a } from './a';\nexport const c = a;\n",
    });
    expect(await importCycles(['lib'], { baseDir: dir })).toEqual([['lib/a.ts', 'lib/b.ts', 'lib/a.ts']]);
  });

  it('follows the tsconfig path aliases and type-only imports around a longer circle', async () => {
    const dir = fixture({
      'lib/hub.ts': "import { frames } from '#lib/frames';\nexport interface Conn { id: string }\nexport const hub = frames;\n",
      'lib/frames.ts': "import { gate } from '#lib/gate';\nexport const frames = gate;\n",
      'lib/gate.ts': "import type { Conn } from '../lib/hub';\nexport const gate = (conn: Conn) => conn.id;\n",
    });
    const cycles = await importCycles(['lib'], { baseDir: dir });
    expect(cycles).toHaveLength(1);
    expect(new Set(cycles[0])).toEqual(new Set(['lib/hub.ts', 'lib/frames.ts', 'lib/gate.ts']));
  });

  it('passes modules that only import downwards', async () => {
    const dir = fixture({
      'lib/conn.ts': 'export interface Conn { id: string }\n',
      'lib/hub.ts': "import { frames } from '#lib/frames';\nimport type { Conn } from './conn';\nexport const hub = (c: Conn) => frames(c);\n",
      'lib/frames.ts': "import type { Conn } from '#lib/conn';\nexport const frames = (c: Conn) => c.id;\n",
    });
    expect(await importCycles(['lib'], { baseDir: dir })).toEqual([]);
  });

  it('finds no circle in app/ and server/', { timeout: 180_000 }, async () => {
    expect(await importCycles(CHECKED_FOLDERS)).toEqual([]);
  });
});
