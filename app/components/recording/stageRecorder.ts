/**
 * Records the room's stage in the organizer's browser (docs/decisions/0030, browser mode): the
 * stage's visible videos drawn side by side onto a canvas (canvas.captureStream), every audio
 * track of the LiveKit room mixed with Web Audio into one track, and both recorded by
 * MediaRecorder as WebM in one-second chunks. Tracks that join later are mixed in as they appear.
 */
import type { Room } from 'livekit-client';

/** 960×540 at 24 fps: software VP8 in the organizer's browser keeps up beside their own call. */
export const RECORDING_WIDTH = 960;
export const RECORDING_HEIGHT = 540;
const FPS = 24;
const CHUNK_MS = 1000;

export interface StageRecorder {
  /** Stops recording; resolves with the whole recording. */
  stop: () => Promise<Blob>;
  mimeType: string;
  /** Seconds recorded so far (the recorder's start to now: what the file's timestamps span). */
  elapsedSeconds: () => number;
}

/** The best WebM type this browser records. */
export function recordingMimeType(): string {
  const candidates = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];
  return candidates.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) ?? 'video/webm';
}

/** Rows and columns for n tiles on a 16:9 canvas. */
export function gridFor(n: number): { cols: number; rows: number } {
  if (n <= 1) return { cols: 1, rows: 1 };
  const cols = Math.ceil(Math.sqrt(n));
  return { cols, rows: Math.ceil(n / cols) };
}

/** Draws one frame: each playing video of the stage, scaled to fit its cell. */
function drawFrame(ctx: CanvasRenderingContext2D, stage: Element | null) {
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, RECORDING_WIDTH, RECORDING_HEIGHT);
  const videos = stage ? [...stage.querySelectorAll('video')].filter((v) => v.readyState >= 2 && v.videoWidth > 0) : [];
  const { cols, rows } = gridFor(videos.length);
  const cellW = RECORDING_WIDTH / cols;
  const cellH = RECORDING_HEIGHT / rows;
  videos.forEach((video, i) => {
    const scale = Math.min(cellW / video.videoWidth, cellH / video.videoHeight);
    const w = video.videoWidth * scale;
    const h = video.videoHeight * scale;
    const x = (i % cols) * cellW + (cellW - w) / 2;
    const y = Math.floor(i / cols) * cellH + (cellH - h) / 2;
    ctx.drawImage(video, x, y, w, h);
  });
}

/** Every audio track in the room now: the organizer's own microphone and everyone else's. */
function roomAudioTracks(room: Room | null): MediaStreamTrack[] {
  if (!room) return [];
  const tracks: MediaStreamTrack[] = [];
  for (const pub of room.localParticipant.audioTrackPublications.values()) if (pub.track?.mediaStreamTrack) tracks.push(pub.track.mediaStreamTrack);
  for (const p of room.remoteParticipants.values()) {
    for (const pub of p.audioTrackPublications.values()) if (pub.track?.mediaStreamTrack) tracks.push(pub.track.mediaStreamTrack);
  }
  return tracks.filter((t) => t.readyState === 'live');
}

export async function startStageRecorder(stage: Element | null, room: Room | null): Promise<StageRecorder> {
  const canvas = document.createElement('canvas');
  canvas.width = RECORDING_WIDTH;
  canvas.height = RECORDING_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  drawFrame(ctx, stage);
  const drawTimer = window.setInterval(() => drawFrame(ctx, stage), 1000 / FPS);

  const audio = new AudioContext();
  await audio.resume().catch(() => undefined);
  const mix = audio.createMediaStreamDestination();
  const mixed = new Set<string>();
  const addTracks = () => {
    for (const track of roomAudioTracks(room)) {
      if (mixed.has(track.id)) continue;
      mixed.add(track.id);
      audio.createMediaStreamSource(new MediaStream([track])).connect(mix);
    }
  };
  addTracks();
  const audioTimer = window.setInterval(addTracks, 1000);

  const stream = new MediaStream([...canvas.captureStream(FPS).getVideoTracks(), ...mix.stream.getAudioTracks()]);
  const mimeType = recordingMimeType();
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 1_500_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  // The file's timestamps run from the start call, by the clock: neither the number of chunks nor
  // the start event (both late on a busy machine) measure how long it has recorded.
  const startedAt = performance.now();
  recorder.start(CHUNK_MS);

  const cleanUp = () => {
    window.clearInterval(drawTimer);
    window.clearInterval(audioTimer);
    stream.getTracks().forEach((t) => t.stop());
    void audio.close().catch(() => undefined);
  };
  return {
    mimeType,
    elapsedSeconds: () => (performance.now() - startedAt) / 1000,
    stop: () =>
      new Promise<Blob>((resolve) => {
        if (recorder.state === 'inactive') {
          cleanUp();
          resolve(new Blob(chunks, { type: 'video/webm' }));
          return;
        }
        recorder.onstop = () => {
          cleanUp();
          resolve(new Blob(chunks, { type: 'video/webm' }));
        };
        recorder.stop();
      }),
  };
}
