/**
 * An encoder for the ingest tests and the streaming bench: ffmpeg pushes testsrc2 with a
 * burned-in clock (readable wall-clock time as text, and the same time in milliseconds as a
 * 32-bit barcode along the top edge that a player can read back from its frames) and a sine tone,
 * over RTMP or SRT, in real time (-re).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface PushSpec {
  /** rtmp://host:port/app/<key>, or srt://host:port?passphrase=… */
  url: string;
  width?: number;
  height?: number;
  /** Stop after this many seconds (default: until stopped). */
  seconds?: number;
}

/** Each bit of the barcode is a 16×16 block: white for 1, black for 0, least significant bit first. */
export const CLOCK_BITS = 32;
export const CLOCK_CELL = 16;

export interface Push {
  child: ChildProcess;
  /** The wall-clock time (ms) the first frame's barcode says. */
  clockStart: number;
  /** Resolves with ffmpeg's exit code and the tail of its log. */
  exited: Promise<{ code: number | null; log: string }>;
  /** Stops the push as an encoder does (ffmpeg ends its stream cleanly). */
  stop(): Promise<{ code: number | null; log: string }>;
}

export function pushArgs(spec: PushSpec, clockStart: number): string[] {
  const width = spec.width ?? 1280;
  const height = spec.height ?? 720;
  const base = clockStart % 2 ** CLOCK_BITS;
  const barcode = `[2:v]geq=lum='255*mod(floor((${base}+T*1000)/pow(2\\,floor(X/${CLOCK_CELL})))\\,2)':cb=128:cr=128[bar]`;
  const text = `[0:v]drawtext=text='%{localtime\\:%T}':fontsize=${Math.round(height / 12)}:fontcolor=white:box=1:boxcolor=black@0.6:x=(w-tw)/2:y=h-th-20[txt]`;
  const output = spec.url.startsWith('srt://') ? ['-f', 'mpegts'] : ['-f', 'flv'];
  return [
    // stdin stays open: 'q' on it ends the push cleanly (stop()).
    '-hide_banner', '-loglevel', 'warning',
    '-re', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`,
    '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-re', '-f', 'lavfi', '-i', `color=c=black:s=${CLOCK_BITS * CLOCK_CELL}x${CLOCK_CELL}:r=25`,
    '-filter_complex', `${barcode};${text};[txt][bar]overlay=0:0:shortest=1[v]`,
    '-map', '[v]', '-map', '1:a',
    ...(spec.seconds ? ['-t', String(spec.seconds)] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-b:v', '1500k', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k',
    ...output, spec.url,
  ];
}

export function startPush(spec: PushSpec): Push {
  const clockStart = Date.now();
  const child = spawn('/usr/bin/ffmpeg', pushArgs(spec, clockStart), { stdio: ['pipe', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (log = (log + chunk).slice(-4000)));
  const exited = new Promise<{ code: number | null; log: string }>((resolve) => child.once('close', (code) => resolve({ code, log })));
  return {
    child,
    clockStart,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.stdin!.write('q');
      return exited;
    },
  };
}

/** The time a frame's barcode says (ms, modulo 2^32), from the luma of each cell's centre. */
export function readClock(luma: (x: number, y: number) => number): number {
  let value = 0;
  for (let bit = 0; bit < CLOCK_BITS; bit++) if (luma(bit * CLOCK_CELL + CLOCK_CELL / 2, CLOCK_CELL / 2) > 128) value += 2 ** bit;
  return value;
}
