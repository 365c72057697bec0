/**
 * The video player (docs/decisions/0031-player.md): media-chrome's controls around a <video> that
 * useHlsSource feeds (hls.js, native HLS, or the MP4 fallback). The server renders the markup;
 * the browser registers media-chrome's elements when a player mounts. Keyboard shortcuts are
 * media-chrome's (focus inside the player), the controls take the tenant's brand colours, and a
 * ref gives a PlayerHandle (seek, currentTime) to chapters, chat replay and the like.
 */
import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { forwardRef, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChapterList, type Chapter } from './ChapterList';
import { BRAND_CONTROLS_STYLE, PLAYBACK_RATES, SKIP_SECONDS } from './controls';
import { loadMediaChrome } from './mediaChrome';
import { useCaptionsAboveControls } from './useCaptionsAboveControls';
import { useHlsSource } from './useHlsSource';
import { usePlaybackBeacons } from './usePlaybackBeacons';
import type { BeaconTarget } from '#app/lib/beacons/model';
import { useMediaWiring, type PlayerHandle } from './useMediaWiring';

export type { Chapter } from './ChapterList';
export type { PlayerHandle } from './useMediaWiring';

export interface CaptionTrack {
  src: string;
  srclang: string;
  label: string;
  default?: boolean;
}

export interface VideoPlayerProps {
  title: string;
  /** The master playlist (the app's playlist route, or a live playlist); without one the MP4 plays. */
  hls?: string;
  mp4?: string;
  poster?: string;
  width?: number;
  height?: number;
  captions?: CaptionTrack[];
  /** Called with the current time as it plays (timeupdate). */
  onTimeUpdate?: (seconds: number) => void;
  /** Listed under the player; choosing one seeks to it. */
  chapters?: Chapter[];
  /** A live HLS source: low-latency settings, a LIVE badge, no seek bar; it starts playing, muted, unless autoPlay is false. */
  live?: boolean;
  /** Where playback starts, in seconds (a remembered position, a shared link's time). */
  startAt?: number;
  /** Remember a signed-in viewer's position under this media id. */
  rememberAs?: string;
  autoPlay?: boolean;
  onEnded?: () => void;
  /** What the playback beacons are about: the library video (views, watch time, experience) or the live event (experience). */
  beacon?: BeaconTarget;
}

export const VideoPlayer = forwardRef<PlayerHandle, VideoPlayerProps>(function VideoPlayer(
  { title, hls, mp4, poster, width, height, captions = [], onTimeUpdate, chapters, live = false, startAt, rememberAs, autoPlay, onEnded, beacon },
  handle,
) {
  const { t, i18n } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const tracker = usePlaybackBeacons(video, beacon, live, hls ?? mp4);
  const source = useHlsSource(video, hls, mp4, { live, tracker });
  useMediaWiring(video, handle, { startAt, onTimeUpdate, rememberAs });
  const helpId = useId();
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useCaptionsAboveControls(video, captions.map((track) => track.src).join(' '));

  useEffect(() => {
    void loadMediaChrome(i18n.language);
  }, [i18n.language]);

  const seekTo = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = seconds;
    if (element.paused) void element.play().catch(() => undefined);
  };

  return (
    <Box data-testid="video-player" data-source={source} data-live={live || undefined}>
      <Box
        position="relative"
        borderRadius="l2"
        overflow="hidden"
        bg="black"
        aspectRatio={width && height ? `${width} / ${height}` : '16 / 9'}
        _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <media-controller
          tabIndex={0}
          role="region"
          aria-label={t('player.video.controls', { title })}
          aria-describedby={helpId}
          keyboardforwardseekoffset={SKIP_SECONDS}
          keyboardbackwardseekoffset={SKIP_SECONDS}
          // The spec's volume default (1) at every start: no volume or mute remembered by media-chrome.
          novolumepref=""
          lang={i18n.language.split('-')[0]}
          nomutedpref=""
          defaultstreamtype={live ? 'live' : 'on-demand'}
          data-testid="video-controller"
          style={{ ...BRAND_CONTROLS_STYLE, width: '100%', height: '100%', display: 'block', outline: 'none' }}
        >
          <video
            ref={video}
            slot="media"
            playsInline
            // A live broadcast starts playing at once, muted (browsers allow muted autoplay only).
            preload={live ? 'auto' : 'metadata'}
            poster={poster}
            autoPlay={autoPlay ?? live}
            muted={live && autoPlay !== false}
            crossOrigin="anonymous"
            aria-label={t('player.video.label', { title })}
            onEnded={() => ended.current?.()}
            style={{ width: '100%', height: '100%', display: 'block' }}
          >
            {captions.map((track) => (
              <track key={track.src} kind="captions" src={track.src} srcLang={track.srclang} label={track.label} default={track.default} />
            ))}
          </video>
          <media-loading-indicator slot="centered-chrome" noautohide="" />
          {/* As wide as the player: a live stream has no time range to stretch it, so a spacer does. */}
          <media-control-bar style={{ width: '100%' }} data-testid="video-control-bar">
            <media-play-button />
            {!live && <media-seek-backward-button seekoffset={SKIP_SECONDS} />}
            {!live && <media-seek-forward-button seekoffset={SKIP_SECONDS} />}
            {live ? <media-live-button /> : <media-time-range />}
            {live && <div aria-hidden="true" style={{ flex: '1 1 auto', alignSelf: 'stretch', background: 'var(--media-control-background)' }} />}
            {!live && <media-time-display showduration="" />}
            <media-mute-button />
            <media-volume-range />
            {!live && <media-playback-rate-button rates={PLAYBACK_RATES.join(' ')} data-testid="video-speed" />}
            {captions.length > 0 && <media-captions-button data-testid="video-captions" />}
            <media-fullscreen-button />
          </media-control-bar>
        </media-controller>
        {live && (
          <Badge position="absolute" top="2" left="2" colorPalette="red" variant="solid" aria-label={t('player.video.liveLabel')} data-testid="live-badge">
            {t('player.video.live')}
          </Badge>
        )}
      </Box>
      <HStack justify="space-between" align="start" mt="2" gap="3">
        <Text id={helpId} fontSize="sm" color="fg.muted">
          {t('player.video.keyboardHelp')}
        </Text>
      </HStack>
      {source === 'error' && (
        <Text role="alert" color="fg.error" mt="2">
          {t('player.video.loadFailed')}
        </Text>
      )}
      {chapters && chapters.length > 0 && <ChapterList chapters={chapters} onSeek={seekTo} />}
    </Box>
  );
});
