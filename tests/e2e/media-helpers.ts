/**
 * Shared helpers of the browser tests that run media through the test stack's real LiveKit server
 * (server/local/livekitServer.ts): Chromium's fake camera and microphone, a person joining a room
 * in a browser context of their own, the room service as the server sees it, and what the page
 * really receives (remote video frames advancing, remote audio level read by a Web Audio analyser).
 *
 * A spec using them calls `test.use(MEDIA_BROWSER)` so its browser has the fake devices.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { RoomLayout } from '#app/lib/events/model';
import { CHROMIUM_ARGS, E2E_STACK_DIR } from './stack';
import { expect, tenantUrl } from './fixtures';
import { hydrated, signInContext, type TestUser } from './session-helpers';

/** Chromium with a fake camera (640x480) and microphone (a beep), no permission prompts, audio without a gesture. */
export const MEDIA_BROWSER = {
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
};

/** The test stack's LiveKit server and the key pair it trusts (from the app settings the stack records). */
export function stackLivekit(): { url: string; apiUrl: string; apiKey: string; apiSecret: string } {
  const env = JSON.parse(readFileSync(join(E2E_STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string | undefined>;
  const { LIVEKIT_URL: url, LIVEKIT_API_URL: apiUrl, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = env;
  if (!url || !apiUrl || !apiKey || !apiSecret) throw new Error('the test stack runs no LiveKit server (see the stack log: no livekit-server binary?)');
  return { url, apiUrl, apiKey, apiSecret };
}

/** LiveKit's room service, as the platform's server calls it: what the real server says about a room. */
export function roomService(): RoomServiceClient {
  const { apiUrl, apiKey, apiSecret } = stackLivekit();
  return new RoomServiceClient(apiUrl, apiKey, apiSecret);
}

/** The identities in a room right now (empty when the room does not exist). */
export async function roomIdentities(room: string): Promise<string[]> {
  try {
    return (await roomService().listParticipants(room)).map((p) => p.identity).sort();
  } catch {
    return [];
  }
}

export interface Joined {
  context: BrowserContext;
  page: Page;
  /** Console errors of the page (4xx answers aside); a test expects it empty when it is done. */
  errors: string[];
}

/** Waits until the page's LiveKit connection is up (LiveStage's room-connection marker). */
export async function connected(page: Page, timeout = 20_000) {
  await expect(page.getByTestId('room-connection')).toHaveAttribute('data-state', 'connected', { timeout });
}

/**
 * The user opens the event's room page in a browser context of their own (camera and microphone
 * granted) and waits until connected to the real LiveKit server.
 */
export async function joinRoom(
  browser: Browser,
  request: APIRequestContext,
  user: TestUser,
  event: { eventId: string; layout: RoomLayout },
  options: { waitConnected?: boolean } = {},
): Promise<Joined> {
  const context = await browser.newContext();
  await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(user.tenant, '') });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await signInContext(context, request, user);
  await page.goto(tenantUrl(user.tenant, `/${event.layout}?event=${event.eventId}`));
  await hydrated(page);
  if (options.waitConnected ?? true) await connected(page);
  return { context, page, errors };
}

/** Remote video on the page: the largest width, and how far playback has advanced (seconds, frames). */
export function remoteVideo(page: Page): Promise<{ count: number; width: number; time: number; frames: number }> {
  return page.evaluate(() => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-lk-local-participant="false"]')];
    return {
      count: videos.length,
      width: Math.max(0, ...videos.map((v) => v.videoWidth)),
      time: Math.max(0, ...videos.map((v) => v.currentTime)),
      frames: Math.max(0, ...videos.map((v) => v.getVideoPlaybackQuality().totalVideoFrames)),
    };
  });
}

/** Passes once a remote video has a size and its frames keep advancing. */
export async function expectRemoteVideoPlaying(page: Page, timeout = 20_000) {
  await expect.poll(async () => (await remoteVideo(page)).width, { timeout, message: 'a remote video with a size' }).toBeGreaterThan(0);
  const first = await remoteVideo(page);
  await expect.poll(async () => (await remoteVideo(page)).frames, { timeout, message: 'remote video frames advancing' }).toBeGreaterThan(first.frames);
  await expect.poll(async () => (await remoteVideo(page)).time, { timeout, message: 'remote video time advancing' }).toBeGreaterThan(first.time);
}

/**
 * The loudest level (0..1) a Web Audio analyser has read from the remote audio tracks the page
 * plays so far. The analysers are made once per track and sampled at every animation frame, so
 * a short beep of the fake microphone between two polls is not missed.
 */
export function remoteAudioPeak(page: Page): Promise<{ tracks: number; peak: number }> {
  return page.evaluate(() => {
    type Probe = { tracks: Set<string>; peak: number; context: AudioContext };
    const w = window as unknown as { __remoteAudio?: Probe };
    const probe = (w.__remoteAudio ??= { tracks: new Set(), peak: 0, context: new AudioContext() });
    void probe.context.resume();
    for (const el of document.querySelectorAll<HTMLMediaElement>('audio')) {
      const stream = el.srcObject instanceof MediaStream ? el.srcObject : null;
      for (const track of stream?.getAudioTracks() ?? []) {
        if (probe.tracks.has(track.id)) continue;
        probe.tracks.add(track.id);
        const analyser = probe.context.createAnalyser();
        analyser.fftSize = 2048;
        probe.context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
        const samples = new Float32Array(analyser.fftSize);
        const sample = () => {
          analyser.getFloatTimeDomainData(samples);
          for (const s of samples) probe.peak = Math.max(probe.peak, Math.abs(s));
          requestAnimationFrame(sample);
        };
        sample();
      }
    }
    return { tracks: probe.tracks.size, peak: probe.peak };
  });
}

/** Passes once the page plays remote audio whose level an analyser reads above silence. */
export async function expectRemoteAudioLevel(page: Page, timeout = 20_000) {
  await expect.poll(async () => (await remoteAudioPeak(page)).tracks, { timeout, message: 'a remote audio track' }).toBeGreaterThan(0);
  await expect.poll(async () => (await remoteAudioPeak(page)).peak, { timeout, message: 'remote audio level above silence' }).toBeGreaterThan(0.01);
}

/** What the person publishes, as the real server reports it (kind → muted). */
export async function publishedTracks(room: string, identity: string): Promise<Array<{ source: number; muted: boolean; sid: string }>> {
  const p = await roomService().getParticipant(room, identity);
  return p.tracks.map((t) => ({ source: t.source, muted: t.muted, sid: t.sid }));
}
