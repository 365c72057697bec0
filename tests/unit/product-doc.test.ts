import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, FALLBACK_ROUTE, ROUTES } from '#app/route-table.js';
import { SPEC_PROVIDERS, SPEC_SCREENS } from './spec-screens';

/** One row of docs/PRODUCT.md's route index: its paths ({Provider} expanded), module and status. */
interface IndexRow {
  paths: string[];
  module: string;
  status: string;
}

const expand = (path: string) => (path.includes('{Provider}') ? SPEC_PROVIDERS.map((p) => path.replace('{Provider}', p)) : [path]);

function routeIndex(): IndexRow[] {
  const doc = readFileSync(join(__dirname, '../../docs/PRODUCT.md'), 'utf8');
  const start = doc.indexOf('\n## Route index');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const rows: IndexRow[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const paths = [...cells[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((p) => p.startsWith('/') || p === '*');
    rows.push({ paths: paths.flatMap(expand), module: cells[1].replace(/`/g, ''), status: cells.at(-1) ?? '' });
  }
  return rows;
}

const SPEC_PATHS = new Set(Object.values(SPEC_SCREENS).flat().flatMap(expand));
/** Server paths outside the route table that the index may describe. */
const SERVER_PREFIXES = ['/api/', '/ws/', '/theme/', '/locales/', '/brand/'];

describe('docs/PRODUCT.md route index', () => {
  const rows = routeIndex();
  const rowOf = new Map<string, IndexRow>();
  for (const row of rows) for (const path of row.paths) rowOf.set(path, row);

  it('lists each path once', () => {
    const listed = rows.flatMap((r) => r.paths);
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.filter((p, i) => listed.indexOf(p) !== i)).toEqual([]);
  });

  it('lists every screen path of the specification', () => {
    for (const path of SPEC_PATHS) expect(rowOf.has(path), `${path} is missing from the route index`).toBe(true);
  });

  it('lists no screen the specification does not name', () => {
    for (const path of rowOf.keys()) {
      if (path === '*' || SERVER_PREFIXES.some((p) => path.startsWith(p))) continue;
      expect(SPEC_PATHS.has(path), `${path} is not a screen of the specification`).toBe(true);
    }
  });

  it('marks every route of the route table built, with its module', () => {
    for (const { path, file } of [...ROUTES, ...API_ROUTES, FALLBACK_ROUTE]) {
      const row = rowOf.get(path);
      expect(row, `${path} is missing from the route index`).toBeDefined();
      expect(row?.module, `${path}: module`).toBe(file);
      expect(row?.status, `${path}: status`).toMatch(/^built\b/);
    }
  });

  it('marks every other screen of the specification not built yet', () => {
    const built = new Set(ROUTES.map((r) => r.path));
    for (const path of SPEC_PATHS) {
      if (built.has(path)) continue;
      expect(rowOf.get(path)?.status, `${path}: status`).toBe('not built yet');
      expect(rowOf.get(path)?.module, `${path}: module`).toBe('—');
    }
  });
});
