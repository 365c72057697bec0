import { describe, expect, it } from 'vitest';
import { STT_SAMPLE_RATE } from '#app/lib/speech/languages';
import { decodeToRecognizerPcm, encodePcm, pcmSeconds, resamplePcm, wavOf } from '#server/platform/speech/audio.server';
import { createEspeakTts } from '#server/platform/speech/local/espeak.server';
import { sentencesOf } from '#server/platform/speech/local/flite.server';
import { createLocalTts } from '#server/platform/speech/local/localTts.server';
import { createPocketsphinxStt, pocketsphinxInstalled } from '#server/platform/speech/local/pocketsphinx.server';
import { wordErrorRate } from '#app/lib/speech/wer';
import { parseTimedWords } from '#server/platform/speech/local/pocketsphinx.server';
import { frameLevel, StreamingRecognizer, type StreamSegment } from './stream.server';
import type { SpeechToText } from '#server/platform/speech/types';

const tts = createEspeakTts();

async function speak(text: string, language: 'en' | 'es' | 'fr', rate?: number) {
  const chunks: Buffer[] = [];
  for await (const c of tts.synthesize({ text, language, rate })) chunks.push(c);
  return { chunks, pcm: Buffer.concat(chunks) };
}

describe('espeak-ng text to speech', () => {
  it.each(['en', 'es', 'fr'] as const)('speaks a sentence in %s for a plausible time, in several chunks', async (language) => {
    const sentence = { en: 'The event starts at eight tonight, see you there.', es: 'El evento empieza a las ocho de la noche, nos vemos allí.', fr: 'L’événement commence à huit heures ce soir, à tout à l’heure.' }[language];
    const { chunks, pcm } = await speak(sentence, language);
    const seconds = pcmSeconds(pcm, tts.sampleRate);
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(8);
    expect(chunks.length).toBeGreaterThan(1);
    expect(pcm.length % 2).toBe(0);
    expect(frameLevel(pcm)).toBeGreaterThan(300); // not silence
  });

  it('speaks slower at a lower rate and offers only the asked language’s voices', async () => {
    const normal = pcmSeconds((await speak('One two three four five six.', 'en')).pcm, tts.sampleRate);
    const slow = pcmSeconds((await speak('One two three four five six.', 'en', 0.5)).pcm, tts.sampleRate);
    expect(slow).toBeGreaterThan(normal * 1.5);
    expect(tts.voices('fr').every((v) => v.language === 'fr')).toBe(true);
    expect(tts.voices('es').length).toBeGreaterThan(1);
  });

  it('reads text that looks like options as text', async () => {
    const { pcm } = await speak('--help -v xx', 'en');
    expect(pcmSeconds(pcm, tts.sampleRate)).toBeGreaterThan(0.5);
  });
});

describe('the local engine (flite English, espeak-ng Spanish and French)', () => {
  const local = createLocalTts();
  const speakLocal = async (text: string, language: 'en' | 'es' | 'fr', voiceId?: string) => {
    const chunks: Buffer[] = [];
    for await (const c of local.synthesize({ text, language, voiceId })) chunks.push(c);
    return { chunks, pcm: Buffer.concat(chunks) };
  };

  it('offers flite voices first for English and espeak-ng voices for the others', () => {
    expect(local.voices('en')[0]!.id).toBe('flite-slt');
    expect(local.voices('es').every((v) => !v.id.startsWith('flite'))).toBe(true);
    expect(local.sampleRate).toBe(tts.sampleRate);
  });

  it('speaks English a sentence per chunk at the engine rate, for a plausible time', async () => {
    const { chunks, pcm } = await speakLocal('Welcome to the show. Questions come at the end.', 'en');
    expect(chunks).toHaveLength(2);
    expect(pcm.length % 2).toBe(0);
    const seconds = pcmSeconds(pcm, local.sampleRate);
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(7);
    expect(frameLevel(pcm)).toBeGreaterThan(300);
  });

  it('speaks Spanish with espeak-ng even when an English voice is asked for', async () => {
    const { pcm } = await speakLocal('Buenas noches a todos.', 'es', 'flite-slt');
    expect(pcmSeconds(pcm, local.sampleRate)).toBeGreaterThan(0.8);
  });

  it.runIf(pocketsphinxInstalled())('says English the local recogniser understands', async () => {
    const sentence = 'please join the live event tonight at eight and bring your questions for the host';
    const { pcm } = await speakLocal(sentence, 'en', 'flite-awb');
    const heard = await createPocketsphinxStt().transcribe(await decodeToRecognizerPcm(wavOf(pcm, local.sampleRate)), 'en');
    expect(wordErrorRate(sentence, heard.text)).toBeLessThan(0.3);
    expect(heard.words[0]!.start).toBeLessThan(heard.words.at(-1)!.start);
  });

  it('cuts text into sentences no longer than the limit', () => {
    expect(sentencesOf('One. Two? Three!')).toEqual(['One.', 'Two?', 'Three!']);
    // The first piece is short so the first audio comes soon: cut at a clause, else at a word.
    expect(sentencesOf('Good evening everyone, and welcome to the launch of our new product line. Enjoy.')).toEqual(['Good evening everyone,', 'and welcome to the launch of our new product line.', 'Enjoy.']);
    expect(sentencesOf('Tonight we talk about the many ways a small team can ship software.')[0]).toBe('Tonight we talk about the many ways a small team');
    const long = sentencesOf(`${'word '.repeat(200)}end.`, 100);
    expect(long.every((s) => s.length <= 100)).toBe(true);
    expect(long.join(' ')).toBe(`${'word '.repeat(200)}end.`.replace(/\s+/g, ' ').trim());
  });
});

describe('audio conversions', () => {
  it('resamples PCM keeping its length in time and its shape', () => {
    const from = 16000;
    const tone = Buffer.alloc(from * 2);
    for (let i = 0; i < from; i++) tone.writeInt16LE(Math.round(10000 * Math.sin((2 * Math.PI * 300 * i) / from)), i * 2);
    const up = resamplePcm(tone, from, 22050);
    expect(pcmSeconds(up, 22050)).toBeCloseTo(1, 3);
    expect(frameLevel(up)).toBeCloseTo(frameLevel(tone), -2);
    expect(resamplePcm(tone, from, from)).toBe(tone);
  });

  it('turns synthesised speech into 16 kHz recogniser PCM of the same length, and into mp3', async () => {
    const { pcm } = await speak('Hello and welcome.', 'en');
    const wav = wavOf(pcm, tts.sampleRate);
    const recogniser = await decodeToRecognizerPcm(wav);
    expect(Math.abs(pcmSeconds(recogniser, STT_SAMPLE_RATE) - pcmSeconds(pcm, tts.sampleRate))).toBeLessThan(0.1);
    const mp3 = await encodePcm(pcm, tts.sampleRate, 'mp3');
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
  });

  it('refuses what is not audio', async () => {
    await expect(decodeToRecognizerPcm(Buffer.from('not audio at all'))).rejects.toThrow(/ffmpeg/);
  });
});

describe('pocketsphinx output', () => {
  it('keeps words with their times and drops fillers and alternates’ marks', () => {
    const words = parseTimedWords('<s> 0.000 0.190 0.998801\nwe 0.200 0.340 0.199132\n<sil> 0.350 0.710 0.745326\nreally(2) 1.690 2.200 0.984224\n[NOISE] 2.2 2.3 1\n</s> 4.710 5.010 1.000000\nwe really\n');
    expect(words).toEqual([
      { word: 'we', start: 0.2, end: 0.34, confidence: 0.199132 },
      { word: 'really', start: 1.69, end: 2.2, confidence: 0.984224 },
    ]);
  });
});

describe('streaming recognition', () => {
  /** An engine that names the length of what it hears, so segmenting is visible. */
  const lengthEngine: SpeechToText = {
    name: 'length',
    languages: () => ['en'],
    transcribe: async (pcm, language) => {
      const seconds = pcmSeconds(pcm, STT_SAMPLE_RATE);
      return { language: language === 'auto' ? 'en' : language, text: `${seconds.toFixed(1)}s`, words: [{ word: 'w', start: 0.1, end: seconds - 0.1 }], durationSeconds: seconds };
    },
  };
  const tone = (ms: number) => {
    const samples = (ms / 1000) * STT_SAMPLE_RATE;
    const b = Buffer.alloc(samples * 2);
    for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / STT_SAMPLE_RATE)), i * 2);
    return b;
  };
  const quiet = (ms: number) => Buffer.alloc(((ms / 1000) * STT_SAMPLE_RATE) * 2);

  it('splits at pauses, times finals from the stream start, gives partials during long speech', async () => {
    const finals: StreamSegment[] = [];
    const partials: string[] = [];
    const r = new StreamingRecognizer(lengthEngine, 'en', { onFinal: (s) => finals.push(s), onPartial: (p) => partials.push(p), partialEveryMs: 500 });
    const audio = Buffer.concat([quiet(1000), tone(2000), quiet(1000), tone(1000), quiet(200)]);
    for (let i = 0; i < audio.length; i += 3202) r.push(audio.subarray(i, i + 3202)); // odd chunk sizes
    await r.end();
    expect(finals).toHaveLength(2);
    expect(finals[0]!.start).toBeGreaterThanOrEqual(0.6);
    expect(finals[0]!.start).toBeLessThanOrEqual(1.0);
    expect(finals[1]!.start).toBeGreaterThan(3);
    expect(finals[1]!.words[0]!.start).toBeGreaterThan(finals[1]!.start);
    expect(partials.length).toBeGreaterThan(0);
  });

  it('delivers nothing for silence and cuts speech that never pauses', async () => {
    const finals: StreamSegment[] = [];
    const r = new StreamingRecognizer(lengthEngine, 'en', { onFinal: (s) => finals.push(s), onPartial: () => undefined, maxSegmentMs: 2000 });
    r.push(quiet(3000));
    r.push(tone(5000));
    await r.end();
    expect(finals.length).toBe(3);
    expect(finals.every((f) => f.end - f.start <= 2.05)).toBe(true);
  });
});
