// The LiveKit server (the SFU rooms run on) for the local stack: `livekit-server` from PATH when
// installed (https://docs.livekit.io/home/self-hosting/local/), otherwise a pinned release built
// once with the machine's Go into .local/bin/ (docs/decisions/0020-local-livekit-server.md).
// Plain Node, no dependencies: scripts/ensure-deps.mjs builds it before anything is installed,
// and local/stack/livekitServer.ts finds it when the stack starts.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The newest release whose whole dependency graph the Go module proxy serves: from v1.13.6 on,
 * livekit-server replaces pion's webrtc, dtls and ice with LiveKit forks that the proxy refuses
 * (403 "This module version is not available"), and without them it does not compile.
 */
export const LIVEKIT_SERVER_VERSION = 'v1.13.5';
export const LIVEKIT_SERVER_MODULE = 'github.com/livekit/livekit-server';

/** Where the built binary lives, relative to the project root (git-ignored). */
export const localBinary = (root) => join(root, '.local', 'bin', `livekit-server-${LIVEKIT_SERVER_VERSION}`);

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on PATH that can run, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The version a livekit-server binary reports ("1.13.5"), or null when it does not run. */
export function binaryVersion(file) {
  const out = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /version\s+v?(\d+\.\d+\.\d+)/.exec(`${out.stdout ?? ''}${out.stderr ?? ''}`);
  return out.status === 0 && match ? match[1] : null;
}

/**
 * The binary to run: LIVEKIT_SERVER_BIN if set, `livekit-server` on PATH, else the pinned build
 * in .local/bin. `{ path, source }`, or null when there is none (rooms then say video is
 * unavailable).
 */
export function findLivekitServer(root) {
  const given = process.env.LIVEKIT_SERVER_BIN;
  if (given) return executable(given) ? { path: given, source: 'LIVEKIT_SERVER_BIN' } : null;
  const installed = onPath('livekit-server');
  if (installed && binaryVersion(installed)) return { path: installed, source: 'PATH' };
  const built = localBinary(root);
  if (executable(built)) return { path: built, source: 'built' };
  return null;
}

/**
 * Builds the pinned release into .local/bin with Go, from a throwaway module that requires it
 * (the release's own go.mod replace directives only apply when it is the main module). Returns
 * the binary's path, or null (with the reason in `log`) when Go is missing or the build fails.
 * GOTOOLCHAIN=local: never download another Go toolchain.
 */
export function buildLivekitServer(root, log = console.log) {
  const go = onPath('go');
  if (!go) {
    log('livekit-server: not on PATH and no Go toolchain to build it; rooms will say video is unavailable.');
    return null;
  }
  const target = localBinary(root);
  const work = join(root, '.local', 'build', `livekit-server-${LIVEKIT_SERVER_VERSION}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(join(root, '.local', 'bin'), { recursive: true });
  writeFileSync(join(work, 'go.mod'), `module localstack/livekitserver\n\ngo 1.26\n\nrequire ${LIVEKIT_SERVER_MODULE} ${LIVEKIT_SERVER_VERSION}\n`);
  log(`livekit-server: building ${LIVEKIT_SERVER_MODULE}@${LIVEKIT_SERVER_VERSION} with ${execFileSync(go, ['version'], { encoding: 'utf8' }).trim()} (first time only; a few minutes)…`);
  const started = Date.now();
  const partial = `${target}.partial`;
  const result = spawnSync(go, ['build', '-trimpath', '-o', partial, `${LIVEKIT_SERVER_MODULE}/cmd/server`], {
    cwd: work,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
  });
  if (result.status !== 0 || !existsSync(partial)) {
    rmSync(partial, { force: true });
    log(`livekit-server: the Go build failed (exit ${result.status}); rooms will say video is unavailable. The error is above.`);
    return null;
  }
  renameSync(partial, target);
  rmSync(work, { recursive: true, force: true });
  log(`livekit-server: built ${target} in ${Math.round((Date.now() - started) / 1000)} s`);
  return target;
}

/** Finds the server, building the pinned release when there is none and Go is here. */
export function ensureLivekitServer(root, log = console.log) {
  return findLivekitServer(root) ?? (buildLivekitServer(root, log) ? findLivekitServer(root) : null);
}
