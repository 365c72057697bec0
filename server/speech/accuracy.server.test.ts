import { describe, expect, it } from 'vitest';
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { ACCURACY_SENTENCES, LIBRIVOX_SOURCE, librivoxClips, librivoxInstalled, measureClips, measureRecognition, speakForRecognizer } from './accuracy.server';
import { createEspeakTts } from '#server/platform/speech/local/espeak.server';
import { createLocalTts } from '#server/platform/speech/local/localTts.server';
import { createPocketsphinxStt, pocketsphinxInstalled } from '#server/platform/speech/local/pocketsphinx.server';
import { isSpeechEngineError } from '#server/platform/speech/types';

const tts = createEspeakTts();
const stt = createPocketsphinxStt();

/**
 * Measured on this machine's Debian packages (pocketsphinx 0.8+5prealpha+1-15 with
 * pocketsphinx-en-us, espeak-ng 1.51): 0.855 over the ten English sentences spoken by the default
 * English voice (en-us+f3). The bound leaves room for small changes of either package; a broken
 * pipeline (no words, wrong sample rate, wrong model) scores 1 or more. docs/decisions/0043 and
 * the README's "Speech engine" section state the figure.
 */
const ENGLISH_WER_BOUND = 0.92;

/**
 * Measured the same way on recorded human speech, the five LibriVox sentences of Debian's
 * pocketsphinx-testdata (25 s): 0.366, in line with the 0.33 published for LibriSpeech.
 */
const HUMAN_WER_BOUND = 0.45;

/**
 * The local engine's own English voice (flite's slt, the default): 0.14 over the ten sentences
 * (rms 0.09, awb 0.23), the first clause spoken on its own. Far closer to the recorded voices the acoustic model learnt than
 * espeak-ng's formant speech.
 */
const FLITE_WER_BOUND = 0.2;

describe('the local speech-to-text engine', () => {
  it('is installed with its model', () => {
    expect(pocketsphinxInstalled()).toBe(true);
  });

  it(`hears English spoken by espeak-ng with a word error rate under ${ENGLISH_WER_BOUND}`, async () => {
    const measure = await measureRecognition(stt, tts, 'en');
    expect(measure.source).toBe('en-us+f3');
    expect(measure.sentences).toHaveLength(ACCURACY_SENTENCES.en.length);
    // Every sentence yields words: an engine that hears nothing would score 1 and fail below too.
    for (const s of measure.sentences) expect(s.hypothesis.trim().length).toBeGreaterThan(0);
    expect(measure.wer).toBeLessThan(ENGLISH_WER_BOUND);
  }, 480_000);

  it(`hears English spoken by the local engine's default voice (flite) with a word error rate under ${FLITE_WER_BOUND}`, async () => {
    const local = createLocalTts();
    const measure = await measureRecognition(stt, local, 'en');
    expect(measure.source).toBe('flite-slt');
    expect(measure.wer).toBeLessThan(FLITE_WER_BOUND);
  }, 480_000);

  it(`hears recorded human English with a word error rate under ${HUMAN_WER_BOUND}`, async () => {
    expect(librivoxInstalled()).toBe(true);
    const measure = await measureClips(stt, 'en', LIBRIVOX_SOURCE, await librivoxClips());
    expect(measure.sentences).toHaveLength(5);
    expect(measure.audioSeconds).toBeGreaterThan(20);
    expect(measure.wer).toBeLessThan(HUMAN_WER_BOUND);
  }, 480_000);

  it('times each word inside the audio, in order', async () => {
    const pcm = await speakForRecognizer(tts, ACCURACY_SENTENCES.en[5]!, 'en');
    const transcript = await stt.transcribe(pcm, 'en');
    expect(transcript.words.length).toBeGreaterThan(2);
    let previousEnd = 0;
    for (const w of transcript.words) {
      expect(w.start).toBeGreaterThanOrEqual(previousEnd - 0.011); // pocketsphinx frames are 10 ms
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(transcript.durationSeconds + 0.011);
      previousEnd = w.end;
    }
    expect(transcript.text).toBe(transcript.words.map((w) => w.word).join(' '));
  }, 60_000);

  it('offers only the languages it has a model for, and refuses the others with an engine error', async () => {
    expect(stt.languages()).toEqual(['en']);
    for (const language of SPEECH_LANGUAGES.filter((l) => l !== 'en')) {
      const pcm = await speakForRecognizer(tts, ACCURACY_SENTENCES[language][0]!, language);
      const failure = await stt.transcribe(pcm, language).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isSpeechEngineError(failure)).toBe(true);
    }
  }, 60_000);
});
