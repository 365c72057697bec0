// schemathesis (PyPI), which tests/e2e/api-schemathesis.spec.ts runs against the public API's
// generated OpenAPI document (docs/decisions/0087): the pinned copy in a virtual environment under
// .cache/ (installed by ensure-deps.mjs on the `npm test` path, since Debian's Python refuses pip
// installs outside one). Never the one on PATH: its version would decide what the test checks.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const SCHEMATHESIS_VERSION = '4.32.5';

/** The pinned `st` command, or null when it is not installed yet. */
export function schemathesisCommand(root = process.cwd()) {
  const local = join(root, '.cache', 'schemathesis', 'bin', 'st');
  if (!existsSync(local)) return null;
  try {
    const version = execSync(`${JSON.stringify(local)} --version`, { encoding: 'utf8' });
    return version.includes(SCHEMATHESIS_VERSION) ? local : null;
  } catch {
    return null;
  }
}

/** Installs the pinned schemathesis into .cache/schemathesis when it is missing (needs python3 with venv). */
export function ensureSchemathesis(root = process.cwd(), run = (cmd) => execSync(cmd, { stdio: 'inherit' })) {
  if (schemathesisCommand(root)) return;
  const venv = join(root, '.cache', 'schemathesis');
  console.log(`Installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${venv}…`);
  if (!existsSync(join(venv, 'bin', 'pip'))) run(`python3 -m venv ${JSON.stringify(venv)}`);
  run(`${JSON.stringify(join(venv, 'bin', 'pip'))} install --quiet schemathesis==${SCHEMATHESIS_VERSION}`);
}
