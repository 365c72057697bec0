/**
 * The command-line tools the processors run (Debian's ffmpeg/ffprobe and poppler-utils): spawned
 * without a shell, their output kept short for error reports, ffmpeg's progress parsed.
 *
 * If the worker dies (SIGKILL), its tools must die with it, or an orphan ffmpeg keeps transcoding
 * beside the worker that took the job over. ffmpeg ignores SIGPIPE, so a closed progress pipe does
 * not stop it: tools start through util-linux's `setpriv --pdeathsig KILL`, which asks the kernel
 * to kill them when the worker ends.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ProcessingError } from './failures.server';

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';
export const PDFINFO = '/usr/bin/pdfinfo';
export const PDFTOPPM = '/usr/bin/pdftoppm';

const SETPRIV = '/usr/bin/setpriv';
const DIE_WITH_WORKER = existsSync(SETPRIV) ? [SETPRIV, '--pdeathsig', 'KILL'] : [];

/** Spawns a tool that the kernel kills when this process ends, stdin closed. */
export function spawnTool(command: string, args: string[]) {
  const [launcher, ...launcherArgs] = [...DIE_WITH_WORKER, command, ...args];
  return spawn(launcher, launcherArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The same, with stdin open for the caller to write (a live packager reading its source). */
export function spawnToolWithInput(command: string, args: string[]) {
  const [launcher, ...launcherArgs] = [...DIE_WITH_WORKER, command, ...args];
  return spawn(launcher, launcherArgs, { stdio: ['pipe', 'ignore', 'pipe'] });
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a tool to completion; a non-zero exit rejects with the tail of its stderr. */
export function run(command: string, args: string[], options: { onStdout?: (chunk: string) => void; keepStdout?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      options.onStdout?.(chunk);
      if (options.keepStdout !== false) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8000)));
    child.on('error', (e: NodeJS.ErrnoException) => {
      reject(e.code === 'ENOENT' ? new Error(`${command} is missing: node scripts/ensure-deps.mjs installs it`) : e);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ToolError(command, code, signal, stderr));
    });
  });
}

export class ToolError extends Error {
  constructor(
    public command: string,
    public code: number | null,
    public signal: NodeJS.Signals | null,
    public stderr: string,
  ) {
    super(`${command.split('/').pop()} exited with ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'ToolError';
  }
}

export interface Probe {
  durationSeconds: number;
  /** Displayed size (rotation applied), when there is a video stream. */
  width?: number;
  height?: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** ffprobe's view of a media file; a file it cannot read is the uploader's problem (unreadable). */
export async function probe(path: string, kind: 'video' | 'audio'): Promise<Probe> {
  let out: RunResult;
  try {
    out = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  } catch (e) {
    if (e instanceof ToolError) throw new ProcessingError(kind === 'video' ? 'video_unreadable' : 'audio_unreadable', e.message);
    throw e;
  }
  const info = JSON.parse(out.stdout) as { streams?: FfprobeStream[]; format?: { duration?: string } };
  const streams = info.streams ?? [];
  // A cover picture inside an audio file is a "video" stream to ffprobe, not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
  const result: Probe = { durationSeconds: Number.isFinite(duration) ? duration : 0, hasVideo: !!video, hasAudio: !!audio };
  if (video?.width && video.height) {
    const rotation = Math.abs(Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) % 180;
    const turned = rotation === 90;
    result.width = turned ? video.height : video.width;
    result.height = turned ? video.width : video.height;
  }
  return result;
}

/**
 * Runs ffmpeg with `-progress pipe:1` and reports the fraction done (0–1) from its out_time
 * against the input's duration.
 */
export async function ffmpeg(args: string[], durationSeconds: number, onFraction: (fraction: number) => void): Promise<void> {
  let pending = '';
  await run(FFMPEG, ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...args], {
    keepStdout: false,
    onStdout(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && durationSeconds > 0) onFraction(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
      }
    },
  });
  onFraction(1);
}
