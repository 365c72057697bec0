/**
 * The pure parts of /mediaCapture (docs/decisions/0044): what is recorded, the recorder's type,
 * the limits of a take, and the timer's text.
 */
import { formatDuration } from '#app/components/media/player/format';

/** camera: camera and microphone; microphone: sound only; screen: the screen and the microphone; pip: the screen with the camera in a corner. */
export const CAPTURE_SOURCES = ['camera', 'microphone', 'screen', 'pip'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/** Whether a source's take is a video item (else an audio item). */
export const recordsVideo = (source: CaptureSource) => source !== 'microphone';

/** Recorder types in order of preference: VP9, then VP8, with Opus; MP4 last (Safari records only MP4). */
export const VIDEO_RECORDER_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a', 'video/mp4'] as const;
export const AUDIO_RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a', 'audio/mp4'] as const;

export interface RecorderType {
  /** Given to MediaRecorder. */
  mimeType: string;
  /** The upload's type (without codecs), one the library accepts. */
  contentType: 'video/webm' | 'video/mp4' | 'audio/webm' | 'audio/mp4';
  extension: 'webm' | 'mp4' | 'm4a';
}

/** The first type this browser records for the source, or null when it records none of them. */
export function pickRecorderType(video: boolean, isTypeSupported: (type: string) => boolean): RecorderType | null {
  const candidates = video ? VIDEO_RECORDER_TYPES : AUDIO_RECORDER_TYPES;
  const mimeType = candidates.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
  if (!mimeType) return null;
  const contentType = mimeType.split(';')[0] as RecorderType['contentType'];
  const extension = contentType === 'audio/mp4' ? 'm4a' : contentType.endsWith('mp4') ? 'mp4' : 'webm';
  return { mimeType, contentType, extension };
}

/** The longest take: an hour. */
export const MAX_TAKE_SECONDS = 60 * 60;
/** The largest take kept in the browser's memory until it is uploaded. */
export const MAX_TAKE_BYTES = { video: 2 * 1024 * 1024 * 1024, audio: 500 * 1024 * 1024 } as const;

/** Why the take must stop now, or null. */
export function takeLimit(elapsedSeconds: number, bytes: number, video: boolean): 'tooLong' | 'tooLarge' | null {
  if (elapsedSeconds >= MAX_TAKE_SECONDS) return 'tooLong';
  if (bytes >= MAX_TAKE_BYTES[video ? 'video' : 'audio']) return 'tooLarge';
  return null;
}

/** The timer's text: "0:05", "12:34", "1:02:03" (whole seconds, rounded down), as the players show durations. */
export const formatTimer = (milliseconds: number): string => formatDuration((Number.isFinite(milliseconds) ? milliseconds : 0) / 1000);

/** What getUserMedia / getDisplayMedia's refusal means for the person. */
export type DeviceProblem = 'denied' | 'noDevice' | 'busy' | 'unsupported' | 'cancelled' | 'failed';

export function deviceProblem(error: unknown, screen: boolean): DeviceProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      // A closed screen picker is reported as NotAllowedError too.
      return screen ? 'cancelled' : 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** Where the camera goes in a picture-in-picture frame: a quarter of the width, bottom right, a margin from the edges, its own shape kept. */
export function pipRect(frameWidth: number, frameHeight: number, cameraWidth: number, cameraHeight: number): { x: number; y: number; width: number; height: number } {
  const width = Math.round(frameWidth / 4);
  const height = Math.round((width * (cameraHeight || 3)) / (cameraWidth || 4));
  const margin = Math.round(frameWidth / 40);
  return { x: frameWidth - width - margin, y: frameHeight - height - margin, width, height };
}

/** The recorded frame for a shared screen: its own size, no wider than 1280 pixels, even sides. */
export function frameSize(screenWidth: number, screenHeight: number): { width: number; height: number } {
  if (!screenWidth || !screenHeight) return { width: 1280, height: 720 };
  const scale = Math.min(1, 1280 / screenWidth);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return { width: even(screenWidth * scale), height: even(screenHeight * scale) };
}
