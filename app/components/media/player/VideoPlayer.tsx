/**
 * The video player: HLS (useHlsSource) with the MP4 as fallback, the poster while it loads, the
 * browser's own controls plus keyboard shortcuts on the focused video, and caption tracks when
 * given (captions-ready: the markup takes WebVTT tracks as they come).
 */
import { Box, Text } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHlsSource } from './useHlsSource';

export interface CaptionTrack {
  src: string;
  srclang: string;
  label: string;
  default?: boolean;
}

export interface VideoPlayerProps {
  title: string;
  /** The master playlist (the app's playlist route). */
  hls: string;
  mp4?: string;
  poster?: string;
  width?: number;
  height?: number;
  captions?: CaptionTrack[];
  /** A live HLS source: hls.js stays near the live edge; the player starts muted and playing. */
  live?: boolean;
}

const SKIP_SECONDS = 5;

export function VideoPlayer({ title, hls, mp4, poster, width, height, captions = [], live = false }: VideoPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const source = useHlsSource(video, hls, mp4, live);
  const helpId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    const element = event.currentTarget;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    } else if (key === 'arrowleft' || key === 'arrowright') {
      const step = key === 'arrowleft' ? -SKIP_SECONDS : SKIP_SECONDS;
      element.currentTime = Math.max(0, Math.min(element.duration || Infinity, element.currentTime + step));
    } else if (key === 'm') {
      element.muted = !element.muted;
    } else if (key === 'f') {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void element.requestFullscreen?.().catch(() => undefined);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <Box data-testid="video-player" data-source={source} data-live={live || undefined}>
      <Box
        bg="black"
        borderRadius="l2"
        overflow="hidden"
        aspectRatio={width && height ? `${width} / ${height}` : '16 / 9'}
        _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <video
          ref={video}
          controls
          playsInline
          preload={live ? 'auto' : 'metadata'}
          autoPlay={live}
          muted={live}
          poster={poster}
          crossOrigin="anonymous"
          aria-label={t('player.video.label', { title })}
          aria-describedby={helpId}
          onKeyDown={onKeyDown}
          style={{ width: '100%', height: '100%', display: 'block', outline: 'none' }}
        >
          {captions.map((track) => (
            <track key={track.src} kind="captions" src={track.src} srcLang={track.srclang} label={track.label} default={track.default} />
          ))}
        </video>
      </Box>
      <Text id={helpId} fontSize="sm" color="fg.muted" mt="2">
        {t('player.video.keyboardHelp')}
      </Text>
      {source === 'error' && (
        <Text role="alert" color="fg.error" mt="2">
          {t('player.video.loadFailed')}
        </Text>
      )}
    </Box>
  );
}
