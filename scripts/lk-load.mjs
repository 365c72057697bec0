// lk-load, the SFU capacity bench's load client (tools/loadclient/, bench/rooms.ts): built with the
// machine's Go into .local/bin/lk-load, the way scripts/livekit-server.mjs builds livekit-server,
// and rebuilt only when its source changes (the hash of go.mod, go.sum and the .go files is kept
// beside the binary). Its dependencies, server-sdk-go/v2 among them, are pinned in
// tools/loadclient/go.mod and go.sum (docs/decisions/0097-sfu-limit-go-load-client.md).
// Plain Node, no dependencies: scripts/ensure-deps.mjs runs it before anything is installed.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from './livekit-server.mjs';

export const LOAD_CLIENT_SOURCE = join('tools', 'loadclient');

/** `{ binary, hashFile }` under the project root (.local/ is git-ignored). */
export function loadClientPaths(root) {
  const bin = join(root, '.local', 'bin');
  return { binary: join(bin, 'lk-load'), hashFile: join(bin, 'lk-load.source-sha256') };
}

/** SHA-256 over the module's go.mod, go.sum and .go files (names and contents, in name order). */
export function loadClientSourceHash(root) {
  const dir = join(root, LOAD_CLIENT_SOURCE);
  const files = readdirSync(dir)
    .filter((f) => f === 'go.mod' || f === 'go.sum' || f.endsWith('.go'))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(join(dir, f))).update('\0');
  return hash.digest('hex');
}

function upToDate(root) {
  const { binary, hashFile } = loadClientPaths(root);
  try {
    accessSync(binary, constants.X_OK);
    return readFileSync(hashFile, 'utf8').trim() === loadClientSourceHash(root);
  } catch {
    return false;
  }
}

/**
 * The built client's path, building it first when missing or out of date (a few minutes the first
 * time, while Go fetches the modules). null, with the reason in `log`, when Go is missing or the
 * build fails. GOTOOLCHAIN=local: never download a toolchain; -mod=readonly: go.sum must already
 * pin every module.
 */
export function ensureLoadClient(root, log = console.log) {
  const { binary, hashFile } = loadClientPaths(root);
  if (upToDate(root)) return binary;
  const go = onPath('go');
  if (!go) {
    log('lk-load: no Go toolchain to build it; bench/rooms cannot measure the SFU.');
    return null;
  }
  mkdirSync(join(root, '.local', 'bin'), { recursive: true });
  const hash = loadClientSourceHash(root);
  log('lk-load: building tools/loadclient (when its source changed; the first time a few minutes)…');
  const started = Date.now();
  const partial = `${binary}.partial`;
  const result = spawnSync(go, ['build', '-trimpath', '-o', partial, '.'], {
    cwd: join(root, LOAD_CLIENT_SOURCE),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local' },
  });
  if (result.status !== 0 || !existsSync(partial)) {
    rmSync(partial, { force: true });
    log(`lk-load: the Go build failed (exit ${result.status}); the error is above.`);
    return null;
  }
  renameSync(partial, binary);
  writeFileSync(hashFile, `${hash}\n`);
  log(`lk-load: built ${binary} in ${Math.round((Date.now() - started) / 1000)} s`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = ensureLoadClient(process.cwd());
  console.log(binary ? `lk-load: ${binary}` : 'lk-load: not available');
  process.exit(binary ? 0 : 1);
}
