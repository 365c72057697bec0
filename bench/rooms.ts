// bench/rooms: SFU capacity (issue 12, part 5). How many subscribers one publisher (720p simulcast
// video + audio) reaches through the real LiveKit server on this machine with packet loss under 1%
// and the frame rate held, printed beside LiveKit's own published figures.
//
// The room is one of our events' rooms: an event record made with the same schema, id and channel
// name (`<tenant>_<eventId>`) as createEvent, and tokens minted by VideoService.mintToken with the
// grants of the event's roles (organizer publishes; participants only subscribe, ownerOnlyBroadcast).
// LiveKit creates the room on the organizer's join, so no database runs: the machine's two cores go
// to the SFU and its clients. The LiveKit server is our local stack's (local/stack/livekitServer.ts,
// the binary found by scripts/livekit-server.mjs) on fixed bench ports, with its own key pair.
//
// Load client: @livekit/rtc-node (LiveKit's Rust WebRTC stack), not `lk load-test`: the Go module
// proxy refuses livekit-cli (docs/decisions/0022-sfu-capacity-bench.md). The publisher runs in a
// child process of its own (bench/rooms-media.ts), subscribers in BENCH_ROOMS_PROCESSES more
// (bench/rooms-client-process.ts); they decode what they receive, as a viewer would. This process
// only orchestrates and loads no WebRTC.
//
// Steps: N subscribers for each N of BENCH_ROOMS_STEPS, joining on top of the previous step's; after
// BENCH_ROOMS_SETTLE_SECONDS, a window of BENCH_ROOMS_STEP_SECONDS is measured from every
// subscriber's WebRTC stats (inbound RTP: packets received and lost, frames decoded). A step holds
// when loss (all subscribers, audio and video) is under 1%, the median subscriber decodes at least
// 85% of the 30 frames a second the publisher captures, and nobody failed to join or was dropped.
// (Measured against the capture rate, not the rate the publisher's encoder managed: when the
// machine starves the publisher, viewers see fewer frames, and that counts as a drop.)
// Stepping stops at the first step that does not hold, or when BENCH_ROOMS_BUDGET_SECONDS (150) is
// near. There is no target: the figure is printed for the README, measured on a quiet machine.
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventSchema, expirationFor, type EventRecord } from '#app/lib/events/model';
import { canJoin } from '#app/lib/events/permissions';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { channelNameFor, newEventId, newEventInput, newShortCode } from '#server/events/data/events.server';
import { newLivekitKeyPair } from '#local/stack/livekitKeys';
import { startLivekitServer, type LocalLivekitServer } from '#local/stack/livekitServer';
import { VideoService, type VideoUser } from '#server/platform/video.server';
// The finder is plain Node in scripts/ (ensure-deps runs it before anything is installed) and no
// import alias reaches scripts/: this one import crosses the folder directly.
// eslint-disable-next-line layout/imports
import { findLivekitServer } from '../scripts/livekit-server.mjs';
import { cpuMeter } from './chat';
import { table } from './lib';
import { startClientProcess, stopClientProcess, type ClientProcess, type Joined, type Sample } from './rooms-clients';
import type { ReceiveCounters, SendCounters } from './rooms-media';
import { VIDEO_FPS, VIDEO_WIDTH } from './rooms-video';

const LIVEKIT_PORT = 3480;
const LIVEKIT_TCP_PORT = 3481;
/** Below Linux's ephemeral range (32768–60999), so no client socket can be holding one of them. */
const UDP_START = 31000;
const UDP_PORTS = 1000;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const STEPS = (process.env.BENCH_ROOMS_STEPS ?? '5,10,15,20,30,40,60,80,120,160,240')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const SETTLE_SECONDS = Number(process.env.BENCH_ROOMS_SETTLE_SECONDS ?? 4);
const STEP_SECONDS = Number(process.env.BENCH_ROOMS_STEP_SECONDS ?? 8);
const BUDGET_SECONDS = Number(process.env.BENCH_ROOMS_BUDGET_SECONDS ?? 150);
const PROCESSES = Math.max(1, Number(process.env.BENCH_ROOMS_PROCESSES ?? 2));
/** The encoder reaches its bitrate and frame rate within a few seconds of publishing. */
const PUBLISHER_WARMUP_SECONDS = 3;
const MAX_LOSS = 0.01;
const MIN_FPS_RATIO = 0.85;

/**
 * LiveKit's own figures, as published on its docs page "Benchmarking"
 * (https://docs.livekit.io/home/self-hosting/benchmark/): `lk load-test`, 720p video with
 * simulcast, the server on a 16-core compute-optimized Google Cloud instance (c2-standard-16).
 */
export const LIVEKIT_PUBLISHED = {
  source: 'docs.livekit.io "Benchmarking" (home/self-hosting/benchmark)',
  machine: 'c2-standard-16 (16-core, compute optimized, Google Cloud)',
  rows: [
    { useCase: 'Livestreaming', pubs: 1, subs: 3000, bytes: '233 kBps / 531 MBps', packets: '246 / 560,962', cpu: '92%' },
    { useCase: 'Large meeting', pubs: 150, subs: 150, bytes: '50 MBps / 93 MBps', packets: '51,068 / 762,749', cpu: '85%' },
  ],
} as const;

interface StepFigures {
  subscribers: number;
  failed: number;
  dropped: number;
  loss: number;
  worstLoss: number;
  medianFps: number;
  minFps: number;
  sentFps: number;
  on720p: number;
  inKBps: number;
  outMBps: number;
  packetsIn: number;
  packetsOut: number;
  cpu: Record<string, string>;
  holds: boolean;
}

/** One of our events, built as createEvent builds it (schema, ids, channel name), opening now. */
function benchEvent(): EventRecord {
  const tenantId = tenantIdOf(loadRegistry(process.cwd()).registry, TENANT);
  const eventId = newEventId();
  const now = new Date().toISOString();
  const start = new Date(Date.now() + 60_000).toISOString();
  const input = newEventInput({ title: 'SFU capacity bench', eventDateTime: start, eventTimeZone: 'UTC', eventLanguage: 'en' });
  return eventSchema.parse({
    ...input,
    tenantId,
    eventId,
    kind: 'event',
    eventExpiration: expirationFor(input.eventDateTime, input.eventDuration),
    organizerLanguageCode: 'en',
    channelName: channelNameFor(tenantId, eventId),
    organizerId: 'bench-organizer',
    organizerName: 'Bench organizer',
    organizerEmail: 'organizer@bench.example',
    shortCode: newShortCode(),
    createdAt: now,
    updatedAt: now,
  });
}

async function mint(video: VideoService, event: EventRecord, user: VideoUser): Promise<{ token: string; serverUrl: string }> {
  // The event sells nothing: the room's admission is canJoin alone (server/rooms/admission.server.ts).
  const admission = canJoin(event, user, Date.now());
  if (!admission.ok) throw new Error(`no room token for ${user.sub}: ${JSON.stringify(admission)}`);
  return video.mintToken({ id: event.tenantId, video: {} }, event, user, admission);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

interface Snapshot {
  at: number;
  sent: SendCounters;
  received: Array<ReceiveCounters | null>;
  dropped: number;
}

async function snapshot(publisher: ClientProcess, children: ClientProcess[]): Promise<Snapshot> {
  const [published, samples] = await Promise.all([
    publisher.ask<Sample>({ type: 'sample' }, 'sample'),
    Promise.all(children.map((c) => c.ask<Sample>({ type: 'sample' }, 'sample'))),
  ]);
  if (!published.sent) throw new Error('the publisher process reported no sending');
  return {
    at: performance.now(),
    sent: published.sent,
    received: samples.flatMap((s) => s.counters),
    dropped: samples.reduce((sum, s) => sum + s.dropped, 0),
  };
}

function figures(before: Snapshot, after: Snapshot, failed: number, cpu: Record<string, string>): StepFigures {
  const seconds = (after.at - before.at) / 1000;
  let lost = 0;
  let received = 0;
  let bytes = 0;
  let worstLoss = 0;
  const fps: number[] = [];
  let on720p = 0;
  after.received.forEach((a, i) => {
    const b = before.received[i];
    if (!a || !b) return;
    const dLost = a.packetsLost - b.packetsLost;
    const dReceived = a.packetsReceived - b.packetsReceived;
    lost += dLost;
    received += dReceived;
    bytes += a.bytesReceived - b.bytesReceived;
    worstLoss = Math.max(worstLoss, dLost / Math.max(1, dLost + dReceived));
    fps.push((a.framesDecoded - b.framesDecoded) / seconds);
    if (a.frameWidth >= VIDEO_WIDTH) on720p++;
  });
  const connected = after.received.filter(Boolean).length;
  const sentFps = (after.sent.framesSent - before.sent.framesSent) / seconds;
  const loss = lost / Math.max(1, lost + received);
  const medianFps = median(fps);
  const holds = failed === 0 && after.dropped === 0 && connected === after.received.length && loss < MAX_LOSS && medianFps >= MIN_FPS_RATIO * VIDEO_FPS;
  return {
    subscribers: connected,
    failed,
    dropped: after.dropped,
    loss,
    worstLoss,
    medianFps,
    minFps: fps.length ? Math.min(...fps) : 0,
    sentFps,
    on720p,
    inKBps: (after.sent.bytesSent - before.sent.bytesSent) / seconds / 1000,
    outMBps: bytes / seconds / 1e6,
    packetsIn: (after.sent.packetsSent - before.sent.packetsSent) / seconds,
    packetsOut: (after.received.reduce((s, r) => s + (r?.packetsReceived ?? 0), 0) - before.received.reduce((s, r) => s + (r?.packetsReceived ?? 0), 0)) / seconds,
    cpu,
    holds,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

function printResults(steps: StepFigures[], stoppedBy: string, elapsed: number): number {
  console.log(
    table(
      steps.map((s) => ({
        subscribers: s.subscribers,
        'failed/dropped': `${s.failed}/${s.dropped}`,
        loss: pct(s.loss),
        'worst sub loss': pct(s.worstLoss),
        'fps sent': s.sentFps.toFixed(1),
        'fps median/min': `${s.medianFps.toFixed(1)}/${s.minFps.toFixed(1)}`,
        'on 720p': `${s.on720p}/${s.subscribers}`,
        'SFU in/out': `${s.inKBps.toFixed(0)} kBps / ${s.outMBps.toFixed(2)} MBps`,
        'packets/s in/out': `${Math.round(s.packetsIn)} / ${Math.round(s.packetsOut)}`,
        'CPU % sfu/subscribers/publisher': `${s.cpu.sfu}/${s.cpu.subscribers}/${s.cpu.publisher}`,
        holds: s.holds ? 'yes' : 'NO',
      })),
    ),
  );
  const held = steps.filter((s) => s.holds);
  const best = held.length ? held[held.length - 1]! : undefined;
  console.log(`stopped: ${stoppedBy} (${elapsed.toFixed(0)} s in all)`);
  console.log(`\nSFU capacity: one publisher (720p simulcast + audio) → ${best?.subscribers ?? 0} subscribers with loss < 1% and frame rate held`);
  const sfu = Number(best?.cpu.sfu);
  const clients = Number(best?.cpu.subscribers) + Number(best?.cpu.publisher);
  // CPU shares come from /proc (Linux); elsewhere they are "-" and this line is left out.
  if (best && Number.isFinite(sfu) && Number.isFinite(clients)) {
    const each = (x: number) => (x / best.subscribers).toFixed(2);
    console.log(
      `CPU at ${best.subscribers}: the SFU ${sfu}% of one core (${each(sfu)}% per subscriber); the load clients ${clients}% ` +
        `(decoding ${each(Number(best.cpu.subscribers))}% per subscriber). Most of it went to ${sfu >= clients ? 'the SFU' : "the clients' decoding, not the SFU"}.`,
    );
  }
  console.log(`LiveKit's published figures (${LIVEKIT_PUBLISHED.source}), server on ${LIVEKIT_PUBLISHED.machine}:`);
  console.log(
    table([
      ...LIVEKIT_PUBLISHED.rows.map((r) => ({ '': `LiveKit: ${r.useCase}`, pubs: r.pubs, subs: r.subs, 'bytes/s in/out': r.bytes, 'packets/s in/out': r.packets, 'SFU CPU': `${r.cpu} of 16 cores` })),
      {
        '': 'this machine (measured)',
        pubs: 1,
        subs: best?.subscribers ?? 0,
        'bytes/s in/out': best ? `${best.inKBps.toFixed(0)} kBps / ${best.outMBps.toFixed(1)} MBps` : '-',
        'packets/s in/out': best ? `${Math.round(best.packetsIn)} / ${Math.round(best.packetsOut)}` : '-',
        'SFU CPU': best ? `${best.cpu.sfu}% of one core (${cpus().length} cores, shared with the clients)` : '-',
      },
    ]),
  );
  return best?.subscribers ?? 0;
}

export async function benchRooms(): Promise<boolean> {
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  console.log(
    `\nbench/rooms: one publisher (720p simulcast + audio), subscribers stepped ${STEPS.join(', ')} in ${PROCESSES} processes; ` +
      `${SETTLE_SECONDS} s settle + ${STEP_SECONDS} s measured per step; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const binary = findLivekitServer(process.cwd());
  if (!binary) {
    console.log('bench/rooms: NOT MEASURED: no livekit-server (not on PATH, no .local/bin build; `npm start` builds it when Go is installed)');
    return false;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-rooms-'));
  const pair = newLivekitKeyPair();
  let server: LocalLivekitServer | undefined;
  let publisher: ClientProcess | undefined;
  const children: ClientProcess[] = [];
  try {
    server = await startLivekitServer({
      binary: binary.path,
      dir,
      port: LIVEKIT_PORT,
      tcpPort: LIVEKIT_TCP_PORT,
      udpStart: UDP_START,
      udpPorts: UDP_PORTS,
      keys: { [pair.apiKey]: pair.apiSecret },
      webhookKey: pair.apiKey,
      webhookUrls: [],
    });
    const video = new VideoService(
      { LIVEKIT_URL: server.url, LIVEKIT_API_URL: server.apiUrl, LIVEKIT_API_KEY: pair.apiKey, LIVEKIT_API_SECRET: pair.apiSecret },
      { source: {} },
    );
    const event = benchEvent();
    const organizer = await mint(video, event, { sub: event.organizerId, email: 'organizer@bench.example', displayName: 'Bench organizer' });
    publisher = startClientProcess();
    for (let i = 0; i < PROCESSES; i++) children.push(startClientProcess());
    await publisher.ask({ type: 'publish', url: organizer.serverUrl, token: organizer.token }, 'published');
    await sleep(PUBLISHER_WARMUP_SECONDS * 1000);

    const steps: StepFigures[] = [];
    let stoppedBy = 'every step ran';
    let joinedSoFar = 0;
    let failed = 0;
    let lastStepSeconds = 0;
    for (const target of STEPS) {
      // A step takes longer than the one before it (more joins): stop while the next still fits.
      if (elapsed() + 1.5 * lastStepSeconds > BUDGET_SECONDS) {
        stoppedBy = `time budget (BENCH_ROOMS_BUDGET_SECONDS=${BUDGET_SECONDS})`;
        break;
      }
      const stepBegan = performance.now();
      const viewers = await Promise.all(
        Array.from({ length: target - joinedSoFar }, (_, k) => {
          const i = joinedSoFar + k;
          return mint(video, event, { sub: `bench-viewer-${i}`, email: `viewer-${i}@bench.example`, displayName: `Viewer ${i}` });
        }),
      );
      const orders = children.map((): string[] => []);
      viewers.forEach((v, k) => orders[k % children.length]!.push(v.token));
      const joined = await Promise.all(children.map((c, i) => c.ask<Joined>({ type: 'join', url: server!.url, tokens: orders[i]! }, 'joined')));
      for (const j of joined) {
        failed += j.failures.length;
        for (const f of new Set(j.failures)) console.log(`bench/rooms: a subscriber failed to join: ${f}`);
      }
      joinedSoFar = target;
      await sleep(SETTLE_SECONDS * 1000);
      const stopMeter = cpuMeter({ sfu: [server.pid], subscribers: children.map((c) => c.process.pid), publisher: [publisher.process.pid] });
      const before = await snapshot(publisher, children);
      await sleep(STEP_SECONDS * 1000);
      const after = await snapshot(publisher, children);
      const step = figures(before, after, failed, stopMeter());
      steps.push(step);
      console.log(
        `  ${target} subscribers: loss ${pct(step.loss)}, fps ${step.medianFps.toFixed(1)} of ${step.sentFps.toFixed(1)} sent, ` +
          `SFU ${step.cpu.sfu}% CPU, ${step.holds ? 'holds' : 'does not hold'} (${elapsed().toFixed(0)} s)`,
      );
      lastStepSeconds = (performance.now() - stepBegan) / 1000;
      if (!step.holds) {
        stoppedBy = `${target} subscribers did not hold`;
        break;
      }
    }
    const best = printResults(steps, stoppedBy, elapsed());
    // A run that never held its first step measured nothing: say so through the exit code.
    return best > 0;
  } finally {
    await Promise.all([...children, ...(publisher ? [publisher] : [])].map((c) => stopClientProcess(c)));
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
