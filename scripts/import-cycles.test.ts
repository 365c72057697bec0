import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKED_FOLDERS, featuresImportingEachOther, importCycles, importReport } from './import-cycles.mjs';

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

  it('names two feature folders that import each other, and not a one-way use, a test or a folder outside the features', () => {
    const module = (source: string, ...resolved: string[]) => ({ source, dependencies: resolved.map((r) => ({ resolved: r })) });
    const modules = [
      module('server/rooms/liveRoom.server.ts', 'server/speech/index.server.ts', 'server/platform/video.server.ts'),
      module('server/speech/captions/hub.server.ts', 'server/rooms/index.server.ts'),
      module('server/chat/hub.server.ts', 'server/entitlement/index.server.ts'),
      module('server/entitlement/admission.server.test.ts', 'server/chat/hub.server.ts'),
      module('server/platform/video.server.ts', 'server/data/tenantData.server.ts'),
      module('server/data/tenantData.server.ts', 'server/platform/video.server.ts'),
    ];
    const features = ['chat', 'entitlement', 'rooms', 'speech'];
    expect(featuresImportingEachOther(modules, features)).toEqual([['rooms', 'speech']]);
    expect(featuresImportingEachOther(modules.slice(1), features)).toEqual([]);
  });

  it('finds feature folders importing each other through their surfaces in a project', async () => {
    const dir = fixture({
      'server/rooms/index.server.ts': "export { live } from './live.server';\n",
      'server/rooms/live.server.ts': "import { captions } from '../speech/index.server';\nexport const live = captions;\n",
      'server/speech/index.server.ts': "export { captions } from './captions.server';\n",
      'server/speech/captions.server.ts': "import type { live } from '../rooms/index.server';\nexport const captions = (l?: typeof live) => l;\n",
    });
    expect((await importReport(['server'], { baseDir: dir })).mutualFeatures).toEqual([['rooms', 'speech']]);
  });

  it('finds no circle in app/ and server/, and no two features of server/ importing each other', { timeout: 180_000 }, async () => {
    const { cycles, mutualFeatures } = await importReport(CHECKED_FOLDERS);
    expect(cycles).toEqual([]);
    expect(mutualFeatures).toEqual([]);
  });
});
