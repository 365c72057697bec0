// bench/rooms: the SFU's own limit. How many subscribers one publisher (720p simulcast video + Opus
// audio) reaches through the real LiveKit server on this machine with packet loss under 1%, and how
// many listeners a few speakers reach in an audio room; the SFU's CPU per subscriber printed beside
// LiveKit's own published figures (docs/decisions/0097-sfu-limit-go-load-client.md).
//
// The rooms are our events' rooms: event records made with createEvent's schema, ids and channel
// name (`<tenant>_<eventId>`), tokens minted by VideoService.mintToken with the grants of the
// event's roles (the organizer publishes; participants only subscribe). The audio room is an
// audio-broadcast event (layout "abc") whose speakers are the organizer and accepted hosts. No
// database runs: the machine's cores go to the SFU and its clients. The LiveKit server is our local
// stack's (local/stack/livekitServer.ts: same config, log level "warn"), on fixed bench ports.
//
// Load client: lk-load (tools/loadclient/, Go, server-sdk-go/v2), built into .local/bin by
// scripts/lk-load.mjs. It publishes random payloads shaped like an encoder's output (nothing is
// encoded) and its subscribers read RTP without decoding, as LiveKit's own load tester does, so the
// clients cost little next to the SFU. One lk-load process publishes, one holds the subscribers.
//
// Steps: N subscribers for each N of BENCH_ROOMS_STEPS, joining on top of the previous step's; after
// BENCH_ROOMS_SETTLE_SECONDS, a window of BENCH_ROOMS_STEP_SECONDS is measured. A step holds when
// loss (every subscriber, every track) is under 1%, the median subscriber receives at least 85% of
// the 720p frames sent (audio room: of the audio packets sent), and nobody failed to join or was
// dropped. Stepping stops at the first step that does not hold, when the SFU and the clients use 90%
// of every core (the machine saturates: the SFU can get no more), or at the shape's time budget. No target: the
// figures are printed for the README, with the UDP buffer limits and the kernel's UDP drop counters.
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventSchema, expirationFor, type EventRecord } from '#app/lib/events/model';
import { canJoin } from '#app/lib/events/permissions';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { channelNameFor, newEventId, newEventInput, newShortCode } from '#server/events/data/events.server';
import { newLivekitKeyPair } from '#local/stack/livekitKeys';
import { startLivekitServer, type LocalLivekitServer, type LivekitServerOptions, livekitConfigYaml } from '#local/stack/livekitServer';
import { VideoService, type VideoUser } from '#server/platform/video.server';
// The finders are plain Node in scripts/ (ensure-deps runs them before anything is installed) and
// no import alias reaches scripts/: these imports cross the folder directly.
// eslint-disable-next-line layout/imports
import { findLivekitServer } from '../scripts/livekit-server.mjs';
// eslint-disable-next-line layout/imports
import { ensureLoadClient } from '../scripts/lk-load.mjs';
import { cpuMeter } from './chat';
import {
  bestHeld,
  comparisonTable,
  LIVEKIT_PUBLISHED,
  LIVEKIT_SUBSCRIBERS_PER_CORE,
  perCore,
  stepFigures,
  stepLine,
  stepsTable,
  type StepFigures,
} from './rooms-figures';
import { startLoadClient, type LoadClient, type LoadJoined, type LoadSample } from './rooms-loadclient';
import { coreCount, machineMeter, udpBufferLimits, udpDropMeter } from './rooms-system';

const LIVEKIT_PORT = 3480;
const LIVEKIT_TCP_PORT = 3481;
/** Below Linux's ephemeral range (32768–60999), so no client socket can be holding one of them. */
const UDP_START = 31000;
const UDP_PORTS = 1700;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const steps = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
const STEPS = steps(process.env.BENCH_ROOMS_STEPS, '10,25,50,100,150,200,300,400,600,800');
const AUDIO_STEPS = steps(process.env.BENCH_ROOMS_AUDIO_STEPS, '25,50,100,200,400,600,800');
const SPEAKERS = Math.max(1, Number(process.env.BENCH_ROOMS_SPEAKERS ?? 3));
const SETTLE_SECONDS = Number(process.env.BENCH_ROOMS_SETTLE_SECONDS ?? 3);
const STEP_SECONDS = Number(process.env.BENCH_ROOMS_STEP_SECONDS ?? 8);
/** Per shape; the whole bench stays under five minutes. */
const BUDGET_SECONDS = Number(process.env.BENCH_ROOMS_BUDGET_SECONDS ?? 160);
const AUDIO_BUDGET_SECONDS = Number(process.env.BENCH_ROOMS_AUDIO_BUDGET_SECONDS ?? 100);
/** The publishers' pacing settles, and the first keyframes go out. */
const PUBLISHER_WARMUP_SECONDS = 2;

/** One of our events, built as createEvent builds it (schema, ids, channel name), opening now. */
function benchEvent(extra: Partial<EventRecord> = {}): EventRecord {
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
    ...extra,
  });
}

/** The audio room: an audio-broadcast event whose speakers are the organizer and accepted hosts. */
function audioEvent(speakers: number): EventRecord {
  const hosts = Array.from({ length: speakers - 1 }, (_, i) => `speaker-${i + 1}@bench.example`);
  return benchEvent({ layout: 'abc', hosts, acceptedHosts: Object.fromEntries(hosts.map((email, i) => [email, `bench-speaker-${i + 1}`])) });
}

async function mint(video: VideoService, event: EventRecord, user: VideoUser): Promise<string> {
  // The event sells nothing: the room's admission is canJoin alone (server/rooms/admission.server.ts).
  const admission = canJoin(event, user, Date.now());
  if (!admission.ok) throw new Error(`no room token for ${user.sub}: ${JSON.stringify(admission)}`);
  return (await video.mintToken({ id: event.tenantId, video: {} }, event, user, admission)).token;
}

const viewer = (i: number): VideoUser => ({ sub: `bench-viewer-${i}`, email: `viewer-${i}@bench.example`, displayName: `Viewer ${i}` });

interface Shape {
  name: string;
  /** What a subscriber is called in the output. */
  label: string;
  unit: string;
  kind: 'video' | 'audio';
  steps: number[];
  budgetSeconds: number;
  /** Tracks each subscriber waits for before it counts as joined. */
  videoTracks: number;
  audioTracks: number;
}

/** Steps subscribers up in one room whose publishers already send; returns every measured step. */
async function stepUp(
  shape: Shape,
  server: LocalLivekitServer,
  tokens: (from: number, count: number) => Promise<string[]>,
  publisher: LoadClient,
  subscribers: LoadClient,
): Promise<{ steps: StepFigures[]; stoppedBy: string }> {
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  const measured: StepFigures[] = [];
  let joinedSoFar = 0;
  let failed = 0;
  let lastStepSeconds = 0;
  for (const target of shape.steps) {
    // A step takes longer than the one before it (more joins): stop while the next still fits.
    if (elapsed() + 1.5 * lastStepSeconds > shape.budgetSeconds) return { steps: measured, stoppedBy: `time budget (${shape.budgetSeconds} s)` };
    const stepBegan = performance.now();
    const joined = await subscribers.ask<LoadJoined>(
      { type: 'join', url: server.url, tokens: await tokens(joinedSoFar, target - joinedSoFar), videoTracks: shape.videoTracks, audioTracks: shape.audioTracks },
      'joined',
    );
    failed += joined.failures.length;
    for (const f of new Set(joined.failures)) console.log(`bench/rooms: a ${shape.label.replace(/s$/, '')} failed to join: ${f}`);
    joinedSoFar = target;
    await sleep(SETTLE_SECONDS * 1000);
    const stopCpu = cpuMeter({ sfu: [server.pid], clients: [subscribers.process.pid], publisher: [publisher.process.pid] });
    const stopMachine = machineMeter();
    const stopDrops = udpDropMeter({ sfu: server.pid, clients: subscribers.process.pid, publisher: publisher.process.pid });
    const t0 = performance.now();
    const [sent0, subs0] = await Promise.all([publisher.ask<LoadSample>({ type: 'sample' }, 'sample'), subscribers.ask<LoadSample>({ type: 'sample' }, 'sample')]);
    await sleep(STEP_SECONDS * 1000);
    const [sent1, subs1] = await Promise.all([publisher.ask<LoadSample>({ type: 'sample' }, 'sample'), subscribers.ask<LoadSample>({ type: 'sample' }, 'sample')]);
    const seconds = (performance.now() - t0) / 1000;
    const step = stepFigures(
      { seconds, before: { sent: sent0.sent, subscribers: subs0.subscribers }, after: { ...subs1, sent: sent1.sent }, failed, cpu: stopCpu(), machine: stopMachine(), socketDrops: stopDrops() },
      shape.kind,
    );
    measured.push(step);
    console.log(stepLine(shape.label, step, shape.unit, elapsed()));
    lastStepSeconds = (performance.now() - stepBegan) / 1000;
    if (!step.holds) return { steps: measured, stoppedBy: `${target} ${shape.label} did not hold` };
    if (step.saturated) return { steps: measured, stoppedBy: `the machine saturated (the SFU and the clients used ≥ 90% of every core) at ${target} ${shape.label}` };
  }
  return { steps: measured, stoppedBy: 'every step ran' };
}

async function runShape(
  shape: Shape,
  server: LocalLivekitServer,
  binary: string,
  publish: (publisher: LoadClient) => Promise<void>,
  tokens: (from: number, count: number) => Promise<string[]>,
): Promise<StepFigures | undefined> {
  console.log(`\n${shape.name}: ${shape.label} stepped ${shape.steps.join(', ')}; ${SETTLE_SECONDS} s settle + ${STEP_SECONDS} s measured per step`);
  const publisher = startLoadClient(binary);
  const subscribers = startLoadClient(binary);
  try {
    await publish(publisher);
    await sleep(PUBLISHER_WARMUP_SECONDS * 1000);
    const { steps: measured, stoppedBy } = await stepUp(shape, server, tokens, publisher, subscribers);
    console.log(stepsTable(measured, shape.label, shape.unit));
    const best = bestHeld(measured);
    const { perSubscriber, perCore: each } = perCore(best);
    console.log(`stopped: ${stoppedBy}`);
    console.log(
      `${shape.name}: ${best?.subscribers ?? 0} ${shape.label} held with loss < 1%` +
        (best ? `; SFU ${best.sfuCpu}% of one core there, ${perSubscriber} of a core per subscriber (${each === null ? '-' : Math.round(each)} subscribers per SFU core)` : ''),
    );
    return best;
  } finally {
    await Promise.all([subscribers.stop(), publisher.stop()]);
  }
}

export async function benchRooms(): Promise<boolean> {
  const began = performance.now();
  console.log(`\nbench/rooms: the SFU's own limit, Go load client (lk-load); ${coreCount()} cores, load ${loadavg()[0]!.toFixed(2)}`);
  const found = findLivekitServer(process.cwd());
  if (!found) {
    console.log('bench/rooms: NOT MEASURED: no livekit-server (not on PATH, no .local/bin build; `node scripts/ensure-deps.mjs` builds it when Go is installed)');
    return false;
  }
  const binary = ensureLoadClient(process.cwd());
  if (!binary) {
    console.log('bench/rooms: NOT MEASURED: no lk-load (`node scripts/ensure-deps.mjs` builds it when Go is installed)');
    return false;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-rooms-'));
  const pair = newLivekitKeyPair();
  const options: LivekitServerOptions = {
    binary: found.path,
    dir,
    port: LIVEKIT_PORT,
    tcpPort: LIVEKIT_TCP_PORT,
    udpStart: UDP_START,
    udpPorts: UDP_PORTS,
    keys: { [pair.apiKey]: pair.apiSecret },
    webhookKey: pair.apiKey,
    webhookUrls: [],
  };
  const logLevel = /logging:\n\s+level: (\w+)/.exec(livekitConfigYaml(options))?.[1] ?? '?';
  console.log(`${udpBufferLimits()}; LiveKit logging level "${logLevel}"; one UDP port per connection from ${UDP_START} (${UDP_PORTS} ports)`);
  let server: LocalLivekitServer | undefined;
  try {
    server = await startLivekitServer(options);
    const video = new VideoService(
      { LIVEKIT_URL: server.url, LIVEKIT_API_URL: server.apiUrl, LIVEKIT_API_KEY: pair.apiKey, LIVEKIT_API_SECRET: pair.apiSecret },
      { source: {} },
    );
    const tokensFor = (event: EventRecord) => (from: number, count: number) => Promise.all(Array.from({ length: count }, (_, k) => mint(video, event, viewer(from + k))));

    const live = benchEvent();
    const liveBest = await runShape(
      { name: 'Livestream (1 publisher, 720p simulcast + audio)', label: 'subscribers', unit: 'frames', kind: 'video', steps: STEPS, budgetSeconds: BUDGET_SECONDS, videoTracks: 1, audioTracks: 1 },
      server,
      binary,
      async (p) => {
        const token = await mint(video, live, { sub: live.organizerId, email: 'organizer@bench.example', displayName: 'Bench organizer' });
        await p.ask({ type: 'publish', url: server!.url, token, video: true, audio: true }, 'published');
      },
      tokensFor(live),
    );

    const room = audioEvent(SPEAKERS);
    const audioBest = await runShape(
      { name: `Audio room (${SPEAKERS} speakers)`, label: 'listeners', unit: 'audio packets', kind: 'audio', steps: AUDIO_STEPS, budgetSeconds: AUDIO_BUDGET_SECONDS, videoTracks: 0, audioTracks: SPEAKERS },
      server,
      binary,
      async (p) => {
        for (let i = 0; i < SPEAKERS; i++) {
          const user: VideoUser = i === 0 ? { sub: room.organizerId, email: 'organizer@bench.example', displayName: 'Bench organizer' } : { sub: `bench-speaker-${i}`, email: `speaker-${i}@bench.example`, displayName: `Speaker ${i}` };
          await p.ask({ type: 'publish', url: server!.url, token: await mint(video, room, user), video: false, audio: true }, 'published');
        }
      },
      tokensFor(room),
    );

    console.log(`\nThe SFU beside LiveKit's published figures (${LIVEKIT_PUBLISHED.source}, server on ${LIVEKIT_PUBLISHED.machine}):`);
    console.log(comparisonTable(liveBest, audioBest, SPEAKERS));
    const ours = perCore(liveBest).perCore;
    if (ours !== null) {
      console.log(
        `Livestream subscribers per SFU core: ${Math.round(ours)} here, ${Math.round(LIVEKIT_SUBSCRIBERS_PER_CORE)} in LiveKit's figure ` +
          `(${((ours / LIVEKIT_SUBSCRIBERS_PER_CORE) * 100).toFixed(0)}% of it).`,
      );
    }
    // No target: "met" says both shapes held at least their first step (a run that did not measured nothing).
    const measuredBoth = (liveBest?.subscribers ?? 0) > 0 && (audioBest?.subscribers ?? 0) > 0;
    console.log(
      `bench/rooms: 1 publisher → ${liveBest?.subscribers ?? 0} subscribers, ${SPEAKERS} speakers → ${audioBest?.subscribers ?? 0} listeners with loss < 1%; ` +
        `SFU ${perCore(liveBest).perSubscriber} of a core per subscriber (LiveKit: ${(100 / LIVEKIT_SUBSCRIBERS_PER_CORE).toFixed(2)}%): ` +
        `${measuredBoth ? 'met' : 'MISSED'} (${((performance.now() - began) / 1000).toFixed(0)} s in all)`,
    );
    return measuredBoth;
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
