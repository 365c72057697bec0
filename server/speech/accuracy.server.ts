/**
 * How well a speech-to-text engine hears, scored by word error rate: a fixed set of sentences per
 * language spoken by the text-to-speech engine at test time, and recorded human speech where a
 * package ships some. The engine's accuracy test and `npm run bench -- speech` both measure
 * through here (docs/decisions/0043).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STT_SAMPLE_RATE, type SpeechLanguage } from '#app/lib/speech/languages';
import { spokenForm } from '#app/lib/speech/spokenForm';
import { corpusWordErrorRate, wordErrorRate } from '#app/lib/speech/wer';
import { decodeToRecognizerPcm, pcmSeconds, wavOf } from '#server/platform/speech/audio.server';
import type { SpeechToText, TextToSpeech } from '#server/platform/speech/types';

/** Ten sentences a host or a viewer might say, per language; fixed so figures stay comparable. */
export const ACCURACY_SENTENCES: Record<SpeechLanguage, readonly string[]> = {
  en: [
    'please join the live event tonight at eight and bring your questions for the host',
    'the concert starts at seven and the doors open one hour earlier',
    'thank you for watching and see you at the next session',
    'our speaker will talk about building a small business online',
    'you can download the recording after the event has ended',
    'the chat is open to everyone who bought a ticket',
    'we will take a short break and come back in ten minutes',
    'remember to mute your microphone when you are not speaking',
    'the workshop covers cameras lights and sound for beginners',
    'share the link with your friends so they can watch too',
  ],
  es: [
    'únete al evento en directo esta noche a las ocho y trae tus preguntas',
    'el concierto empieza a las siete y las puertas abren una hora antes',
    'gracias por vernos y hasta la próxima sesión',
    'nuestra ponente hablará de cómo crear un pequeño negocio en internet',
    'puedes descargar la grabación cuando termine el evento',
    'el chat está abierto para todas las personas con entrada',
    'haremos una pausa corta y volvemos en diez minutos',
    'recuerda silenciar tu micrófono cuando no estés hablando',
    'el taller trata de cámaras luces y sonido para principiantes',
    'comparte el enlace con tus amigos para que también lo vean',
  ],
  fr: [
    'rejoignez l’événement en direct ce soir à huit heures avec vos questions',
    'le concert commence à sept heures et les portes ouvrent une heure avant',
    'merci de nous avoir suivis et à la prochaine séance',
    'notre intervenante parlera de la création d’une petite entreprise en ligne',
    'vous pourrez télécharger l’enregistrement après l’événement',
    'le chat est ouvert à toutes les personnes qui ont un billet',
    'nous faisons une courte pause et nous revenons dans dix minutes',
    'pensez à couper votre micro quand vous ne parlez pas',
    'l’atelier présente les caméras la lumière et le son pour débuter',
    'partagez le lien avec vos amis pour qu’ils regardent aussi',
  ],
};

/** `text` spoken by `tts`, as the recognisers take it (16 kHz mono PCM, resampled by ffmpeg). */
export async function speakForRecognizer(tts: TextToSpeech, text: string, language: SpeechLanguage, voiceId?: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tts.synthesize({ text, language, voiceId })) chunks.push(chunk);
  return decodeToRecognizerPcm(wavOf(Buffer.concat(chunks), tts.sampleRate));
}

export interface SentenceResult {
  reference: string;
  hypothesis: string;
  wer: number;
}

/** A clip to transcribe, as the recognisers take it, with what was said. */
export interface SpeechClip {
  reference: string;
  pcm: Buffer;
}

export interface RecognitionMeasure {
  engine: string;
  language: SpeechLanguage;
  /** Where the speech came from: a text-to-speech voice, or a named recording set. */
  source: string;
  sentences: SentenceResult[];
  /** Over the whole set: all word errors over all reference words. */
  wer: number;
  audioSeconds: number;
  /** Time spent in the engine's transcribe() only (synthesis and resampling excluded). */
  processingSeconds: number;
  /** Seconds of audio transcribed per second of processing: above 1 is faster than real time. */
  realTimeMultiple: number;
}

/** Transcribes the clips with `stt` one at a time and scores the set. */
export async function measureClips(stt: SpeechToText, language: SpeechLanguage, source: string, clips: readonly SpeechClip[]): Promise<RecognitionMeasure> {
  const results: SentenceResult[] = [];
  let audioSeconds = 0;
  let processingSeconds = 0;
  for (const { reference, pcm } of clips) {
    audioSeconds += pcmSeconds(pcm, STT_SAMPLE_RATE);
    const began = performance.now();
    const transcript = await stt.transcribe(pcm, language);
    processingSeconds += (performance.now() - began) / 1000;
    // Numbers and titles as spoken ("8" → "eight"), as the references write them.
    const hypothesis = spokenForm(transcript.text, language);
    results.push({ reference, hypothesis, wer: wordErrorRate(reference, hypothesis) });
  }
  return {
    engine: stt.name,
    language,
    source,
    sentences: results,
    wer: corpusWordErrorRate(results),
    audioSeconds,
    processingSeconds,
    realTimeMultiple: processingSeconds > 0 ? audioSeconds / processingSeconds : Infinity,
  };
}

/** Speaks each sentence with `tts` (the language's first voice unless told), then measures `stt` on them. */
export async function measureRecognition(
  stt: SpeechToText,
  tts: TextToSpeech,
  language: SpeechLanguage,
  options: { sentences?: readonly string[]; voiceId?: string } = {},
): Promise<RecognitionMeasure> {
  const sentences = options.sentences ?? ACCURACY_SENTENCES[language];
  const voiceId = options.voiceId ?? tts.voices(language)[0]!.id;
  const clips: SpeechClip[] = [];
  for (const reference of sentences) clips.push({ reference, pcm: await speakForRecognizer(tts, reference, language, voiceId) });
  return measureClips(stt, language, voiceId, clips);
}

/**
 * Recorded human English: five sentences of a LibriVox reading of "Sense and Sensibility" (public
 * domain), with their transcriptions, from Debian's pocketsphinx-testdata package.
 */
const LIBRIVOX_DIR = join(process.env.POCKETSPHINX_TESTDATA ?? '/usr/share/pocketsphinx/test/data', 'librivox');
export const LIBRIVOX_SOURCE = 'LibriVox reading (pocketsphinx-testdata)';

export const librivoxInstalled = () => existsSync(join(LIBRIVOX_DIR, 'transcription'));

/** The LibriVox recordings (16 kHz mono WAV files) with what is said in each. */
export async function librivoxRecordings(): Promise<{ reference: string; path: string }[]> {
  const lines = (await readFile(join(LIBRIVOX_DIR, 'transcription'), 'utf8')).split('\n').filter((l) => l.trim());
  return lines.map((line) => {
    // "<s> words </s> (file id)"
    const m = /^<s>\s*(.*?)\s*<\/s>\s*\(([\w.-]+)\)$/.exec(line.trim());
    if (!m) throw new Error(`unexpected transcription line in ${LIBRIVOX_DIR}: ${line}`);
    return { reference: m[1]!, path: join(LIBRIVOX_DIR, `${m[2]!}.wav`) };
  });
}

/** The LibriVox recordings as clips the recognisers take. */
export async function librivoxClips(): Promise<SpeechClip[]> {
  const clips: SpeechClip[] = [];
  for (const r of await librivoxRecordings()) clips.push({ reference: r.reference, pcm: await decodeToRecognizerPcm(r.path) });
  return clips;
}
