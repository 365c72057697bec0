// bench/speech-stt: the local speech-to-text engine's accuracy, speed and memory (docs/decisions/0098).
// One speech worker (Whisper base, int8, 2 threads) is started as the local stack starts it. Measured,
// one clip at a time:
// - recorded human English: the five LibriVox sentences of Debian's pocketsphinx-testdata (target WER ≤ 0.15);
//   no Spanish or French recordings of human speech under a free licence were found in a Debian or
//   PyPI package, so those languages are measured on text-to-speech only (a floor: robotic voices);
// - the fixed sentences of server/speech/accuracy.server.ts spoken by the local voices (flite for
//   English, espeak-ng), each language's first voice (BENCH_SPEECH_VOICES=all: every voice), with the
//   language given, and how often the language is detected right when it is not given;
// - seconds of audio per second of processing (time in the engine only, the model already loaded),
//   and the worker's resident memory;
// - pocketsphinx (the fallback when no worker runs) on the same human English, for comparison.
// Beside the figures the Whisper paper publishes for base. Exit code 1 when English human WER > 0.15.
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { startSpeechWorkers } from '#local/stack/speechWorkers';
import { LIBRIVOX_SOURCE, librivoxClips, librivoxInstalled, measureClips, speakForRecognizer, ACCURACY_SENTENCES, type RecognitionMeasure } from '#server/speech/accuracy.server';
import { createLocalTts } from '#server/platform/speech/local/localTts.server';
import { createPocketsphinxStt, pocketsphinxInstalled } from '#server/platform/speech/local/pocketsphinx.server';
import { createWhisperStt } from '#server/platform/speech/local/whisper.server';
import { table } from './lib';

const VOICES = process.env.BENCH_SPEECH_VOICES ?? 'first';
const ENGLISH_HUMAN_TARGET = 0.15;

/**
 * Whisper base as published (Radford et al., "Robust Speech Recognition via Large-Scale Weak
 * Supervision", 2022, appendix D.1, English long-form-free test sets): LibriSpeech test-clean WER
 * 5.0 %, test-other 12.4 %, with the paper's text normaliser, decoded in float on a GPU with beam 5.
 */
const PUBLISHED = 'Whisper base (paper, appendix D.1): WER 0.050 LibriSpeech test-clean, 0.124 test-other; its Common Voice / FLEURS per-language figures (appendix D.2) are not restated here';

export async function benchSpeechStt(): Promise<boolean> {
  const logs: string[] = [];
  const workers = await startSpeechWorkers({ root: process.cwd(), count: 1, threads: 2, log: (l) => logs.push(l), bootSeconds: 180 });
  if (!workers.urls.length) {
    console.log(`\nbench/speech-stt: no speech worker could start (node scripts/ensure-deps.mjs installs it): ${logs.join('; ')}`);
    return false;
  }
  try {
    const stt = createWhisperStt({ urls: workers.urls });
    const tts = createLocalTts();
    const measures: RecognitionMeasure[] = [];
    const detection: Array<Record<string, string>> = [];
    if (librivoxInstalled()) measures.push(await measureClips(stt, 'en', LIBRIVOX_SOURCE, await librivoxClips()));
    for (const language of SPEECH_LANGUAGES) {
      const voices = tts.voices(language).slice(0, VOICES === 'all' ? undefined : 1);
      for (const voice of voices) {
        const clips = [];
        for (const reference of ACCURACY_SENTENCES[language]) clips.push({ reference, pcm: await speakForRecognizer(tts, reference, language, voice.id) });
        measures.push(await measureClips(stt, language, voice.id, clips));
        let right = 0;
        for (const clip of clips) if ((await stt.transcribe(clip.pcm, 'auto')).language === language) right++;
        detection.push({ language, speech: voice.id, 'language detected right': `${right} of ${clips.length}` });
      }
    }
    const health = await stt.health();
    const memory = health.workers.map((w) => (w.up ? `${(w.rssBytes / 1024 / 1024).toFixed(0)} MiB` : 'down')).join(', ');

    console.log(`\nbench/speech-stt: ${stt.name} (faster-whisper 1.2.1, CTranslate2 int8, 2 threads, greedy); one clip at a time, language given\n`);
    console.log(
      table(
        measures.map((m) => ({
          language: m.language,
          speech: m.source,
          audio: `${m.audioSeconds.toFixed(1)} s`,
          speed: `${m.realTimeMultiple.toFixed(2)}× real time (RTF ${(1 / m.realTimeMultiple).toFixed(2)})`,
          WER: m.wer.toFixed(3),
          target: m.source === LIBRIVOX_SOURCE ? `≤ ${ENGLISH_HUMAN_TARGET}` : '',
        })),
      ),
    );
    console.log('\nlanguage not given (auto):\n');
    console.log(table(detection));
    console.log(`\nmemory per worker (resident, after the runs): ${memory}`);
    console.log(`published: ${PUBLISHED}`);
    console.log('Spanish and French human speech: no free-licence recordings found in a Debian or PyPI package; the TTS figures above are a floor.');
    const worst = measures.flatMap((m) => m.sentences).sort((a, b) => b.wer - a.wer)[0];
    if (worst) console.log(`worst sentence: "${worst.reference}" → "${worst.hypothesis}" (WER ${worst.wer.toFixed(2)})`);

    if (pocketsphinxInstalled() && librivoxInstalled()) {
      const p = await measureClips(createPocketsphinxStt(), 'en', LIBRIVOX_SOURCE, await librivoxClips());
      console.log(`pocketsphinx (fallback without a worker), same human English: WER ${p.wer.toFixed(3)}, ${p.realTimeMultiple.toFixed(2)}× real time (model loaded per call)`);
    }
    const human = measures.find((m) => m.source === LIBRIVOX_SOURCE);
    if (!human) {
      console.log('pocketsphinx-testdata is not installed: the English human-speech target was not measured');
      return false;
    }
    const ok = human.wer <= ENGLISH_HUMAN_TARGET;
    console.log(`English human speech WER ${human.wer.toFixed(3)} vs target ≤ ${ENGLISH_HUMAN_TARGET}: ${ok ? 'met' : 'MISSED'}`);
    return ok;
  } finally {
    await workers.stop();
  }
}
