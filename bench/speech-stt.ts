// bench/speech-stt: the local speech-to-text engine's speed and accuracy (issue 17, item 8).
// For each language the platform ships, the fixed sentences of server/speech/accuracy.server.ts are
// spoken by the local engine (flite's English voices, espeak-ng's) with each of the language's voices (BENCH_SPEECH_VOICES=first keeps only the
// default voice), resampled to 16 kHz and transcribed one at a time; printed: seconds of audio
// transcribed per second of processing (a multiple of real time) and the word error rate over the
// set, beside the figures the engine's makers or independent benchmarks publish for real speech.
// The same for recorded human English: the LibriVox clips of Debian's pocketsphinx-testdata.
// A language the engine has no model for is reported as such, not measured.
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { LIBRIVOX_SOURCE, librivoxClips, librivoxInstalled, measureClips, measureRecognition, type RecognitionMeasure } from '#server/speech/accuracy.server';
import { createLocalTts } from '#server/platform/speech/local/localTts.server';
import { createPocketsphinxStt, pocketsphinxInstalled } from '#server/platform/speech/local/pocketsphinx.server';
import { table } from './lib';

const VOICES = process.env.BENCH_SPEECH_VOICES ?? 'all';

/**
 * Published figures for the engine on recorded human speech (not synthetic), to read ours against.
 * Picovoice's speech-to-text-benchmark (README, results table): PocketSphinx with its US English
 * model, WER 0.33 on LibriSpeech test-clean and 0.55 on Common Voice, real-time factor 0.32 on an
 * Intel i7-4510U laptop (about 3.1× real time).
 */
const PUBLISHED: Record<string, string> = {
  pocketsphinx: 'en: WER 0.33 LibriSpeech test-clean, 0.55 Common Voice; RTF 0.32 (≈3.1× real time) on an i7-4510U laptop — Picovoice speech-to-text-benchmark',
};

export async function benchSpeechStt(): Promise<boolean> {
  if (!pocketsphinxInstalled()) {
    console.log('\nbench/speech-stt: pocketsphinx is not installed (node scripts/ensure-deps.mjs installs it)');
    return false;
  }
  const stt = createPocketsphinxStt();
  const tts = createLocalTts();
  const measures: RecognitionMeasure[] = [];
  const unrecognised: Array<Record<string, string>> = [];
  for (const language of SPEECH_LANGUAGES) {
    if (!stt.languages().includes(language)) {
      unrecognised.push({ language, speech: '—', audio: '—', speed: '—', WER: `not recognised: ${stt.name} has no ${language} model` });
      continue;
    }
    const voices = tts.voices(language).slice(0, VOICES === 'first' ? 1 : undefined);
    for (const voice of voices) measures.push(await measureRecognition(stt, tts, language, { voiceId: voice.id }));
    if (language === 'en' && librivoxInstalled()) measures.push(await measureClips(stt, language, LIBRIVOX_SOURCE, await librivoxClips()));
  }
  const rows = [
    ...measures.map((m) => ({
      language: m.language,
      speech: m.source,
      audio: `${m.audioSeconds.toFixed(1)} s`,
      speed: `${m.realTimeMultiple.toFixed(2)}× real time`,
      WER: m.wer.toFixed(2),
    })),
    ...unrecognised,
  ];
  console.log(`\nbench/speech-stt: ${stt.name}; fixed sentences spoken by ${tts.name}, and recorded human speech where installed; transcribed one at a time\n`);
  console.log(table(rows));
  console.log(`\npublished (real speech): ${PUBLISHED[stt.name] ?? 'none known'}`);
  const worst = measures.flatMap((m) => m.sentences).sort((a, b) => b.wer - a.wer)[0];
  if (worst) console.log(`worst sentence: "${worst.reference}" → "${worst.hypothesis}" (WER ${worst.wer.toFixed(2)})`);
  return true;
}
