/**
 * What both players do with their media element beyond showing it: start at `startAt`, report the
 * time to `onTimeUpdate`, expose the PlayerHandle, and remember the position of a signed-in
 * viewer (every few seconds while playing, at once on pause and when the page is left).
 */
import { useEffect, useImperativeHandle, useRef, type ForwardedRef, type RefObject } from 'react';
import { POSITION_API, SAVE_EVERY_SECONDS } from '#app/lib/playback/position';

/** The handle a player's ref gives: other screens seek it (chapters, chat replay) and read its time. */
export interface PlayerHandle {
  seek(seconds: number): void;
  currentTime(): number;
  /** The media element itself (play, pause, playbackRate). */
  element(): HTMLMediaElement | null;
}

export interface MediaWiring {
  startAt?: number;
  onTimeUpdate?: (seconds: number) => void;
  /** The media id under which a signed-in viewer's position is remembered (server/media/data/playback.server.ts). */
  rememberAs?: string;
}

function savePosition(mediaId: string, seconds: number) {
  // keepalive: the save also goes out when it is sent while the page is being left.
  void fetch(POSITION_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mediaId, seconds: Math.max(0, seconds) }),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

export function useMediaWiring(media: RefObject<HTMLMediaElement | null>, handle: ForwardedRef<PlayerHandle>, { startAt, onTimeUpdate, rememberAs }: MediaWiring) {
  const report = useRef(onTimeUpdate);
  report.current = onTimeUpdate;

  useImperativeHandle(
    handle,
    () => ({
      seek(seconds: number) {
        const element = media.current;
        if (!element) return;
        const end = Number.isFinite(element.duration) ? element.duration : Infinity;
        element.currentTime = Math.max(0, Math.min(end, seconds));
      },
      currentTime: () => media.current?.currentTime ?? 0,
      element: () => media.current,
    }),
    [media],
  );

  useEffect(() => {
    const element = media.current;
    if (!element || !startAt || startAt <= 0) return;
    const start = () => {
      if (element.currentTime < 0.5) element.currentTime = startAt;
    };
    if (element.readyState >= 1) start();
    else element.addEventListener('loadedmetadata', start, { once: true });
    return () => element.removeEventListener('loadedmetadata', start);
  }, [media, startAt]);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const onTime = () => report.current?.(element.currentTime);
    element.addEventListener('timeupdate', onTime);
    return () => element.removeEventListener('timeupdate', onTime);
  }, [media]);

  useEffect(() => {
    const element = media.current;
    if (!element || !rememberAs) return;
    let lastSaved = -1;
    let lastSavedAt = 0;
    const save = () => {
      const seconds = Math.floor(element.currentTime);
      if (seconds === lastSaved || element.readyState < 1) return;
      lastSaved = seconds;
      lastSavedAt = Date.now();
      savePosition(rememberAs, seconds);
    };
    const onTime = () => {
      if (!element.paused && Date.now() - lastSavedAt >= SAVE_EVERY_SECONDS * 1000) save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('pause', save);
    element.addEventListener('seeked', save);
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      save();
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('pause', save);
      element.removeEventListener('seeked', save);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [media, rememberAs]);
}
