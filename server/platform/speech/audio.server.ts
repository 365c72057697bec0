/**
 * Audio conversions the speech layer needs, through Debian's ffmpeg (server/platform/media/tools.server.ts):
 * any file to the recognisers' 16 kHz mono PCM, and PCM to WAV or a compressed download.
 */
import { spawn } from 'node:child_process';
import { STT_SAMPLE_RATE } from '#app/lib/speech/languages';
import { FFMPEG, ToolError } from '../media/tools.server';

/** Runs ffmpeg with `input` on stdin (or a path in args) and returns its stdout. */
function ffmpegBuffer(args: string[], input?: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', ...args], { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code, sig) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new ToolError(FFMPEG, code, sig, stderr))));
    if (input) {
      child.stdin!.on('error', () => undefined); // ffmpeg may stop reading early on bad input; its exit code says why
      child.stdin!.end(input);
    }
  });
}

/** Any audio or video file (a path, or its bytes) → 16 kHz mono s16le PCM, what the recognisers take. */
export function decodeToRecognizerPcm(source: string | Buffer, signal?: AbortSignal): Promise<Buffer> {
  const input = typeof source === 'string' ? ['-i', source] : ['-i', 'pipe:0'];
  return ffmpegBuffer([...input, '-vn', '-ac', '1', '-ar', String(STT_SAMPLE_RATE), '-f', 's16le', 'pipe:1'], typeof source === 'string' ? undefined : source, signal);
}

/** A 44-byte RIFF header in front of mono s16le PCM. */
export function wavOf(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

export const AUDIO_DOWNLOADS = {
  mp3: { contentType: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '96k', '-f', 'mp3'] },
  ogg: { contentType: 'audio/ogg', args: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'] },
  wav: { contentType: 'audio/wav', args: ['-f', 'wav'] },
} as const;
export type AudioDownloadFormat = keyof typeof AUDIO_DOWNLOADS;

/** Mono s16le PCM → a downloadable file in `format`. */
export function encodePcm(pcm: Buffer, sampleRate: number, format: AudioDownloadFormat, signal?: AbortSignal): Promise<Buffer> {
  if (format === 'wav') return Promise.resolve(wavOf(pcm, sampleRate));
  return ffmpegBuffer(['-f', 's16le', '-ac', '1', '-ar', String(sampleRate), '-i', 'pipe:0', ...AUDIO_DOWNLOADS[format].args, 'pipe:1'], pcm, signal);
}

/**
 * Mono s16le PCM at one rate → the same at another, by linear interpolation, in process: speech
 * moved between 16 and 22.05 kHz keeps its band, and no tool start delays the first audio byte.
 */
export function resamplePcm(pcm: Buffer, from: number, to: number): Buffer {
  const samples = Math.floor(pcm.length / 2);
  if (from === to || samples === 0) return pcm;
  const outSamples = Math.floor((samples * to) / from);
  const out = Buffer.alloc(outSamples * 2);
  const step = from / to;
  for (let i = 0; i < outSamples; i++) {
    const at = i * step;
    const left = Math.min(samples - 1, Math.floor(at));
    const right = Math.min(samples - 1, left + 1);
    const frac = at - left;
    const value = pcm.readInt16LE(left * 2) * (1 - frac) + pcm.readInt16LE(right * 2) * frac;
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(value))), i * 2);
  }
  return out;
}

/** The PCM samples of a mono 16-bit WAV file and its rate (the "data" chunk found, not assumed at byte 44). */
export function pcmOfWav(wav: Buffer): { pcm: Buffer; sampleRate: number } {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let sampleRate = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    if (id === 'data') return { pcm: wav.subarray(at + 8, Math.min(wav.length, at + 8 + size)), sampleRate };
    at += 8 + size + (size % 2);
  }
  throw new Error('a WAV file without a data chunk');
}

/** Seconds of mono s16le PCM at `sampleRate`. */
export const pcmSeconds = (pcm: { length: number }, sampleRate: number) => pcm.length / 2 / sampleRate;
