import { describe, expect, it } from 'vitest';
import { MAX_BEACONS_PER_BATCH, type Beacon } from './model';
import { trackPlayback } from './playback';
import { BeaconQueue, inExperienceSample } from './queue';
import { trackRoom } from './room';

const MEDIA = 'abcdefghij0123456789a';

/** A queue whose batches land in `sent` (parsed), instead of the network. */
function recordingQueue() {
  const sent: Array<{ mediaId?: string; eventId?: string; beacons: Beacon[] }> = [];
  const queue = new BeaconQueue((url, body) => {
    expect(url).toBe('/api/beacons');
    sent.push(JSON.parse(body) as (typeof sent)[number]);
  });
  return { queue, sent, beacons: () => sent.flatMap((b) => b.beacons) };
}

/** Enough of a media element for the tracker: events, time, paused and seeking. */
class FakeVideo extends EventTarget {
  currentTime = 0;
  paused = true;
  seeking = false;
  emit(name: string) {
    this.dispatchEvent(new Event(name));
  }
}

describe('the beacon queue', () => {
  it('sends nothing while the browser is offline, keeps the newest of each batch, and sends them once back online', () => {
    const sent: Array<{ beacons: Beacon[] }> = [];
    let online = false;
    const queue = new BeaconQueue((_url, body) => sent.push(JSON.parse(body) as { beacons: Beacon[] }), '/api/beacons', () => online);
    queue.add({ eventId: 'abcdefgh1234' }, { k: 'join', ms: 1500 });
    for (let i = 0; i < MAX_BEACONS_PER_BATCH + 3; i++) queue.add({ eventId: 'abcdefgh1234' }, { k: 'reconnect', n: 1 });
    queue.flush();
    expect(sent).toEqual([]);
    online = true;
    queue.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0].beacons).toHaveLength(MAX_BEACONS_PER_BATCH);
    expect(sent[0].beacons.every((b) => b.k === 'reconnect')).toBe(true);
    queue.flush();
    expect(sent).toHaveLength(1);
  });

  it('batches per target and sends a full batch at once', () => {
    const { queue, sent } = recordingQueue();
    queue.add({ mediaId: MEDIA }, { k: 'view', view: true, s: 0 });
    queue.add({ eventId: 'abcdefgh1234' }, { k: 'join', ms: 1500 });
    expect(sent).toEqual([]);
    queue.flush();
    expect(sent).toEqual([
      { mediaId: MEDIA, beacons: [{ k: 'view', view: true, s: 0 }] },
      { eventId: 'abcdefgh1234', beacons: [{ k: 'join', ms: 1500 }] },
    ]);
    for (let i = 0; i < MAX_BEACONS_PER_BATCH; i++) queue.add({ eventId: 'abcdefgh1234' }, { k: 'reconnect', n: 1 });
    expect(sent).toHaveLength(3);
    expect(sent[2]!.beacons).toHaveLength(MAX_BEACONS_PER_BATCH);
  });

  it('decides the experience sample once per target and page', () => {
    const values = [0.9, 0.1];
    const random = () => values.shift() ?? 0;
    expect(inExperienceSample({ mediaId: 'zzzzzzzzzzzzzzzzzzzz1' }, 0.5, random)).toBe(false);
    expect(inExperienceSample({ mediaId: 'zzzzzzzzzzzzzzzzzzzz1' }, 0.5, random)).toBe(false);
    expect(inExperienceSample({ mediaId: 'zzzzzzzzzzzzzzzzzzzz2' }, 0.5, random)).toBe(true);
  });
});

describe('the playback tracker', () => {
  it('measures startup, watch time, rebuffering and switches, counts the view, and sends the session once', () => {
    const { queue, beacons } = recordingQueue();
    let clock = 1000;
    const video = new FakeVideo();
    const tracker = trackPlayback(video as unknown as HTMLMediaElement, { mediaId: MEDIA }, { live: false, queue, sampled: true, now: () => clock });
    tracker.levelSwitched(); // hls.js's first choice
    video.paused = false;
    video.emit('play');
    clock += 1200;
    video.emit('playing');
    for (let s = 1; s <= 40; s++) {
      clock += 250;
      video.currentTime = s * 0.25;
      video.emit('timeupdate');
    }
    video.emit('waiting');
    clock += 500;
    video.emit('playing');
    tracker.levelSwitched();
    tracker.levelSwitched();
    video.currentTime = 10.25;
    video.emit('timeupdate');
    video.emit('ended');
    tracker.stop();
    expect(beacons()).toEqual([
      { k: 'view', view: true, s: 0 },
      { k: 'view', view: false, s: 10 },
      { k: 'play', live: false, startupMs: 1200, watchMs: 10_250, stallMs: 500, switches: 2, failed: false },
    ]);
  });

  it('reports watch time every 30 s and a failure that never started; outside the sample only views go', () => {
    const { queue, beacons } = recordingQueue();
    const video = new FakeVideo();
    const tracker = trackPlayback(video as unknown as HTMLMediaElement, { mediaId: MEDIA }, { live: false, queue, sampled: false });
    video.paused = false;
    video.emit('play');
    video.emit('playing');
    for (let s = 1; s <= 70; s++) {
      video.currentTime = s;
      video.emit('timeupdate');
    }
    // A seek is not watching.
    video.currentTime = 500;
    video.emit('seeking');
    video.emit('timeupdate');
    tracker.stop();
    expect(beacons()).toEqual([
      { k: 'view', view: true, s: 0 },
      { k: 'view', view: false, s: 30 },
      { k: 'view', view: false, s: 30 },
      { k: 'view', view: false, s: 10 },
    ]);

    const failing = recordingQueue();
    const live = new FakeVideo();
    const t2 = trackPlayback(live as unknown as HTMLMediaElement, { eventId: 'abcdefgh1234' }, { live: true, queue: failing.queue, sampled: true });
    live.emit('play');
    t2.failed();
    t2.stop();
    expect(failing.sent).toEqual([{ eventId: 'abcdefgh1234', beacons: [{ k: 'play', live: true, startupMs: null, watchMs: 0, stallMs: 0, switches: 0, failed: true }] }]);
  });
});

describe('the room tracker', () => {
  it('sends the join time once and each reconnect, or a failed join', () => {
    const { queue, beacons } = recordingQueue();
    let clock = 0;
    const room = trackRoom('abcdefgh1234', { queue, sampled: true, now: () => clock });
    clock = 1800;
    room.connected();
    room.connected();
    room.reconnecting();
    room.connected();
    room.failed();
    const failed = trackRoom('abcdefgh1234', { queue, sampled: true });
    failed.failed();
    failed.failed();
    trackRoom('abcdefgh1234', { queue, sampled: false }).connected();
    queue.flush();
    expect(beacons()).toEqual([{ k: 'join', ms: 1800 }, { k: 'reconnect', n: 1 }, { k: 'join', ms: null }]);
  });
});
