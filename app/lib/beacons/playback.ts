/**
 * Measures one playback session of a <video> (docs/decisions/0093): startup time (from asking to
 * play to the first frame), time spent rebuffering against time watched, bitrate switches and
 * failures, sent once as a `play` beacon when the session ends (the video ended, the page was
 * hidden or left, the player went away) if this page is in the experience sample; and, for a
 * library video, a `view` beacon on the first "playing" and the watched seconds every
 * HEARTBEAT_SECONDS and when the page is left (always: views are counted, not sampled).
 */
import { HEARTBEAT_SECONDS, type BeaconTarget } from './model';
import { beaconQueue, inExperienceSample, type BeaconQueue } from './queue';

export interface PlaybackTracker {
  /** hls.js switched to another rendition (its first choice is not a switch). */
  levelSwitched(): void;
  /** Playback failed for good (a fatal hls.js error that was not recovered, no source left). */
  failed(): void;
  /** The player goes away: the session ends. */
  stop(): void;
}

interface Options {
  live: boolean;
  queue?: BeaconQueue;
  sampled?: boolean;
  now?: () => number;
}

export function trackPlayback(video: HTMLMediaElement, target: BeaconTarget, { live, queue = beaconQueue(), sampled = inExperienceSample(target), now = () => performance.now() }: Options): PlaybackTracker {
  let askedAt: number | null = null;
  let startupMs: number | null = null;
  let stallSince: number | null = null;
  let stallMs = 0;
  let watchMs = 0;
  let lastTime = video.currentTime;
  let switches = -1;
  let failed = false;
  let done = false;
  let unreported = 0;
  const counts = Boolean(target.mediaId);

  const endStall = () => {
    if (stallSince !== null) stallMs += now() - stallSince;
    stallSince = null;
  };
  const reportWatch = (force: boolean) => {
    const s = Math.floor(unreported);
    if (!counts || s < 1 || (!force && s < HEARTBEAT_SECONDS)) return;
    unreported -= s;
    queue.add(target, { k: 'view', view: false, s: Math.min(s, 600) });
  };

  const onPlay = () => {
    if (askedAt === null) askedAt = now();
  };
  const onPlaying = () => {
    if (startupMs === null && askedAt !== null) {
      startupMs = Math.round(now() - askedAt);
      if (counts) queue.add(target, { k: 'view', view: true, s: 0 });
    }
    endStall();
  };
  const onWaiting = () => {
    if (startupMs !== null && !video.seeking && stallSince === null) stallSince = now();
  };
  const onTime = () => {
    const delta = video.currentTime - lastTime;
    lastTime = video.currentTime;
    if (video.paused || video.seeking || delta <= 0 || delta > 2) return;
    endStall();
    watchMs += delta * 1000;
    unreported += delta;
    reportWatch(false);
  };
  const onSeeking = () => {
    stallSince = null;
    lastTime = video.currentTime;
  };
  const onError = () => {
    failed = true;
  };

  const finish = () => {
    endStall();
    reportWatch(true);
    if (done || (askedAt === null && !failed)) return;
    done = true;
    if (!sampled) return;
    const clamp = (n: number) => Math.max(0, Math.min(3_600_000, Math.round(n)));
    queue.add(target, { k: 'play', live, startupMs: startupMs === null ? null : clamp(startupMs), watchMs: clamp(watchMs), stallMs: clamp(stallMs), switches: Math.max(0, Math.min(1000, switches)), failed });
  };

  const events: Array<[string, () => void]> = [
    ['play', onPlay],
    ['playing', onPlaying],
    ['waiting', onWaiting],
    ['timeupdate', onTime],
    ['seeking', onSeeking],
    ['error', onError],
    ['ended', finish],
  ];
  for (const [name, fn] of events) video.addEventListener(name, fn);
  // An autoplaying video may have asked before this was attached.
  if (!video.paused) onPlay();
  const unhook = queue.beforeLeave(finish);

  return {
    levelSwitched() {
      switches += 1;
    },
    failed() {
      failed = true;
      finish();
    },
    stop() {
      finish();
      unhook();
      for (const [name, fn] of events) video.removeEventListener(name, fn);
      queue.flush();
    },
  };
}
