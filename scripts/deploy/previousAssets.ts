/**
 * Keeps the hashed browser assets of the builds before this one inside the new build
 * (docs/decisions/0050-chunk-loading.md): during a rolling deploy, and for a while after it, a page
 * that was served by the previous build still asks for its route modules and chunks by their old
 * names, and whichever instance answers must have them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** This build and the two before it: a page survives two deploys in quick succession. */
export const KEEP_BUILDS = 3;

interface BuildEntry {
  /** The Remix manifest's file name (content-hashed, so one per build). */
  version: string;
  builtAt: string;
  files: string[];
}

export interface AssetHistory {
  builds: BuildEntry[];
}

const HISTORY_FILE = 'asset-history.json';
const assetsDir = (root: string) => join(root, 'client', 'assets');

function files(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort() : [];
}

function readHistory(file: string): AssetHistory | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as AssetHistory;
}

const versionOf = (names: string[]) => names.find((name) => /^manifest-.+\.js$/.test(name)) ?? 'unknown';

/** Before building: sets the outgoing build's assets and history aside (the build empties its folder). */
export function holdPreviousAssets(buildDir: string, holdDir: string): void {
  rmSync(holdDir, { recursive: true, force: true });
  mkdirSync(join(holdDir, 'assets'), { recursive: true });
  for (const name of files(assetsDir(buildDir))) copyFileSync(join(assetsDir(buildDir), name), join(holdDir, 'assets', name));
  const history = join(buildDir, HISTORY_FILE);
  if (existsSync(history)) copyFileSync(history, join(holdDir, HISTORY_FILE));
}

/**
 * After building: copies back the files of the previous builds still kept that the new one does
 * not have, and records the new build in the history. Returns the names carried over.
 */
export function carryPreviousAssets(buildDir: string, holdDir: string, now = new Date(), keep = KEEP_BUILDS): string[] {
  const current = files(assetsDir(buildDir));
  const held = files(join(holdDir, 'assets'));
  // A build made before the history existed: all its files count as one previous build (they may
  // hold more than one build's; the marker keeps them apart from a rebuild of the same version).
  const previous = readHistory(join(holdDir, HISTORY_FILE))?.builds ?? (held.length ? [{ version: `before history (${versionOf(held)})`, builtAt: 'unknown', files: held }] : []);
  const builds = [{ version: versionOf(current), builtAt: now.toISOString(), files: current }, ...previous.filter((b) => b.version !== versionOf(current))].slice(0, keep);
  const present = new Set(current);
  const carried: string[] = [];
  for (const build of builds.slice(1)) {
    for (const name of build.files) {
      if (present.has(name) || !held.includes(name)) continue;
      copyFileSync(join(holdDir, 'assets', name), join(assetsDir(buildDir), name));
      present.add(name);
      carried.push(name);
    }
  }
  writeFileSync(join(buildDir, HISTORY_FILE), `${JSON.stringify({ builds } satisfies AssetHistory, null, 2)}\n`);
  return carried;
}
