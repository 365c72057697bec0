import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { carryPreviousAssets, holdPreviousAssets, type AssetHistory } from './previousAssets';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A fake build output: what `remix vite:build` leaves in build/ (it empties the folder first). */
function emit(buildDir: string, names: string[]) {
  const assets = join(buildDir, 'client', 'assets');
  rmSync(join(buildDir, 'client'), { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  for (const name of names) writeFileSync(join(assets, name), `contents of ${name}`);
}

/** One run of scripts/build.ts with the build step replaced by `emit`. */
function build(root: string, names: string[], at: string) {
  const buildDir = join(root, 'build');
  const holdDir = join(root, 'hold');
  holdPreviousAssets(buildDir, holdDir);
  emit(buildDir, names);
  return carryPreviousAssets(buildDir, holdDir, new Date(at));
}

const served = (root: string) => readdirSync(join(root, 'build', 'client', 'assets')).sort();

describe('previous builds’ assets in a new build', () => {
  it('serves build A’s route modules and chunks from build B, and forgets them after two more builds', () => {
    const root = mkdtempSync(join(tmpdir(), 'assets-'));
    roots.push(root);
    const a = ['manifest-aaaa.js', 'entry.client-aaaa.js', 'signIn-aaaa.js', 'shared-1111.js'];
    const b = ['manifest-bbbb.js', 'entry.client-bbbb.js', 'signIn-bbbb.js', 'shared-1111.js'];
    const c = ['manifest-cccc.js', 'entry.client-cccc.js', 'signIn-cccc.js', 'shared-2222.js'];
    const d = ['manifest-dddd.js', 'entry.client-dddd.js', 'signIn-cccc.js', 'shared-2222.js'];

    expect(build(root, a, '2026-11-01T00:00:00Z')).toEqual([]);
    expect(build(root, b, '2026-11-02T00:00:00Z').sort()).toEqual(['entry.client-aaaa.js', 'manifest-aaaa.js', 'signIn-aaaa.js']);
    expect(served(root)).toEqual([...new Set([...a, ...b])].sort());
    // The file of A is A's, not overwritten by anything of B.
    expect(readFileSync(join(root, 'build', 'client', 'assets', 'signIn-aaaa.js'), 'utf8')).toBe('contents of signIn-aaaa.js');

    build(root, c, '2026-11-03T00:00:00Z');
    expect(served(root)).toEqual([...new Set([...a, ...b, ...c])].sort());
    const history = JSON.parse(readFileSync(join(root, 'build', 'asset-history.json'), 'utf8')) as AssetHistory;
    expect(history.builds.map((entry) => entry.version)).toEqual(['manifest-cccc.js', 'manifest-bbbb.js', 'manifest-aaaa.js']);

    // A fourth build keeps three: A's own files go, the ones B shares with A stay while B is kept.
    build(root, d, '2026-11-04T00:00:00Z');
    expect(served(root)).toEqual([...new Set([...b, ...c, ...d])].sort());
    expect(existsSync(join(root, 'build', 'client', 'assets', 'signIn-aaaa.js'))).toBe(false);
  });

  it('counts a build made before the history existed as the previous build', () => {
    const root = mkdtempSync(join(tmpdir(), 'assets-'));
    roots.push(root);
    emit(join(root, 'build'), ['manifest-old0.js', 'home-old0.js']);
    expect(build(root, ['manifest-new0.js', 'home-new0.js'], '2026-11-05T00:00:00Z').sort()).toEqual(['home-old0.js', 'manifest-old0.js']);
  });

  it('keeps what the folder held when the same code is built again before any history exists', () => {
    const root = mkdtempSync(join(tmpdir(), 'assets-'));
    roots.push(root);
    emit(join(root, 'build'), ['manifest-same.js', 'home-same.js', 'home-older.js']);
    expect(build(root, ['manifest-same.js', 'home-same.js'], '2026-11-06T00:00:00Z')).toEqual(['home-older.js']);
    // And the next rebuild of the same code keeps them through the history.
    expect(build(root, ['manifest-same.js', 'home-same.js'], '2026-11-07T00:00:00Z')).toEqual(['home-older.js']);
  });
});
