import type { LocalVideoTrack } from 'livekit-client';
import { useEffect, useRef } from 'react';

/** The camera's picture, mirrored as people expect of their own camera. */
export function Preview({ track, label }: { track: LocalVideoTrack; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    track.attach(el);
    return () => {
      track.detach(el);
    };
  }, [track]);
  return (
    <video
      ref={ref}
      aria-label={label}
      data-testid="device-preview"
      muted
      playsInline
      autoPlay
      style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: 'block' }}
    />
  );
}
