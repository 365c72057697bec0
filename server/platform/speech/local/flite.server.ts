/**
 * English voices from Debian's flite (CMU Flite): far more natural than espeak-ng's formant
 * English, and what the local recogniser understands (docs/decisions/0043 has the figures).
 * flite writes a whole WAV per call, so text is spoken a sentence at a time: the first sentence
 * plays while the next is synthesised.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VoiceInfo } from '#app/lib/speech/languages';
import { pcmOfWav, resamplePcm } from '../audio.server';
import { SpeechEngineError, type SynthesisRequest } from '../types';

const FLITE = process.env.FLITE_PATH ?? '/usr/bin/flite';

/** flite's built-in 16 kHz voices; "kal" (8 kHz, diphone) is left out. */
export const FLITE_VOICES: readonly (VoiceInfo & { flite: string })[] = [
  { id: 'flite-slt', flite: 'slt', language: 'en', region: 'US', gender: 'female' },
  { id: 'flite-rms', flite: 'rms', language: 'en', region: 'US', gender: 'male' },
  { id: 'flite-awb', flite: 'awb', language: 'en', region: 'GB', gender: 'male' },
];

/**
 * The pieces flite speaks one call at a time: sentences of at most `max` characters (a long one is
 * cut at a space), the first cut short at a clause or word boundary so the first audio comes soon.
 */
export function sentencesOf(text: string, max = 400, firstMax = 48): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    let rest = segment.trim();
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max) > 0 ? rest.lastIndexOf(' ', max) : max;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut).trim();
    }
    if (rest) out.push(rest);
  }
  const first = out[0];
  if (first && first.length > firstMax) {
    const clause = first.slice(0, firstMax).search(/[,;:]\s[^,;:]*$/);
    const cut = clause > 8 ? clause + 1 : first.lastIndexOf(' ', firstMax);
    if (cut > 8) out.splice(0, 1, first.slice(0, cut).trim(), first.slice(cut).trim());
  }
  return out;
}

/** flite cannot write to Node's stdout pipe (a socket it cannot open by name), so it writes a temporary file. */
async function fliteWav(text: string, voice: string, stretch: number, signal?: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'flite-'));
  const file = join(dir, 'speech.wav');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(FLITE, ['-voice', voice, '--setf', `duration_stretch=${stretch.toFixed(2)}`, '-t', text, '-o', file], { stdio: ['ignore', 'ignore', 'pipe'], signal });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-2000)));
      child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new SpeechEngineError('flite is missing: node scripts/ensure-deps.mjs installs it') : e));
      child.on('close', (code) => (code === 0 ? resolve() : reject(new SpeechEngineError(`flite exited with ${code}: ${stderr.trim()}`))));
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PCM at `sampleRate`, a sentence per chunk. */
export async function* fliteSynthesize(request: SynthesisRequest, voiceId: string, sampleRate: number, signal?: AbortSignal): AsyncIterable<Buffer> {
  const voice = FLITE_VOICES.find((v) => v.id === voiceId) ?? FLITE_VOICES[0]!;
  // flite stretches durations: 2 is half speed, 0.5 double.
  const stretch = 1 / Math.min(2, Math.max(0.5, request.rate ?? 1));
  for (const sentence of sentencesOf(request.text)) {
    if (signal?.aborted) return;
    const { pcm, sampleRate: from } = pcmOfWav(await fliteWav(sentence, voice.flite, stretch, signal));
    const out = resamplePcm(pcm, from, sampleRate);
    if (out.length) yield out;
  }
}
