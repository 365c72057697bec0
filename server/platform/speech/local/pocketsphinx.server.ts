/**
 * Local speech to text with Debian's pocketsphinx and its US English model (pocketsphinx-en-us).
 * English only; word error rate about 0.37 on recorded human speech and 0.86 on espeak-ng's
 * (server/speech/accuracy.server.ts measures it). It is the local engine because no better
 * recogniser's model ships in an npm or Debian package (docs/decisions/0043).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import { pcmSeconds, wavOf } from '../audio.server';
import { SpeechEngineError, type SpeechToText, type TranscribeOptions, type Transcript, type TranscriptWord } from '../types';

const POCKETSPHINX = process.env.POCKETSPHINX_PATH ?? '/usr/bin/pocketsphinx_continuous';
const MODEL = process.env.POCKETSPHINX_MODEL ?? '/usr/share/pocketsphinx/model/en-us';

export const pocketsphinxInstalled = () => existsSync(POCKETSPHINX) && existsSync(join(MODEL, 'en-us'));

/** Lines of `-time yes` output: "word start end confidence"; fillers and sentence marks dropped. */
export function parseTimedWords(output: string): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  for (const line of output.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const word = m[1]!.replace(/\(\d+\)$/, '');
    if (/^(<.*>|\[.*\])$/.test(word)) continue;
    words.push({ word, start: Number(m[2]), end: Number(m[3]), confidence: Math.min(1, Number(m[4])) });
  }
  return words;
}

export function createPocketsphinxStt(): SpeechToText {
  return {
    name: 'pocketsphinx',
    languages: () => ['en'],
    // English is all it knows, so 'auto' is English.
    transcribe: (pcm, language, options) => transcribe(pcm, language === 'auto' ? 'en' : language, options),
  };
}

async function transcribe(pcm: Buffer, language: SpeechLanguage, options: TranscribeOptions = {}): Promise<Transcript> {
  if (language !== 'en') throw new SpeechEngineError(`pocketsphinx has no ${language} model here`);
  const durationSeconds = pcmSeconds(pcm, STT_SAMPLE_RATE);
  const dir = await mkdtemp(join(tmpdir(), 'stt-'));
  try {
    const file = join(dir, 'audio.wav');
    await writeFile(file, wavOf(pcm, STT_SAMPLE_RATE));
    const args = ['-infile', file, '-time', 'yes', '-hmm', join(MODEL, 'en-us'), '-lm', join(MODEL, 'en-us.lm.bin'), '-dict', join(MODEL, 'cmudict-en-us.dict'), '-logfn', '/dev/null'];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(POCKETSPHINX, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        const last = parseTimedWords(out).at(-1);
        if (last && durationSeconds > 0) options.onProgress?.(Math.min(1, last.end / durationSeconds));
      });
      child.stderr.resume();
      child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new SpeechEngineError('pocketsphinx is missing: node scripts/ensure-deps.mjs installs it') : e));
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new SpeechEngineError(`pocketsphinx exited with ${code}`))));
    });
    const words = parseTimedWords(output);
    options.onProgress?.(1);
    return { language, text: words.map((w) => w.word).join(' '), words, durationSeconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
