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
// - pocketsphinx (the fallback when no worker runs) on the same human English, for comparison;
// - caption latency (docs/decisions/0099): the LibriVox sentences, then the Spanish sentences, fed at
//   1× real time into the room's live caption path; from a line's last spoken word to the line
//   published, p50 ≤ 2 s and p95 ≤ 4 s for one speaker; the English translation's latency beside
//   it, and the share of the worker's time one speaker takes (what SPEECH_CAPTION_SPEAKERS_PER_WORKER
//   is sized from). Exit code 1 when the latency targets are missed.
// Beside the figures the Whisper paper publishes for base. Exit code 1 when English human WER > 0.15.
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { startSpeechWorkers } from '#local/stack/speechWorkers';
import { LIBRIVOX_SOURCE, librivoxClips, librivoxInstalled, measureClips, speakForRecognizer, ACCURACY_SENTENCES, type RecognitionMeasure } from '#server/speech/accuracy.server';
import { createLocalTts } from '#server/platform/speech/local/localTts.server';
import { createPocketsphinxStt, pocketsphinxInstalled } from '#server/platform/speech/local/pocketsphinx.server';
import { createWhisperStt } from '#server/platform/speech/local/whisper.server';
import { CAPTION_P50_TARGET_MS, CAPTION_P95_TARGET_MS, measureCaptionLatency, percentile, type CaptionLatency } from './speech-caption-latency';
import { loadNow, machineLoad, reportHeadline, table } from './lib';

const VOICES = process.env.BENCH_SPEECH_VOICES ?? 'first';
const ENGLISH_HUMAN_TARGET = 0.15;

/**
 * Whisper base as published (Radford et al., "Robust Speech Recognition via Large-Scale Weak
 * Supervision", 2022, appendix D.1, English long-form-free test sets): LibriSpeech test-clean WER
 * 5.0 %, test-other 12.4 %, with the paper's text normaliser, decoded in float on a GPU with beam 5.
 */
const PUBLISHED = 'Whisper base (paper, appendix D.1): WER 0.050 LibriSpeech test-clean, 0.124 test-other; its Common Voice / FLEURS per-language figures (appendix D.2) are not restated here';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The caption latency table's rows and the verdict. */
function printCaptionLatency(runs: readonly CaptionLatency[]): boolean {
  const rows = runs.flatMap((r) => [
    {
      language: r.language,
      line: 'own words, final',
      lines: r.finals.length,
      p50: seconds(percentile(r.finals, 50)),
      p95: seconds(percentile(r.finals, 95)),
      max: seconds(Math.max(...r.finals)),
      'worker busy': `${(r.workerBusyShare * 100).toFixed(0)} %`,
    },
    ...(r.translations.length
      ? [
          {
            language: 'en',
            line: `translation of ${r.language}`,
            lines: r.translations.length,
            p50: seconds(percentile(r.translations, 50)),
            p95: seconds(percentile(r.translations, 95)),
            max: seconds(Math.max(...r.translations)),
            'worker busy': '',
          },
        ]
      : []),
    {
      language: r.language,
      line: 'first partial after speech starts',
      lines: r.firstPartials.length,
      p50: seconds(percentile(r.firstPartials, 50)),
      p95: seconds(percentile(r.firstPartials, 95)),
      max: seconds(Math.max(...r.firstPartials)),
      'worker busy': '',
    },
  ]);
  console.log("\ncaption latency (one speaker, audio fed at 1× real time; from a line's last spoken word to the line published):\n");
  console.log(table(rows));
  const finals = runs.flatMap((r) => r.finals);
  const p50 = percentile(finals, 50);
  const p95 = percentile(finals, 95);
  const ok = p50 <= CAPTION_P50_TARGET_MS && p95 <= CAPTION_P95_TARGET_MS;
  console.log(
    `caption latency over ${finals.length} lines: p50 ${seconds(p50)} vs target ≤ ${seconds(CAPTION_P50_TARGET_MS)}, p95 ${seconds(p95)} vs target ≤ ${seconds(CAPTION_P95_TARGET_MS)}: ${
      ok ? 'met' : 'MISSED'
    }`,
  );
  reportHeadline({
    target: `caption latency p50 ≤ ${seconds(CAPTION_P50_TARGET_MS)}, p95 ≤ ${seconds(CAPTION_P95_TARGET_MS)}`,
    figure: `p50 ${seconds(p50)}, p95 ${seconds(p95)}`,
    met: ok,
  });
  return ok;
}

export async function benchSpeechStt(): Promise<boolean> {
  const loadBefore = loadNow();
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
    const latency: CaptionLatency[] = [];
    if (librivoxInstalled())
      latency.push(
        await measureCaptionLatency(
          stt,
          workers.urls[0]!,
          'en',
          (await librivoxClips()).map((c) => c.pcm),
        ),
      );
    const spanish = [];
    for (const reference of ACCURACY_SENTENCES.es) spanish.push(await speakForRecognizer(tts, reference, 'es'));
    latency.push(await measureCaptionLatency(stt, workers.urls[0]!, 'es', spanish));

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
    const latencyOk = printCaptionLatency(latency);
    console.log(`memory per worker: ${memory}`);
    console.log(machineLoad(loadBefore).text);
    const human = measures.find((m) => m.source === LIBRIVOX_SOURCE);
    if (!human) {
      console.log('pocketsphinx-testdata is not installed: the English human-speech target was not measured');
      return false;
    }
    const ok = human.wer <= ENGLISH_HUMAN_TARGET;
    console.log(`English human speech WER ${human.wer.toFixed(3)} vs target ≤ ${ENGLISH_HUMAN_TARGET}: ${ok ? 'met' : 'MISSED'}`);
    reportHeadline({ target: `English human speech WER ≤ ${ENGLISH_HUMAN_TARGET}`, figure: `WER ${human.wer.toFixed(3)}`, met: ok });
    return ok && latencyOk;
  } finally {
    await workers.stop();
  }
}
