/**
 * Attaches a video's sources in the browser: hls.js where Media Source Extensions exist (adaptive
 * renditions from the app's signed playlist), the browser's own HLS where it has that and no MSE
 * (iPhone Safari), else the MP4 fallback. hls.js is loaded only when a player mounts, so pages
 * without video never download it.
 */
import { useEffect, useState, type RefObject } from 'react';

export type VideoSourceKind = 'pending' | 'hls.js' | 'native' | 'mp4' | 'error';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** hls.js settings for a live source: start and stay close to the live edge (1-second segments). */
const LIVE_CONFIG = { liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, backBufferLength: 30 };

export function useHlsSource(video: RefObject<HTMLVideoElement | null>, hls: string, mp4: string | undefined, live = false): VideoSourceKind {
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
      }
    };

    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        // No web worker: the page's CSP allows scripts from this origin only, not blob: workers.
        const player = new Hls({ enableWorker: false, capLevelToPlayerSize: true, ...(live ? LIVE_CONFIG : {}) });
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
  }, [video, hls, mp4, live]);

  return kind;
}
