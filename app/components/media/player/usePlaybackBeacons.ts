/**
 * Puts a playback tracker (app/lib/beacons/playback.ts) on the player's <video> for as long as it
 * shows one source: the view and watch time of a library video, and the session's experience
 * (startup, rebuffering, switches, failure) for the page's sample (docs/decisions/0093). The
 * returned ref lets the HLS source report rendition switches and fatal errors to it.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { BeaconTarget } from '#app/lib/beacons/model';
import { trackPlayback, type PlaybackTracker } from '#app/lib/beacons/playback';

export function usePlaybackBeacons(video: RefObject<HTMLVideoElement | null>, target: BeaconTarget | undefined, live: boolean, source: string | undefined): RefObject<PlaybackTracker | null> {
  const tracker = useRef<PlaybackTracker | null>(null);
  const mediaId = target?.mediaId;
  const eventId = target?.eventId;
  useEffect(() => {
    const element = video.current;
    if (!element || (!mediaId && !eventId)) return;
    const current = trackPlayback(element, mediaId ? { mediaId } : { eventId: eventId! }, { live });
    tracker.current = current;
    return () => {
      tracker.current = null;
      current.stop();
    };
  }, [video, mediaId, eventId, live, source]);
  return tracker;
}
