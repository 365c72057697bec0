/**
 * Turns on what a take records (docs/decisions/0044): the camera and microphone, the microphone
 * alone, the shared screen with the microphone, or the screen with the camera drawn in a corner
 * (composited on a canvas, whose captureStream is recorded with the microphone's track).
 * A refusal becomes a CaptureProblem naming what went wrong for the person.
 */
import { deviceProblem, frameSize, pipRect, type CaptureSource, type DeviceProblem } from '#app/lib/media/capture';

export class CaptureProblem extends Error {
  constructor(
    readonly problem: DeviceProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CaptureProblem';
  }
}

export interface OpenCapture {
  /** What MediaRecorder records: one video track (unless sound only) and the microphone. */
  record: MediaStream;
  /** What the live preview shows (null: sound only). */
  preview: MediaStream | null;
  /** The microphone, for the level meter. */
  microphone: MediaStream;
  /** Turns every device and the compositor off. */
  stop(): void;
  /** Called once when a shared screen or a device is turned off from outside the page. */
  onEnded(listener: () => void): void;
}

const FPS = 30;

export const canShareScreen = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
export const canRecord = () => typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

async function userMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (!canRecord()) throw new CaptureProblem('unsupported', 'no getUserMedia');
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch (e) {
    throw new CaptureProblem(deviceProblem(e, false), (e as Error)?.message ?? String(e));
  }
}

async function displayMedia(): Promise<MediaStream> {
  if (!canShareScreen()) throw new CaptureProblem('unsupported', 'no getDisplayMedia');
  try {
    return await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: FPS }, audio: false });
  } catch (e) {
    throw new CaptureProblem(deviceProblem(e, true), (e as Error)?.message ?? String(e));
  }
}

const stopAll = (...streams: (MediaStream | null | undefined)[]) => streams.forEach((s) => s?.getTracks().forEach((t) => t.stop()));

/** A muted, playing video element of a stream, drawn from by the compositor (never shown). */
function hiddenVideo(stream: MediaStream): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => undefined);
  return video;
}

/** The screen with the camera in its bottom right corner, drawn FPS times a second onto a canvas. */
function composite(screen: MediaStream, camera: MediaStream): { stream: MediaStream; stop: () => void } {
  const screenVideo = hiddenVideo(screen);
  const cameraVideo = hiddenVideo(camera);
  const canvas = document.createElement('canvas');
  const initial = frameSize(0, 0);
  canvas.width = initial.width;
  canvas.height = initial.height;
  const ctx = canvas.getContext('2d');
  // A timer, not animation frames: those stop when the tab is hidden, and the recording would freeze.
  const timer = window.setInterval(() => {
    if (!ctx) return;
    const size = frameSize(screenVideo.videoWidth, screenVideo.videoHeight);
    if (screenVideo.videoWidth && (canvas.width !== size.width || canvas.height !== size.height)) {
      canvas.width = size.width;
      canvas.height = size.height;
    }
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (screenVideo.readyState >= 2) ctx.drawImage(screenVideo, 0, 0, canvas.width, canvas.height);
    if (cameraVideo.readyState >= 2) {
      const r = pipRect(canvas.width, canvas.height, cameraVideo.videoWidth, cameraVideo.videoHeight);
      ctx.fillStyle = '#fff';
      ctx.fillRect(r.x - 2, r.y - 2, r.width + 4, r.height + 4);
      ctx.drawImage(cameraVideo, r.x, r.y, r.width, r.height);
    }
  }, 1000 / FPS);
  const stream = canvas.captureStream(FPS);
  return {
    stream,
    stop: () => {
      window.clearInterval(timer);
      stopAll(stream);
      screenVideo.srcObject = null;
      cameraVideo.srcObject = null;
    },
  };
}

function watchEnded(tracks: MediaStreamTrack[]) {
  const listeners: Array<() => void> = [];
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    listeners.forEach((l) => l());
  };
  tracks.forEach((t) => t.addEventListener('ended', fire));
  return (listener: () => void) => listeners.push(listener);
}

export async function openCapture(source: CaptureSource): Promise<OpenCapture> {
  const camera = { width: { ideal: 1280 }, height: { ideal: 720 } };
  if (source === 'camera') {
    const stream = await userMedia({ video: camera, audio: true });
    return { record: stream, preview: stream, microphone: new MediaStream(stream.getAudioTracks()), stop: () => stopAll(stream), onEnded: watchEnded(stream.getTracks()) };
  }
  if (source === 'microphone') {
    const stream = await userMedia({ audio: true });
    return { record: stream, preview: null, microphone: stream, stop: () => stopAll(stream), onEnded: watchEnded(stream.getTracks()) };
  }
  // The screen picker first: it needs the click that asked for it.
  const screen = await displayMedia();
  let devices: MediaStream;
  try {
    devices = await userMedia(source === 'pip' ? { video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true } : { audio: true });
  } catch (e) {
    stopAll(screen);
    throw e;
  }
  const microphone = new MediaStream(devices.getAudioTracks());
  const ended = watchEnded([...screen.getVideoTracks(), ...devices.getTracks()]);
  if (source === 'screen') {
    const record = new MediaStream([...screen.getVideoTracks(), ...devices.getAudioTracks()]);
    return { record, preview: screen, microphone, stop: () => stopAll(screen, devices), onEnded: ended };
  }
  const pip = composite(screen, new MediaStream(devices.getVideoTracks()));
  const record = new MediaStream([...pip.stream.getVideoTracks(), ...devices.getAudioTracks()]);
  return {
    record,
    preview: pip.stream,
    microphone,
    stop: () => {
      pip.stop();
      stopAll(screen, devices);
    },
    onEnded: ended,
  };
}
