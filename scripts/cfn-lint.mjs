// cfn-lint (PyPI), which deploy/platform.test.ts runs on the synthesized templates: the one on PATH,
// else a pinned copy in a virtual environment under .cache/ (installed by ensure-deps.mjs, since
// Debian's Python refuses pip installs outside one).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const CFN_LINT_VERSION = '1.51.0';

const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The cfn-lint command to run, or null when none is installed. */
export function cfnLintCommand(root = process.cwd()) {
  if (onPath('cfn-lint')) return 'cfn-lint';
  const local = join(root, '.cache', 'cfn-lint', 'bin', 'cfn-lint');
  return existsSync(local) ? local : null;
}

/** Installs the pinned cfn-lint into .cache/cfn-lint when none is found (needs python3 with venv). */
export function ensureCfnLint(root = process.cwd(), run = (cmd) => execSync(cmd, { stdio: 'inherit' })) {
  if (cfnLintCommand(root)) return;
  const venv = join(root, '.cache', 'cfn-lint');
  console.log(`Installing cfn-lint ${CFN_LINT_VERSION} from PyPI into ${venv}…`);
  run(`python3 -m venv ${JSON.stringify(venv)}`);
  run(`${JSON.stringify(join(venv, 'bin', 'pip'))} install --quiet cfn-lint==${CFN_LINT_VERSION}`);
}
