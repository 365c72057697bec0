// Installs what the project needs on a fresh machine, using only the npm registry and Debian's
// packages: npm dependencies when missing or out of date, and (with --browser) Debian's chromium
// and its headless shell for the browser tests (the visual suite and the benchmarks use the first,
// the browser tests the second). Plain Node, no dependencies, so it runs before `npm install`.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { ensureCfnLint } from './cfn-lint.mjs';
import { ensureSchemathesis } from './schemathesis.mjs';
import { ensureLivekitServer } from './livekit-server.mjs';
import { ensureLoadClient } from './lk-load.mjs';
import { ensureSpeechWorker } from './speech-worker.mjs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const lockInstalled = 'node_modules/.package-lock.json';
if (!existsSync(lockInstalled) || mtime('package-lock.json') > mtime(lockInstalled)) {
  console.log('Installing npm dependencies…');
  // npm ci refuses lockfiles written with this machine's omit-lockfile-registry-resolved setting
  // (platform-specific optional packages go missing), so install from the lockfile with npm install.
  run('npm install --no-audit --no-fund');
}

const need = [];
if (process.argv.includes('--browser')) {
  for (const browser of ['chromium', 'chromium-headless-shell']) if (!existsSync(`/usr/bin/${browser}`)) need.push(browser);
}
const runs = (command) => {
  try {
    execSync(command, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const onPath = (command) => runs(`command -v ${command}`);
// DynamoDB Local runs on Java; the media queue on Redis; the media workers use ffmpeg/ffprobe
// (video and audio) and poppler's pdfinfo/pdftoppm (documents); the local speech engines speak with
// flite (English) and espeak-ng (every language) and hear with pocketsphinx and its US English
// model, the best recogniser whose model ships in a Debian or npm package; pocketsphinx-testdata brings recorded human speech its
// accuracy test and benchmark measure (docs/decisions/0043).
for (const [command, debianPackage] of [
  ['java', 'openjdk-17-jre-headless'],
  ['redis-server', 'redis-server'],
  ['ffmpeg', 'ffmpeg'],
  ['pdftoppm', 'poppler-utils'],
  ['espeak-ng', 'espeak-ng'],
  ['flite', 'flite'],
  ['pocketsphinx_continuous', 'pocketsphinx'],
  // The certificate front of custom domains in their test (local/fleet/, docs/decisions/0076);
  // Pebble, its ACME server, is built with Go by that test when first needed (scripts/pebble.mjs).
  ['caddy', 'caddy'],
]) {
  if (!onPath(command)) need.push(debianPackage);
}
// cfn-lint (deploy/platform.test.ts) and the speech worker go into virtual environments, which Debian's Python makes with python3-venv.
if (!runs('python3 -c "import ensurepip"')) need.push('python3-venv');
if (!existsSync('/usr/share/pocketsphinx/model/en-us/en-us/mdef')) need.push('pocketsphinx-en-us');
if (!existsSync('/usr/share/pocketsphinx/test/data/librivox/transcription')) need.push('pocketsphinx-testdata');
if (need.length) {
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  console.log(`Installing Debian packages: ${need.join(', ')}…`);
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}apt-get install -y -qq --no-install-recommends ${need.join(' ')}`);
}

// The LiveKit server the rooms run on: from PATH, or the pinned release built once with Go.
ensureLivekitServer(process.cwd());
// lk-load, the SFU capacity bench's Go load client (tools/loadclient/), rebuilt when its source changes.
ensureLoadClient(process.cwd());

// cfn-lint for the deployment's template checks (deploy/platform.test.ts), from PyPI.
ensureCfnLint(process.cwd(), run);

// The speech worker's Python environment and its checked Whisper base model, from PyPI (docs/decisions/0098).
await ensureSpeechWorker(process.cwd(), run);

// schemathesis for the public API's contract test (tests/e2e/api-schemathesis.spec.ts), from PyPI.
if (process.argv.includes('--browser')) ensureSchemathesis(process.cwd(), run);
