// bench/rooms figures: one measured step (a window between two samples of the load clients) turned
// into what the report prints (loss, per-subscriber frame rate and bitrate, CPU), whether it holds,
// and the tables beside LiveKit's own published figures.
import { table } from './lib';
import type { LoadSample, LoadSent, LoadSubscriber } from './rooms-loadclient';
import { coreCount, type MachineWindow } from './rooms-system';

export const MAX_LOSS = 0.01;
/** The median subscriber must receive this share of the frames (or audio packets) sent. */
export const MIN_RATE_RATIO = 0.85;
/**
 * The SFU and the load clients together using this share of every core: the machine is saturated
 * (the SFU can get no more). Counted from the bench's own processes, not the machine's total, so
 * that other work on a shared machine does not end the stepping at once; its total is printed.
 */
export const SATURATED = 0.9;

/**
 * LiveKit's own figures, as published on its docs page "Benchmarking"
 * (https://docs.livekit.io/home/self-hosting/benchmark/): `lk load-test` (a Go load client like
 * ours), 720p simulcast video, the server on a 16-core compute-optimized Google Cloud instance.
 */
export const LIVEKIT_PUBLISHED = {
  source: 'docs.livekit.io "Benchmarking" (home/self-hosting/benchmark)',
  machine: 'c2-standard-16 (16 cores)',
  cores: 16,
  livestream: { publishers: 1, subscribers: 3000, cpu: 0.92 },
  audio: { speakers: 10, listeners: 3000 },
} as const;

/** Subscribers one fully busy core forwards to, in LiveKit's livestream figure (3000 / (16 × 0.92)). */
export const LIVEKIT_SUBSCRIBERS_PER_CORE = LIVEKIT_PUBLISHED.livestream.subscribers / (LIVEKIT_PUBLISHED.cores * LIVEKIT_PUBLISHED.livestream.cpu);

export interface Window {
  seconds: number;
  before: { sent: LoadSent; subscribers: LoadSubscriber[] };
  after: LoadSample & { sent: LoadSent };
  failed: number;
  /** % of one core, from /proc: "sfu", "clients", "publisher". */
  cpu: Record<string, string>;
  machine: MachineWindow;
  /** UDP datagrams dropped on each group's own sockets ("sfu", "clients", "publisher"). */
  socketDrops: Record<string, number | null>;
}

export interface StepFigures {
  subscribers: number;
  failed: number;
  dropped: number;
  loss: number;
  worstLoss: number;
  /** Per subscriber: video frames a second (livestream) or audio packets a second (audio room). */
  medianRate: number;
  minRate: number;
  /** What the publisher(s) sent of it a second (720p frames, or audio packets of every speaker). */
  sentRate: number;
  medianKbps: number;
  minKbps: number;
  /** Everything the SFU forwarded to subscribers (RTP payload), Mbit/s. */
  outMbps: number;
  sfuCpu: number;
  clientsCpu: number;
  machineBusy: number | null;
  udpDrops: number | null;
  /** Of those, on the SFU's / the subscribers' / the publisher's sockets ("-" off Linux). */
  dropsBySide: string;
  holds: boolean;
  saturated: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/** kind "video": the rate is 720p frames; "audio": audio packets (every speaker's). */
export function stepFigures(w: Window, kind: 'video' | 'audio'): StepFigures {
  let lost = 0;
  let received = 0;
  let worstLoss = 0;
  let bytes = 0;
  const rates: number[] = [];
  const kbps: number[] = [];
  w.after.subscribers.forEach((a, i) => {
    const b = w.before.subscribers[i] ?? { connected: true, videoPackets: 0, audioPackets: 0, bytes: 0, frames: 0, lost: 0 };
    const dLost = a.lost - b.lost;
    const dReceived = a.videoPackets - b.videoPackets + (a.audioPackets - b.audioPackets);
    lost += Math.max(0, dLost);
    received += dReceived;
    bytes += a.bytes - b.bytes;
    worstLoss = Math.max(worstLoss, Math.max(0, dLost) / Math.max(1, dLost + dReceived));
    rates.push((kind === 'video' ? a.frames - b.frames : a.audioPackets - b.audioPackets) / w.seconds);
    kbps.push(((a.bytes - b.bytes) * 8) / w.seconds / 1000);
  });
  const sentRate = (kind === 'video' ? w.after.sent.topFrames - w.before.sent.topFrames : w.after.sent.audioPackets - w.before.sent.audioPackets) / w.seconds;
  const connected = w.after.subscribers.filter((s) => s.connected).length;
  const loss = lost / Math.max(1, lost + received);
  const medianRate = median(rates);
  const busy = w.machine.busy;
  return {
    subscribers: connected,
    failed: w.failed,
    dropped: w.after.dropped,
    loss,
    worstLoss,
    medianRate,
    minRate: rates.length ? Math.min(...rates) : 0,
    sentRate,
    medianKbps: median(kbps),
    minKbps: kbps.length ? Math.min(...kbps) : 0,
    outMbps: (bytes * 8) / w.seconds / 1e6,
    sfuCpu: Number(w.cpu.sfu),
    clientsCpu: Number(w.cpu.clients) + Number(w.cpu.publisher),
    machineBusy: busy,
    udpDrops: w.machine.udp ? w.machine.udp.rcvbufErrors + w.machine.udp.sndbufErrors : null,
    dropsBySide: ['sfu', 'clients', 'publisher'].map((k) => w.socketDrops[k] ?? '-').join('/'),
    holds:
      w.failed === 0 &&
      w.after.dropped === 0 &&
      connected === w.after.subscribers.length &&
      connected > 0 &&
      loss < MAX_LOSS &&
      medianRate >= MIN_RATE_RATIO * sentRate,
    saturated: Number(w.cpu.sfu) + Number(w.cpu.clients) + Number(w.cpu.publisher) >= SATURATED * coreCount() * 100,
  };
}

export const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export function stepLine(label: string, s: StepFigures, unit: string, elapsed: number): string {
  return (
    `  ${s.subscribers} ${label}: loss ${pct(s.loss)}, ${s.medianRate.toFixed(1)} of ${s.sentRate.toFixed(1)} ${unit}/s, ` +
    `SFU ${s.sfuCpu}% of a core, machine ${s.machineBusy === null ? '-' : `${Math.round(s.machineBusy * 100)}%`} busy, ` +
    `${s.holds ? (s.saturated ? 'holds, the machine saturated' : 'holds') : 'does not hold'} (${elapsed.toFixed(0)} s)`
  );
}

export function stepsTable(steps: StepFigures[], label: string, unit: string): string {
  return table(
    steps.map((s) => ({
      [label]: s.subscribers,
      'failed/dropped': `${s.failed}/${s.dropped}`,
      loss: pct(s.loss),
      'worst one': pct(s.worstLoss),
      [`${unit}/s median/min (sent)`]: `${s.medianRate.toFixed(1)}/${s.minRate.toFixed(1)} (${s.sentRate.toFixed(1)})`,
      'kbps each median/min': `${Math.round(s.medianKbps)}/${Math.round(s.minKbps)}`,
      'SFU out': `${s.outMbps.toFixed(0)} Mbps`,
      'CPU % SFU/clients': `${s.sfuCpu}/${s.clientsCpu}`,
      'machine busy': s.machineBusy === null ? '-' : `${Math.round(s.machineBusy * 100)}%`,
      'UDP drops: all (SFU/subs/pub)': `${s.udpDrops ?? '-'} (${s.dropsBySide})`,
      holds: s.holds ? 'yes' : 'NO',
    })),
  );
}

/** The last step that held, or undefined. */
export const bestHeld = (steps: StepFigures[]) => steps.filter((s) => s.holds).at(-1);

/** "0.42% of a core per subscriber; 238 subscribers per SFU core". */
export function perCore(best: StepFigures | undefined): { perSubscriber: string; perCore: number | null } {
  if (!best || !Number.isFinite(best.sfuCpu) || best.sfuCpu <= 0) return { perSubscriber: '-', perCore: null };
  return { perSubscriber: `${(best.sfuCpu / best.subscribers).toFixed(2)}%`, perCore: best.subscribers / (best.sfuCpu / 100) };
}

export function comparisonTable(video: StepFigures | undefined, audio: StepFigures | undefined, speakers: number): string {
  const v = perCore(video);
  const a = perCore(audio);
  const lk = LIVEKIT_PUBLISHED;
  return table([
    {
      '': 'LiveKit: livestream',
      shape: `${lk.livestream.publishers} publisher → ${lk.livestream.subscribers} subscribers`,
      'SFU CPU': `${lk.livestream.cpu * 100}% of ${lk.cores} cores`,
      'subscribers per SFU core': Math.round(LIVEKIT_SUBSCRIBERS_PER_CORE),
    },
    {
      '': 'this machine: livestream',
      shape: `1 publisher → ${video?.subscribers ?? 0} subscribers`,
      'SFU CPU': video ? `${video.sfuCpu}% of one core (${coreCount()} cores, shared with the clients)` : '-',
      'subscribers per SFU core': v.perCore === null ? '-' : Math.round(v.perCore),
    },
    {
      '': 'LiveKit: audio room',
      shape: `${lk.audio.speakers} speakers → ${lk.audio.listeners} listeners`,
      'SFU CPU': `${lk.cores} cores`,
      'subscribers per SFU core': `≥ ${Math.round(lk.audio.listeners / lk.cores)} (listeners / cores)`,
    },
    {
      '': 'this machine: audio room',
      shape: `${speakers} speakers → ${audio?.subscribers ?? 0} listeners`,
      'SFU CPU': audio ? `${audio.sfuCpu}% of one core` : '-',
      'subscribers per SFU core': a.perCore === null ? '-' : Math.round(a.perCore),
    },
  ]);
}
