import { useEffect, type RefObject } from 'react';

/** Where a cue's last line ends, as a percentage of the video's height from the top. */
export const CAPTION_LINE_PERCENT = 78;

/**
 * The browser draws captions at the very bottom of the video, where media-chrome's control bar
 * sits over them: every cue that keeps the default position is lifted to end at
 * CAPTION_LINE_PERCENT, clear of the bar at phone and desktop sizes alike.
 */
export function useCaptionsAboveControls(video: RefObject<HTMLMediaElement | null>, tracksKey: string) {
  useEffect(() => {
    const element = video.current;
    if (!element || typeof VTTCue === 'undefined') return;
    const lift = () => {
      for (const track of Array.from(element.textTracks)) {
        for (const cue of Array.from(track.cues ?? [])) {
          if (cue instanceof VTTCue && cue.line === 'auto') {
            cue.snapToLines = false;
            cue.line = CAPTION_LINE_PERCENT;
            cue.lineAlign = 'end';
          }
        }
      }
    };
    const trackElements = Array.from(element.querySelectorAll('track'));
    for (const track of trackElements) track.addEventListener('load', lift);
    element.textTracks.addEventListener('change', lift);
    lift();
    return () => {
      for (const track of trackElements) track.removeEventListener('load', lift);
      element.textTracks.removeEventListener('change', lift);
    };
  }, [video, tracksKey]);
}
