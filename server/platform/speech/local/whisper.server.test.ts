/**
 * The speech workers (docs/decisions/0098) as the platform uses them: two real worker processes
 * started the way the local stack starts them, Whisper base loaded once in each, and the client
 * engine spreading requests over them. Speech is made here by espeak-ng; recorded human English
 * comes from Debian's pocketsphinx-testdata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import { spokenForm } from '#app/lib/speech/spokenForm';
import { wordErrorRate } from '#app/lib/speech/wer';
import { startSpeechWorkers, type SpeechWorkers } from '#local/stack/speechWorkers';
import { LIBRIVOX_SOURCE, librivoxClips, measureClips, speakForRecognizer } from '#server/speech/accuracy.server';
import { StreamingRecognizer, type StreamSegment } from '#server/speech/stream.server';
import { createEspeakTts } from './espeak.server';
import { createWhisperStt, speechWorkerUrls, type WhisperStt } from './whisper.server';

const ROOT = process.cwd();
const tts = createEspeakTts();
let workers: SpeechWorkers;
let stt: WhisperStt;

const SENTENCES: Record<SpeechLanguage, string> = {
  en: 'the concert starts at seven and the doors open one hour earlier',
  es: 'el concierto empieza a las siete y las puertas abren una hora antes',
  fr: 'bonjour à tous, la conférence commence à huit heures ce soir',
};
/**
 * Highest word error rate accepted per language on espeak-ng's robotic voice. Whisper base hears
 * it far worse than people: French espeak-ng is the hardest (README "Performance" has the figures).
 */
const MAX_WER: Record<SpeechLanguage, number> = { en: 0.3, es: 0.5, fr: 0.6 };

beforeAll(async () => {
  const logs: string[] = [];
  workers = await startSpeechWorkers({ root: ROOT, count: 2, threads: 1, log: (l) => logs.push(l), bootSeconds: 170 });
  if (!workers.urls.length) throw new Error(`no speech worker started (node scripts/ensure-deps.mjs installs it): ${logs.join('; ')}`);
  stt = createWhisperStt({ urls: workers.urls });
}, 180_000);

afterAll(async () => {
  await workers?.stop();
}, 30_000);

describe('the Whisper speech workers', () => {
  it.each(['en', 'es', 'fr'] as const)('detects %s and transcribes it with word timings', async (language) => {
    const pcm = await speakForRecognizer(tts, SENTENCES[language], language);
    const t = await stt.transcribe(pcm, 'auto');
    expect(t.language, t.text).toBe(language);
    expect(wordErrorRate(SENTENCES[language], spokenForm(t.text, language)), t.text).toBeLessThanOrEqual(MAX_WER[language]);
    expect(t.words.length).toBeGreaterThan(3);
    const seconds = pcm.length / 2 / STT_SAMPLE_RATE;
    for (const [i, w] of t.words.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.end).toBeLessThanOrEqual(seconds + 0.5);
      if (i) expect(w.start).toBeGreaterThanOrEqual(t.words[i - 1]!.start);
    }
  }, 120_000);

  it('hears recorded human English at a word error rate under 0.15', async () => {
    const measure = await measureClips(stt, 'en', LIBRIVOX_SOURCE, await librivoxClips());
    expect(measure.wer).toBeLessThanOrEqual(0.15);
  }, 180_000);

  it('settles a stream on the language of its first final (dictation, captions)', async () => {
    const pcm = await speakForRecognizer(tts, SENTENCES.fr, 'fr');
    const finals: StreamSegment[] = [];
    const r = new StreamingRecognizer(stt, 'auto', { onFinal: (s) => finals.push(s), onPartial: () => undefined, partialEveryMs: 60_000 });
    for (let at = 0; at < pcm.length; at += 8000) r.push(pcm.subarray(at, at + 8000));
    r.push(Buffer.alloc(STT_SAMPLE_RATE * 2)); // a second of quiet ends the utterance
    await r.end();
    expect(finals.length).toBeGreaterThan(0);
    expect(finals.map((f) => f.language)).toEqual(finals.map(() => 'fr'));
    const heard = finals.map((f) => f.text).join(' ');
    expect(wordErrorRate(SENTENCES.fr, spokenForm(heard, 'fr')), heard).toBeLessThanOrEqual(MAX_WER.fr);
  }, 120_000);

  it('reports each worker in health, and goes on through the other while one is restarted', async () => {
    const health = await stt.health();
    expect(health.state).toBe('up');
    expect(health.workersUp).toBe(2);
    for (const w of health.workers) {
      expect(w.up).toBe(true);
      if (w.up) {
        expect(w.model).toBe('whisper-base');
        expect(w.rssBytes).toBeGreaterThan(50 * 1024 * 1024);
        expect(w.queued).toBeGreaterThanOrEqual(0);
      }
    }
    const killed = workers.pid(0)!;
    process.kill(killed, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const pcm = await speakForRecognizer(tts, SENTENCES.en, 'en');
    const t = await stt.transcribe(pcm, 'en');
    expect(wordErrorRate(SENTENCES.en, spokenForm(t.text, 'en')), t.text).toBeLessThanOrEqual(MAX_WER.en);
    // The supervisor starts another worker 0, which loads the model and answers again.
    const deadline = Date.now() + 150_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      const h = await stt.health();
      back = h.workersUp === 2 && workers.pid(0) !== killed;
      if (!back) await new Promise((r) => setTimeout(r, 500));
    }
    expect(back).toBe(true);
  }, 180_000);

  it('refuses what is not 16-bit PCM or not a known language, at the worker too', async () => {
    await expect(stt.transcribe(Buffer.alloc(3), 'en')).rejects.toThrow(/16-bit/);
    const res = await fetch(`${workers.urls[1]}/transcribe?language=de`, { method: 'POST', body: Buffer.alloc(3200) });
    expect(res.status).toBe(400);
    const odd = await fetch(`${workers.urls[1]}/transcribe?language=en`, { method: 'POST', body: Buffer.alloc(3201) });
    expect(odd.status).toBe(400);
    const silence = await stt.transcribe(Buffer.alloc(STT_SAMPLE_RATE * 2), 'en');
    expect(silence.text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('reads SPEECH_WORKER_URLS', () => {
    expect(speechWorkerUrls(' http://127.0.0.1:1/, http://127.0.0.1:2 ,')).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2']);
    expect(speechWorkerUrls(undefined)).toEqual([]);
  });
});
