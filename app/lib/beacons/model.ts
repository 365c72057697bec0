/**
 * Viewer-experience and playback beacons (docs/decisions/0093-viewer-experience-beacons.md): what
 * the players and the live room send, the distributions the event analytics tab draws, and the
 * rule that flags a bad experience. Shared by the browser (app/lib/beacons/*) and the server
 * (server/beacons/; the schemas the server judges batches by are in ./schema.ts). A beacon carries measurements only: no name, address, IP or user agent; the
 * server knows the signed-in person from the session and stores none of it.
 */

export const BEACONS_API = '/api/beacons';
/** The body cap of the endpoint (app/route-table.js): a batch is a few hundred bytes. */
export const BEACON_MAX_BODY_BYTES = 8 * 1024;
export const MAX_BEACONS_PER_BATCH = 20;

/** Share of playback sessions and room joins whose experience is measured (views are always counted). */
export const EXPERIENCE_SAMPLE_RATE = 0.5;
/** Watch time is reported at least this often while a video plays (and when the page is left). */
export const HEARTBEAT_SECONDS = 30;
/** Queued beacons go out at least this often (and at once when the page is hidden or left). */
export const FLUSH_EVERY_MS = 15_000;

/** A bad playback: it failed, took this long or longer to start, or stalled this share of the time or more. */
export const BAD_STARTUP_MS = 4000;
export const BAD_REBUFFER_RATIO = 0.02;
/** A bad room join: it failed or took this long or longer. */
export const BAD_JOIN_MS = 5000;

/** Bucket upper bounds (exclusive); the last bucket is everything above. */
export const STARTUP_BOUNDS_MS = [1000, 2000, 4000, 8000] as const;
export const JOIN_BOUNDS_MS = [1000, 2000, 5000, 10_000] as const;
/** Rebuffering: none, then below 1 %, 2 %, 5 %, and above. */
export const REBUFFER_BOUNDS = [1e-9, 0.01, 0.02, 0.05] as const;
export const BUCKETS = 5;
/** With these bounds, the buckets from this one on are the bad ranges (startup, rebuffering, join). */
export const BAD_FROM_BUCKET = 3;

/** A video's watch time since the last report (`s` seconds); `view` on the first "playing" of a page's video. */
export interface ViewBeacon {
  k: 'view';
  view: boolean;
  s: number;
}
/** One playback session's experience, sent once (ended, page left or hidden, player removed). */
export interface PlayBeacon {
  k: 'play';
  live: boolean;
  /** From asking to play to the first frame; null when it never started. */
  startupMs: number | null;
  watchMs: number;
  stallMs: number;
  switches: number;
  failed: boolean;
}
/** Joining the live room: how long the connection took (null: it failed). */
export interface JoinBeacon {
  k: 'join';
  ms: number | null;
}
/** The room's connection was lost and found again `n` times. */
export interface ReconnectBeacon {
  k: 'reconnect';
  n: number;
}
export type Beacon = ViewBeacon | PlayBeacon | JoinBeacon | ReconnectBeacon;

/** What a batch is about: a library video (`mediaId`) or an event's live room and broadcast (`eventId`). */
export type BeaconTarget = { mediaId: string; eventId?: never } | { eventId: string; mediaId?: never };

export function bucketOf(value: number, bounds: readonly number[]): number {
  const i = bounds.findIndex((b) => value < b);
  return i === -1 ? bounds.length : i;
}

export const rebufferRatio = (b: Pick<PlayBeacon, 'watchMs' | 'stallMs'>) => (b.watchMs + b.stallMs > 0 ? b.stallMs / (b.watchMs + b.stallMs) : 0);

export function isBadPlayback(b: PlayBeacon): boolean {
  return b.failed || (b.startupMs !== null && b.startupMs >= BAD_STARTUP_MS) || rebufferRatio(b) >= BAD_REBUFFER_RATIO;
}

/** Counter names stored per event (server/beacons/data/experience.server.ts): a–z, digits and _. */
export type ExperienceDeltas = Record<string, number>;

/** The counters one experience beacon adds to its event. */
export function experienceDeltas(b: Beacon): ExperienceDeltas {
  switch (b.k) {
    case 'play': {
      const d: ExperienceDeltas = { plays: 1, watchMs: b.watchMs, stallMs: b.stallMs, switches: b.switches };
      if (b.failed) d.failures = 1;
      if (isBadPlayback(b)) d.badPlays = 1;
      if (b.startupMs !== null) d[`su_${bucketOf(b.startupMs, STARTUP_BOUNDS_MS)}`] = 1;
      if (b.watchMs + b.stallMs > 0) d[`rb_${bucketOf(rebufferRatio(b), REBUFFER_BOUNDS)}`] = 1;
      return d;
    }
    case 'join':
      return b.ms === null ? { joins: 1, joinFailures: 1, badJoins: 1 } : { joins: 1, [`jt_${bucketOf(b.ms, JOIN_BOUNDS_MS)}`]: 1, ...(b.ms >= BAD_JOIN_MS ? { badJoins: 1 } : {}) };
    case 'reconnect':
      return { reconnects: b.n };
    default:
      return {};
  }
}

/** An event's viewer experience as the analytics tab shows it (sums of every shard). */
export interface ViewerExperience {
  plays: number;
  failures: number;
  badPlays: number;
  switches: number;
  watchMs: number;
  stallMs: number;
  joins: number;
  joinFailures: number;
  badJoins: number;
  reconnects: number;
  /** Sessions per bucket (BUCKETS each). */
  startup: number[];
  rebuffer: number[];
  join: number[];
}

export function experienceOf(sums: Readonly<Record<string, number>>): ViewerExperience {
  const n = (name: string) => (Number.isFinite(sums[name]) ? Number(sums[name]) : 0);
  const buckets = (prefix: string) => Array.from({ length: BUCKETS }, (_, i) => n(`${prefix}_${i}`));
  return {
    plays: n('plays'),
    failures: n('failures'),
    badPlays: n('badPlays'),
    switches: n('switches'),
    watchMs: n('watchMs'),
    stallMs: n('stallMs'),
    joins: n('joins'),
    joinFailures: n('joinFailures'),
    badJoins: n('badJoins'),
    reconnects: n('reconnects'),
    startup: buckets('su'),
    rebuffer: buckets('rb'),
    join: buckets('jt'),
  };
}

/** The experience beacons' sessions: bad ones and their share of all (0 when there were none). */
export function badShare(x: ViewerExperience): { bad: number; sessions: number; share: number } {
  const bad = x.badPlays + x.badJoins;
  const sessions = x.plays + x.joins;
  return { bad, sessions, share: sessions ? bad / sessions : 0 };
}
