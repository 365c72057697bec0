// bench/rooms media: the synthetic publisher of bench/rooms.ts (720p simulcast video made in
// process, plus a tone) and what the benchmark reads from rtc-node's WebRTC stats. No media files:
// every frame is drawn here.
import { randomFillSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AudioFrame,
  AudioSource,
  LocalAudioTrack,
  LocalVideoTrack,
  Room,
  TrackPublishOptions,
  TrackSource,
  VideoBufferType,
  VideoCodec,
  VideoFrame,
  VideoSource,
} from '@livekit/rtc-node';
import { VIDEO_FPS, VIDEO_HEIGHT, VIDEO_MAX_BITRATE, VIDEO_WIDTH } from './rooms-video';

const AUDIO_RATE = 48_000;
const AUDIO_FRAME_MS = 10;
/**
 * Smooth bands moving 2 px a frame plus a small patch of fresh noise: the encoder then sends about
 * its 1.7 Mbps target at the full 30 fps, as with a camera. (Sharp-edged or larger noisy content
 * made every frame "huge" and the encoder dropped to ~5 fps.)
 */
const NOISE_PATCH = { width: 128, height: 72 };

type SessionStats = Awaited<ReturnType<Room['getRtcStats']>>;
type RtcStats = SessionStats['subscriberStats'][number];

/**
 * Every stats entry of a session. With LiveKit 1.13 a client may send and receive on one peer
 * connection, which rtc-node reports as the "publisher" one: read both.
 */
const allStats = (s: SessionStats): RtcStats[] => [...s.publisherStats, ...s.subscriberStats];

/** Cumulative receive counters of one subscriber (every inbound stream it has). */
export interface ReceiveCounters {
  packetsReceived: number;
  packetsLost: number;
  /** Payload and RTP header bytes: what the SFU sent this subscriber. */
  bytesReceived: number;
  framesDecoded: number;
  /** Of the video it receives now (the simulcast layer the SFU forwards): 0 before the first frame. */
  frameWidth: number;
  videoStreams: number;
  audioStreams: number;
}

/** Cumulative send counters of the publisher: frames of its top simulcast layer, bytes of every stream. */
export interface SendCounters {
  framesSent: number;
  /** Payload and RTP header bytes of all layers and the audio: what the SFU receives. */
  bytesSent: number;
  packetsSent: number;
  frameWidth: number;
  layers: number;
}

export function receiveCounters(session: SessionStats): ReceiveCounters {
  const c: ReceiveCounters = { packetsReceived: 0, packetsLost: 0, bytesReceived: 0, framesDecoded: 0, frameWidth: 0, videoStreams: 0, audioStreams: 0 };
  for (const s of allStats(session)) {
    if (s.stats.case !== 'inboundRtp') continue;
    const { stream, received, inbound } = s.stats.value;
    c.packetsReceived += Number(received?.packetsReceived ?? 0);
    // packetsLost may go negative with duplicates (RFC 3550); never count that as negative loss.
    c.packetsLost += Math.max(0, Number(received?.packetsLost ?? 0));
    c.bytesReceived += Number(inbound?.bytesReceived ?? 0) + Number(inbound?.headerBytesReceived ?? 0);
    if (stream?.kind === 'video') {
      c.videoStreams++;
      c.framesDecoded += inbound?.framesDecoded ?? 0;
      c.frameWidth = Math.max(c.frameWidth, inbound?.frameWidth ?? 0);
    } else if (stream?.kind === 'audio') c.audioStreams++;
  }
  return c;
}

export function sendCounters(session: SessionStats): SendCounters {
  const outbound = allStats(session).flatMap((s) => (s.stats.case === 'outboundRtp' ? [s.stats.value] : []));
  const video = outbound.filter((s) => s.stream?.kind === 'video');
  const top = video.reduce<(typeof video)[number] | undefined>((best, s) => ((s.outbound?.frameWidth ?? 0) > (best?.outbound?.frameWidth ?? -1) ? s : best), undefined);
  return {
    framesSent: top?.outbound?.framesSent ?? 0,
    bytesSent: outbound.reduce((sum, s) => sum + Number(s.sent?.bytesSent ?? 0) + Number(s.outbound?.headerBytesSent ?? 0), 0),
    packetsSent: outbound.reduce((sum, s) => sum + Number(s.sent?.packetsSent ?? 0), 0),
    frameWidth: top?.outbound?.frameWidth ?? 0,
    layers: video.length,
  };
}

/**
 * Moving diagonal bands (one precomputed row pattern, shifted per frame) with a wandering patch of
 * fresh noise, in I420. One buffer, redrawn in place: the source copies it on capture.
 */
function frameDrawer(width: number, height: number) {
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const data = new Uint8Array(ySize + 2 * cSize);
  const band = new Uint8Array(width + 512);
  for (let i = 0; i < band.length; i++) band[i] = 64 + Math.abs((i % 256) - 128);
  const noise = new Uint8Array(NOISE_PATCH.width * NOISE_PATCH.height);
  return (n: number): Uint8Array => {
    for (let y = 0; y < height; y++) {
      const shift = (y + n * 2) % 256;
      data.set(band.subarray(shift, shift + width), y * width);
    }
    const cw = width / 2;
    for (let y = 0; y < height / 2; y++) {
      const shift = (y * 2 + n) % 256;
      data.set(band.subarray(shift, shift + cw), ySize + y * cw);
      data.set(band.subarray(255 - shift, 255 - shift + cw), ySize + cSize + y * cw);
    }
    randomFillSync(noise);
    const px = Math.round(((Math.sin(n / 40) + 1) / 2) * (width - NOISE_PATCH.width));
    const py = Math.round(((Math.cos(n / 55) + 1) / 2) * (height - NOISE_PATCH.height));
    for (let y = 0; y < NOISE_PATCH.height; y++) {
      data.set(noise.subarray(y * NOISE_PATCH.width, (y + 1) * NOISE_PATCH.width), (py + y) * width + px);
    }
    return data;
  };
}

export interface SyntheticPublisher {
  room: Room;
  stop(): Promise<void>;
}

/**
 * Joins as the event's organizer and publishes 720p VP8 with simulcast (LiveKit's layers below
 * 720p) from drawn frames at 30 fps, and a 440 Hz tone as Opus.
 */
export async function publishSynthetic(url: string, token: string): Promise<SyntheticPublisher> {
  const room = new Room();
  await room.connect(url, token, { autoSubscribe: false, dynacast: false });
  const participant = room.localParticipant!;

  const video = new VideoSource(VIDEO_WIDTH, VIDEO_HEIGHT);
  const videoTrack = LocalVideoTrack.createVideoTrack('bench-camera', video);
  await participant.publishTrack(
    videoTrack,
    new TrackPublishOptions({
      source: TrackSource.SOURCE_CAMERA,
      simulcast: true,
      videoCodec: VideoCodec.VP8,
      videoEncoding: { maxBitrate: BigInt(VIDEO_MAX_BITRATE), maxFramerate: VIDEO_FPS },
    }),
  );
  const audio = new AudioSource(AUDIO_RATE, 1, 200);
  const audioTrack = LocalAudioTrack.createAudioTrack('bench-microphone', audio);
  await participant.publishTrack(audioTrack, new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }));

  let running = true;
  const draw = frameDrawer(VIDEO_WIDTH, VIDEO_HEIGHT);
  const began = performance.now();
  const videoLoop = (async () => {
    for (let n = 0; running; n++) {
      const frame = new VideoFrame(draw(n), VIDEO_WIDTH, VIDEO_HEIGHT, VideoBufferType.I420);
      video.captureFrame(frame, BigInt(Math.round((performance.now() - began) * 1000)));
      // Paced against the clock, not the previous frame, so timer lateness does not lower the rate.
      const wait = began + ((n + 1) * 1000) / VIDEO_FPS - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  const audioLoop = (async () => {
    const samples = (AUDIO_RATE * AUDIO_FRAME_MS) / 1000;
    for (let n = 0; running; n++) {
      const frame = AudioFrame.create(AUDIO_RATE, 1, samples);
      for (let i = 0; i < samples; i++) frame.data[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * (n * samples + i)) / AUDIO_RATE));
      await audio.captureFrame(frame);
      const wait = began + (n + 1) * AUDIO_FRAME_MS - performance.now() - 50; // keep ~50 ms queued
      if (wait > 0) await sleep(wait);
    }
  })();

  return {
    room,
    async stop() {
      running = false;
      await Promise.all([videoLoop, audioLoop]);
      await room.disconnect();
      await Promise.all([video.close(), audio.close()]);
    },
  };
}
