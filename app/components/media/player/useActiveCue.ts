/**
 * The text of the cue showing now on a media element's captions track: what an audio player writes
 * under its controls (an <audio> element draws no captions itself). media-chrome's captions button
 * switches tracks between showing and disabled; cues are read only from the showing one.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useActiveCue(media: RefObject<HTMLMediaElement>, trackCount: number): string {
  const [text, setText] = useState('');
  useEffect(() => {
    const element = media.current;
    if (!element || trackCount === 0) return;
    const tracks = element.textTracks;
    const read = () => {
      const showing = Array.from(tracks).find((t) => t.mode === 'showing');
      const cues = showing?.activeCues ? Array.from(showing.activeCues) : [];
      setText(cues.map((c) => (c as VTTCue).text).join('\n'));
    };
    const watched = new Set<TextTrack>();
    const watch = () => {
      for (const track of Array.from(tracks)) {
        if (watched.has(track)) continue;
        watched.add(track);
        track.addEventListener('cuechange', read);
      }
      read();
    };
    watch();
    tracks.addEventListener('addtrack', watch);
    tracks.addEventListener('change', read);
    return () => {
      tracks.removeEventListener('addtrack', watch);
      tracks.removeEventListener('change', read);
      for (const track of watched) track.removeEventListener('cuechange', read);
    };
  }, [media, trackCount]);
  return text;
}
