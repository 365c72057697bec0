/**
 * Attaches a video's sources in the browser: hls.js where Media Source Extensions exist (adaptive
 * renditions from the app's signed playlist), the browser's own HLS where it has that and no MSE
 * (iPhone Safari), else the MP4 fallback. hls.js is loaded only when a player mounts, so pages
 * without video never download it.
 */
import { useEffect, useState, type RefObject } from 'react';
import { loadChunk } from '#app/lib/chunks/loadChunk';
import type { PlaybackTracker } from '#app/lib/beacons/playback';

export type VideoSourceKind = 'pending' | 'hls.js' | 'native' | 'mp4' | 'error';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * hls.js settings for a live source: start near the live edge and use low-latency HLS parts when
 * the playlist has them, so viewers stay a few seconds behind the broadcast.
 */
export const LIVE_HLS_CONFIG = { lowLatencyMode: true, liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 5, maxLiveSyncPlaybackRate: 1.1 } as const;

export function useHlsSource(
  video: RefObject<HTMLVideoElement | null>,
  hls: string | undefined,
  mp4: string | undefined,
  options: { live?: boolean; tracker?: RefObject<PlaybackTracker | null> } = {},
): VideoSourceKind {
  const live = options.live === true;
  const tracker = options.tracker;
  const [kind, setKind] = useState<VideoSourceKind>('pending');

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;

    const fallBackToMp4 = () => {
      if (cancelled) return;
      destroy?.();
      destroy = undefined;
      if (mp4) {
        element.src = mp4;
        setKind('mp4');
      } else {
        setKind('error');
        tracker?.current?.failed();
      }
    };

    // No HLS cut (a system sample played from its MP4): the file as it is.
    if (!hls) {
      fallBackToMp4();
      return () => {
        cancelled = true;
      };
    }
    // A chunk that fails or takes over 120 seconds: the MP4 instead (docs/decisions/0050).
    void loadChunk(() => import('hls.js'), 'hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        // No web worker: the page's CSP allows scripts from this origin only, not blob: workers.
        const player = new Hls({ enableWorker: false, capLevelToPlayerSize: true, ...(live ? LIVE_HLS_CONFIG : { lowLatencyMode: false }) });
        let recovered = false;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
            recovered = true;
            player.recoverMediaError();
            return;
          }
          fallBackToMp4();
        });
        // Rendition switches, for the viewer-experience beacons (the first is hls.js's first choice).
        player.on(Hls.Events.LEVEL_SWITCHED, () => tracker?.current?.levelSwitched());
        player.loadSource(hls);
        player.attachMedia(element);
        destroy = () => player.destroy();
        setKind('hls.js');
      } else if (element.canPlayType(HLS_TYPE)) {
        element.src = hls;
        element.addEventListener('error', fallBackToMp4, { once: true });
        destroy = () => element.removeEventListener('error', fallBackToMp4);
        setKind('native');
      } else {
        fallBackToMp4();
      }
    }, fallBackToMp4);

    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [video, hls, mp4, live, tracker]);

  return kind;
}
