/**
 * Shared helpers of the browser tests that run media through the test stack's real LiveKit server
 * (local/stack/livekitServer.ts): Chromium's fake camera and microphone, a person joining a room
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
import { CHROMIUM, CHROMIUM_ARGS, E2E_STACK_DIR } from './stack';
import { expect, tenantApi, tenantUrl } from './fixtures';
import { hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';

/** livekit-client's self-contained ES module, for pages that use the library without the app. */
const LIVEKIT_CLIENT_ESM = 'node_modules/livekit-client/dist/livekit-client.esm.mjs';

/** Chromium with a fake camera (640x480) and microphone (a beep), no permission prompts, audio without a gesture. */
export const MEDIA_BROWSER = {
  launchOptions: {
    executablePath: CHROMIUM,
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

/**
 * Waits until the page's LiveKit connection is up (LiveStage's room-connection marker). The budget
 * holds livekit-client's own signal and peer-connection timeouts (15 s each) on a loaded machine.
 */
export async function connected(page: Page, timeout = 35_000) {
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
  options: {
    waitConnected?: boolean;
    viewport?: { width: number; height: number };
    connectTimeout?: number;
    /** Runs on the new context before the page opens (e.g. to route its WebSockets). */
    prepare?: (context: BrowserContext) => Promise<void>;
  } = {},
): Promise<Joined> {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  await options.prepare?.(context);
  await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(user.tenant, '') });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await signInContext(context, request, user);
  await page.goto(tenantUrl(user.tenant, `/${event.layout}?event=${event.eventId}`));
  await hydrated(page);
  if (options.waitConnected ?? true) await connected(page, options.connectTimeout);
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

/** LiveKit's TrackSource numbers as the room service reports them. */
export const TRACK_SOURCE = { camera: 1, microphone: 2 } as const;

/**
 * Tries to publish a microphone track into the event's room as `user`, with the token the platform
 * mints for them, from a bare page running livekit-client itself (so nothing in the app stops the
 * attempt). The client's own permission check is switched off first: what is left to refuse is the
 * server. Resolves with the error message, or null when the server accepted the track.
 */
export async function attemptPublish(browser: Browser, request: APIRequestContext, user: TestUser, eventId: string): Promise<string | null> {
  const cookie = await sessionCookie(request, user);
  const res = await tenantApi(request, user.tenant).post('/api/events/token', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify({ eventId }) });
  expect(res.status()).toBe(200);
  const { token, serverUrl } = (await res.json()) as { token: string; serverUrl: string };
  const context = await browser.newContext();
  try {
    const origin = tenantUrl(user.tenant, '');
    // A page Playwright serves has no address of its own: Chromium needs leave to reach the loopback server.
    await context.grantPermissions(['microphone', 'local-network-access'], { origin });
    const page = await context.newPage();
    await page.route(`${origin}/__publish-attempt`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>publish attempt</title><script type="module">import * as LK from "/__livekit-client.mjs"; window.LK = LK;</script>' }),
    );
    await page.route(`${origin}/__livekit-client.mjs`, (route) => route.fulfill({ contentType: 'text/javascript', path: LIVEKIT_CLIENT_ESM }));
    await page.goto(`${origin}/__publish-attempt`);
    await page.waitForFunction(() => 'LK' in window);
    return await page.evaluate(
      async ({ url, jwt }) => {
        const LK = (window as unknown as { LK: typeof import('livekit-client') }).LK;
        const room = new LK.Room();
        await room.connect(url, jwt);
        const permissions = room.localParticipant.permissions;
        if (permissions) permissions.canPublish = true;
        try {
          const track = await LK.createLocalAudioTrack();
          await room.localParticipant.publishTrack(track);
          return null;
        } catch (e) {
          return (e as Error).message || String(e);
        } finally {
          await room.disconnect();
        }
      },
      { url: serverUrl, jwt: token },
    );
  } finally {
    await context.close();
  }
}

/**
 * Makes the LiveKit server unreachable from this page (its signalling socket is closed at once,
 * its HTTP answers fail), as when the video service is down, while the rest of the stack serves.
 * `restore()` lets the page through again.
 */
export async function cutVideoService(page: Page): Promise<{ restore(): void }> {
  const ws = stackLivekit().url.replace(/\/$/, '');
  const http = ws.replace(/^ws/, 'http');
  let cut = true;
  await page.routeWebSocket(`${ws}/**`, (socket) => {
    if (cut) void socket.close();
    else socket.connectToServer();
  });
  await page.route(`${http}/**`, (route) => (cut ? route.abort('connectionrefused') : route.continue()));
  return {
    restore: () => {
      cut = false;
    },
  };
}

/**
 * How long a recording's processing may take on the test stack: one media worker serves every
 * spec of the run, so a transcode can wait behind other specs' uploads on a loaded 2-core machine.
 */
export const PROCESSING_BUDGET_MS = 360_000;

/**
 * Waits until the media pipeline has finished with an item (ready or failed) and returns its
 * status: the wait follows the item's own state, and a failure ends it at once.
 */
export async function processedStatus(read: () => Promise<{ status: string } | undefined | null>): Promise<string | undefined> {
  let status: string | undefined;
  await expect
    .poll(
      async () => {
        status = (await read())?.status;
        return status === 'ready' || status === 'failed';
      },
      { timeout: PROCESSING_BUDGET_MS, intervals: [1000] },
    )
    .toBe(true);
  return status;
}
