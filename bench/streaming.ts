// bench/streaming: the live HLS path (issue 14; docs/decisions/0029), on a temporary local stack
// with the production app and one ingest worker:
//  1. glass-to-glass latency: ffmpeg pushes testsrc2 over RTMP with the wall-clock time (ms) burned
//     into each frame as a 32-bit barcode (tests/support/ingestPush.ts); Chromium plays the event
//     page's live player and, for every frame it presents (requestVideoFrameCallback), reads the
//     barcode from a canvas and subtracts it from its own clock. Same machine, same clock. The
//     barcode is the encoder's idea of the frame's capture time: it starts when ffmpeg spawns, so
//     ffmpeg's start-up (~0.1–0.3 s) is included: the figure is an upper bound.
//  2. CPU of one live transcode (receiver copy + packager with two renditions, 360p and 720p, from a
//     720p push), as a share of one core, from /proc over a window while the push is live.
//  3. HLS segment requests per second served to simulated viewers: each viewer asks the app for
//     the live 720p playlist (segments signed) and fetches its newest segment from storage, again
//     and again; the rate of segment requests (and of playlist requests) is what one app instance
//     and the store give.
// Counts: BENCH_STREAMING_LATENCY_SECONDS (20), BENCH_STREAMING_CPU_SECONDS (10),
// BENCH_STREAMING_VIEWERS (50), BENCH_STREAMING_LOAD_SECONDS (10).
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { mintKey } from '#server/broadcast/ingest/keys.server';
import { newEventInput } from '#server/events/data/events.server';
import { getFreePort } from '#local/stack/ports';
import { createLocalDatabase, createLocalStorage } from '#local/stack/stack';
import { CHROMIUM_ARGS } from '#tests/e2e/stack';
import { CLOCK_BITS, CLOCK_CELL, startPush } from '#tests/support/ingestPush';
import { rtmpStreamKey } from '#app/lib/broadcast/model';
import { withBenchStack } from './app-stack';
import { httpGet, reportHeadline, startProcess, stopProcess, table, waitForHttp } from './lib';

const LATENCY_SECONDS = Number(process.env.BENCH_STREAMING_LATENCY_SECONDS ?? 20);
const CPU_SECONDS = Number(process.env.BENCH_STREAMING_CPU_SECONDS ?? 10);
const VIEWERS = Number(process.env.BENCH_STREAMING_VIEWERS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_STREAMING_LOAD_SECONDS ?? 10);
const TENANT = 'aurora';
const TARGETS = { latencyP50: 5, cpuCores: 1, segmentsPerSecond: 200 };
const CLOCK_TICKS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

/** CPU seconds (user + system) of every ffmpeg whose command line holds all `markers` (other stacks on the machine run ffmpeg too). */
function ffmpegCpuSeconds(markers: string[]): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!cmd.some((a) => a.endsWith('ffmpeg')) || !markers.every((m) => cmd.some((a) => a.includes(m)))) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS;
}

async function cpuShare(markers: string[], seconds: number): Promise<number> {
  const before = ffmpegCpuSeconds(markers);
  const began = performance.now();
  await sleep(seconds * 1000);
  return (ffmpegCpuSeconds(markers) - before) / ((performance.now() - began) / 1000);
}

/** In the page: for every frame the live player presents, its own clock minus the frame's barcode (ms). */
const frameLatencyScript = (seconds: number) => `new Promise((resolve) => {
  const bits = ${CLOCK_BITS}, cell = ${CLOCK_CELL};
  const video = document.querySelector('[data-testid="live-broadcast"] video');
  const canvas = document.createElement('canvas');
  canvas.width = bits * cell;
  canvas.height = cell;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const samples = [];
  const until = performance.now() + ${seconds * 1000};
  function onFrame() {
    const now = Date.now();
    // The barcode is at the top-left of the source picture: scale from the rendition's own size.
    const scale = video.videoWidth / 1280;
    ctx.drawImage(video, 0, 0, bits * cell * scale, cell * scale, 0, 0, bits * cell, cell);
    const pixels = ctx.getImageData(0, 0, bits * cell, cell).data;
    let value = 0;
    for (let bit = 0; bit < bits; bit++) {
      const i = (Math.floor(cell / 2) * bits * cell + bit * cell + cell / 2) * 4;
      if (pixels[i] > 128) value += 2 ** bit;
    }
    const latency = ((now % 2 ** bits) - value + 2 ** bits) % 2 ** bits;
    if (latency < 60000) samples.push(latency);
    if (performance.now() < until) video.requestVideoFrameCallback(onFrame);
    else resolve(samples);
  }
  video.requestVideoFrameCallback(onFrame);
})`;

/** Latency samples (ms) read by the page from the frames its live player presents. */
async function measureLatency(url: string, seconds: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('[data-testid="live-broadcast"] video', { timeout: 60_000 });
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="live-broadcast"] video')?.currentTime ?? 0) > 1, undefined, { timeout: 60_000 });
    // A string, not a function: the bench runs under tsx, whose name helpers do not exist in the page.
    return (await page.evaluate(frameLatencyScript(seconds))) as number[];
  } finally {
    await browser.close();
  }
}

/** Requests per second of `viewers` loops doing `request` for `seconds`, with the failures. */
async function loop(viewers: number, seconds: number, request: () => Promise<boolean>) {
  let done = 0;
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: viewers }, async () => {
      while (performance.now() < until) {
        if (await request()) done++;
        else failures++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - began) / 1000), failures };
}

/**
 * What simulated viewers get: the live 720p playlist from the app (each request reads it from
 * storage and signs its segments), and segments straight from storage through those signed links
 * (every viewer fetching the newest segments the last playlist named, back to back).
 */
async function segmentLoad(origin: string, host: string, eventId: string, viewers: number, seconds: number) {
  const playlistUrl = `${origin}/api/broadcast/live?event=${eventId}&variant=720p`;
  let links: string[] = [];
  const playlist = async () => {
    const list = await httpGet(playlistUrl, { Host: host });
    const found = list.body.toString('utf8').split('\n').filter((l) => l.startsWith('http'));
    if (list.status === 200 && found.length) links = found.slice(-3);
    return list.status === 200;
  };
  const playlists = await loop(viewers, seconds, playlist);
  let stop = false;
  // Like a player: the playlist is asked for again every second while segments are fetched.
  const refresher = (async () => {
    while (!stop) {
      await playlist();
      await sleep(1000);
    }
  })();
  let next = 0;
  const segments = await loop(viewers, seconds, async () => {
    const res = await fetch(links[next++ % links.length]!);
    await res.arrayBuffer();
    return res.ok;
  });
  stop = true;
  await refresher;
  return { segmentsPerSecond: segments.perSecond, playlistsPerSecond: playlists.perSecond, failures: segments.failures + playlists.failures };
}

export async function benchStreaming(): Promise<boolean> {
  const appPort = await getFreePort();
  const rtmpPort = await getFreePort();
  return withBenchStack('streaming', { dynamoPort: await getFreePort(), s3Port: await getFreePort(), appPort }, async ({ stack, startApp }) => {
    const secret = 'b'.repeat(64);
    const ingestEnv = {
      INGEST_KEY_SECRET: secret,
      INGEST_RTMP_URL: `rtmp://localhost:${rtmpPort}/live`,
      INGEST_SRT_PORT_FIRST: String(20_000 + (appPort % 400) * 20),
      INGEST_SRT_PORTS: '5',
    };
    const app = startApp(ingestEnv);
    const worker = startProcess('node_modules/.bin/tsx', ['server/broadcast/ingest/worker.ts'], {
      ...(stack.env as unknown as Record<string, string>),
      NODE_ENV: 'production',
      ...ingestEnv,
      INGEST_RTMP_PORT: String(rtmpPort),
      INGEST_BIND: '127.0.0.1',
    });
    stack.watch(worker.pid!);
    const origin = `http://127.0.0.1:${appPort}`;
    const host = `${TENANT}.localhost:${appPort}`;
    try {
      await waitForHttp(`${origin}/api/health`, { Host: host });
      const db = createLocalDatabase(stack.env);
      const tenantId = tenantIdOf(loadRegistry(process.cwd()).registry, TENANT);
      const data = tenantData({ db, storage: createLocalStorage(stack.env) }, tenantId);
      const event = await data.events.create(
        newEventInput({ title: 'Streaming bench', description: '', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }),
        { sub: 'bench-organizer', name: 'Bench', email: 'bench@example.com', language: 'en' },
      );
      const minted = mintKey(secret, tenantId, event.eventId, 'rtmp');
      await data.broadcasts.issueKey(event.eventId, 'rtmp', minted.stored);
      await sleep(1000); // the worker's RTMP listener comes up beside the app
      const push = startPush({ url: `rtmp://127.0.0.1:${rtmpPort}/live/${rtmpStreamKey(tenantId, event.eventId, minted.secret)}` });
      try {
        const deadline = Date.now() + 60_000;
        while ((await data.broadcasts.state(event.eventId)).status !== 'live') {
          if (Date.now() > deadline) throw new Error('the push did not go live within 60 s');
          await sleep(250);
        }
        // A browser page at the event (Chromium resolves *.localhost; Node connects by address).
        const latencies = await measureLatency(`http://${host}/preview?event=${event.eventId}`, LATENCY_SECONDS);
        // The receiver reads the event's RTMP stream; the packager writes into the push's work folder (named after the event).
        const packager = await cpuShare(['pipe:0', `push-${event.eventId}-`], CPU_SECONDS);
        const receiver = await cpuShare(['pipe:1', `_${event.eventId}_`], CPU_SECONDS);
        const load = await segmentLoad(origin, host, event.eventId, VIEWERS, LOAD_SECONDS);
        const p50 = percentile(latencies, 50) / 1000;
        const cores = packager + receiver;
        console.log(`\nbench/streaming: a 720p25 RTMP push, HLS 360p + 720p in 1 s segments; latency over ${LATENCY_SECONDS} s of frames; ${VIEWERS} simulated viewers for ${LOAD_SECONDS} s\n`);
        console.log(
          table([
            { measure: 'glass-to-glass latency p50', figure: `${p50.toFixed(2)} s (${latencies.length} frames)`, target: `≤ ${TARGETS.latencyP50} s`, met: p50 <= TARGETS.latencyP50 ? 'yes' : 'NO' },
            { measure: 'glass-to-glass latency p95 / max', figure: `${(percentile(latencies, 95) / 1000).toFixed(2)} / ${(Math.max(...latencies) / 1000).toFixed(2)} s`, target: '', met: '' },
            { measure: 'CPU per live transcode (2 renditions)', figure: `${cores.toFixed(2)} of one core (packager ${packager.toFixed(2)}, receiver ${receiver.toFixed(2)})`, target: `≤ ${TARGETS.cpuCores}`, met: cores <= TARGETS.cpuCores ? 'yes' : 'NO' },
            { measure: 'HLS segment requests served', figure: `${load.segmentsPerSecond.toFixed(0)} /s (playlists ${load.playlistsPerSecond.toFixed(0)} /s, ${load.failures} failed)`, target: `≥ ${TARGETS.segmentsPerSecond} /s`, met: load.segmentsPerSecond >= TARGETS.segmentsPerSecond ? 'yes' : 'NO' },
          ]),
        );
        const met = p50 <= TARGETS.latencyP50 && cores <= TARGETS.cpuCores && load.segmentsPerSecond >= TARGETS.segmentsPerSecond && load.failures === 0;
        reportHeadline({ target: `latency p50 ≤ ${TARGETS.latencyP50} s, ≤ ${TARGETS.cpuCores} core per transcode, ≥ ${TARGETS.segmentsPerSecond} segments/s`, figure: `${p50.toFixed(2)} s, ${cores.toFixed(2)} core, ${load.segmentsPerSecond.toFixed(0)}/s (${load.failures} failed)`, met });
        return met;
      } finally {
        await push.stop();
        db.raw.destroy();
      }
    } finally {
      await stopProcess(worker);
      await stopProcess(app);
    }
  });
}
