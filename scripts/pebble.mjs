// Pebble, the ACME test server, and pebble-challtestsrv, its mock DNS, for the custom-domain test
// (local/fleet/, docs/decisions/0076): a pinned release built once with the machine's Go into
// .local/bin/, the way scripts/livekit-server.mjs builds livekit-server. Pebble's own test
// certificates (the CA Caddy trusts for Pebble's API, Pebble's HTTPS key pair) are copied from the
// module source beside them. Plain Node, no dependencies.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from './livekit-server.mjs';

export const PEBBLE_VERSION = 'v2.10.3';
export const PEBBLE_MODULE = 'github.com/letsencrypt/pebble/v2';
const COMMANDS = ['pebble', 'pebble-challtestsrv'];

/** `{ pebble, challtestsrv, certs }`: the two binaries and the folder of Pebble's test certificates. */
export function pebblePaths(root) {
  const bin = join(root, '.local', 'bin');
  return {
    pebble: join(bin, `pebble-${PEBBLE_VERSION}`),
    challtestsrv: join(bin, `pebble-challtestsrv-${PEBBLE_VERSION}`),
    certs: join(root, '.local', 'share', `pebble-${PEBBLE_VERSION}`, 'certs'),
  };
}

function ready(paths) {
  try {
    accessSync(paths.pebble, constants.X_OK);
    accessSync(paths.challtestsrv, constants.X_OK);
    return existsSync(join(paths.certs, 'pebble.minica.pem')) && existsSync(join(paths.certs, 'localhost', 'cert.pem'));
  } catch {
    return false;
  }
}

/**
 * The built tools, building them first when missing (a minute or two, once). Returns null, with
 * the reason in `log`, when Go is missing or the build fails. GOTOOLCHAIN=local: never download a toolchain.
 */
export function ensurePebble(root, log = console.log) {
  const paths = pebblePaths(root);
  if (ready(paths)) return paths;
  const go = onPath('go');
  if (!go) {
    log('pebble: no Go toolchain to build it; the custom-domain test cannot run.');
    return null;
  }
  const work = join(root, '.local', 'build', `pebble-${PEBBLE_VERSION}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(join(root, '.local', 'bin'), { recursive: true });
  writeFileSync(join(work, 'go.mod'), `module localstack/pebble\n\ngo 1.26\n\nrequire ${PEBBLE_MODULE} ${PEBBLE_VERSION}\n`);
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  log(`pebble: building ${PEBBLE_MODULE}@${PEBBLE_VERSION} (first time only)…`);
  for (const command of COMMANDS) {
    const target = command === 'pebble' ? paths.pebble : paths.challtestsrv;
    const partial = `${target}.partial`;
    const result = spawnSync(go, ['build', '-trimpath', '-o', partial, `${PEBBLE_MODULE}/cmd/${command}`], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0 || !existsSync(partial)) {
      rmSync(partial, { force: true });
      log(`pebble: the Go build of ${command} failed (exit ${result.status}); the error is above.`);
      return null;
    }
    renameSync(partial, target);
  }
  const source = execFileSync(go, ['list', '-m', '-f', '{{.Dir}}', `${PEBBLE_MODULE}`], { cwd: work, env, encoding: 'utf8' }).trim();
  mkdirSync(paths.certs, { recursive: true });
  cpSync(join(source, 'test', 'certs'), paths.certs, { recursive: true });
  // The module cache is read-only, and so were the copies: a later rebuild must be able to replace them.
  for (const file of ['', 'localhost', 'localhost/cert.pem', 'localhost/key.pem', 'pebble.minica.pem']) chmodSync(join(paths.certs, file), file.endsWith('.pem') ? 0o644 : 0o755);
  rmSync(work, { recursive: true, force: true });
  return ready(paths) ? paths : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = ensurePebble(process.cwd());
  console.log(paths ? `pebble: ${paths.pebble}` : 'pebble: not available');
  process.exit(paths ? 0 : 1);
}
