/**
 * The audio player (docs/decisions/0031-player.md): the same media-chrome controls as the video
 * player around an <audio> with AAC (m4a) first and MP3 second, volume 1 at the start (SPEC.md §3)
 * unless a playlist sets its own, the item's waveform drawn above the seek bar, and the same
 * keyboard shortcuts, speeds, PlayerHandle and remembered position. Playlists (play-all, shuffle,
 * loop, repeat) drive it through `onEnded` and `autoPlay`.
 */
import { Box, Text } from '@chakra-ui/react';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionTrack } from './VideoPlayer';
import { useActiveCue } from './useActiveCue';
import { BRAND_CONTROLS_STYLE, PLAYBACK_RATES, SKIP_SECONDS } from './controls';
import { loadMediaChrome } from './mediaChrome';
import { useMediaWiring, type PlayerHandle } from './useMediaWiring';

export interface AudioPlayerProps {
  title: string;
  m4a?: string;
  mp3?: string;
  /** Peak levels 0–1 (the worker's waveform). */
  waveform?: number[];
  durationSeconds?: number;
  autoPlay?: boolean;
  onEnded?: () => void;
  /** The volume it starts at, 0–1 (a playlist's own setting); DEFAULT_VOLUME otherwise. */
  volume?: number;
  onTimeUpdate?: (seconds: number) => void;
  startAt?: number;
  /** Remember a signed-in listener's position under this media id. */
  rememberAs?: string;
  /** WebVTT tracks; an audio element draws no captions, so the showing track's cue is written under the controls. */
  captions?: CaptionTrack[];
}

/** The volume every player starts at (SPEC.md §3: audio volume default 1). */
export const DEFAULT_VOLUME = 1;
const FLAT = Array.from({ length: 100 }, () => 0.3);

export const AudioPlayer = forwardRef<PlayerHandle, AudioPlayerProps>(function AudioPlayer(
  { title, m4a, mp3, waveform, durationSeconds, autoPlay, onEnded, volume: startVolume = DEFAULT_VOLUME, onTimeUpdate, startAt, rememberAs, captions = [] },
  handle,
) {
  const { t, i18n } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [played, setPlayed] = useState(0);
  const [failed, setFailed] = useState(false);
  const helpId = useId();
  useMediaWiring(audio, handle, { startAt, onTimeUpdate, rememberAs });
  const cue = useActiveCue(audio, captions.length);

  useEffect(() => {
    void loadMediaChrome(i18n.language);
  }, [i18n.language]);

  useEffect(() => {
    if (audio.current) audio.current.volume = startVolume;
  }, [startVolume]);

  const peaks = waveform?.length ? waveform : FLAT;
  const loudest = Math.max(0.01, ...peaks);

  return (
    <Box data-testid="audio-player" borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle" _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
      <Box h="10" mb="2" aria-hidden="true" data-testid="audio-waveform">
        <svg viewBox={`0 0 ${peaks.length} 100`} preserveAspectRatio="none" width="100%" height="100%">
          {peaks.map((peak, i) => {
            const h = Math.max(4, (peak / loudest) * 96);
            return (
              <rect
                key={i}
                x={i + 0.15}
                width={0.7}
                y={(100 - h) / 2}
                height={h}
                fill={i / peaks.length < played ? 'var(--chakra-colors-brand-solid)' : 'var(--chakra-colors-border-emphasized)'}
              />
            );
          })}
        </svg>
      </Box>
      <media-controller
        audio=""
        tabIndex={0}
        role="region"
        aria-label={t('player.audio.controls', { title })}
        aria-describedby={helpId}
        keyboardforwardseekoffset={SKIP_SECONDS}
        keyboardbackwardseekoffset={SKIP_SECONDS}
        novolumepref=""
        lang={i18n.language.split('-')[0]}
        nomutedpref=""
        defaultduration={durationSeconds}
        data-testid="audio-controller"
        style={{ ...BRAND_CONTROLS_STYLE, width: '100%', display: 'block', borderRadius: 'var(--chakra-radii-l1)', overflow: 'hidden', outline: 'none' }}
      >
        <audio
          ref={audio}
          slot="media"
          preload="metadata"
          autoPlay={autoPlay}
          // Captions tracks come from storage's origin: they load only as CORS requests (storage allows the site).
          crossOrigin={captions.length > 0 ? 'anonymous' : undefined}
          aria-label={t('player.audio.label', { title })}
          onTimeUpdate={(e) => {
            const element = e.currentTarget;
            const total = Number.isFinite(element.duration) ? element.duration : (durationSeconds ?? 0);
            setPlayed(total > 0 ? element.currentTime / total : 0);
          }}
          onEnded={() => onEnded?.()}
          onError={() => setFailed(true)}
        >
          {m4a && <source src={m4a} type="audio/mp4" />}
          {mp3 && <source src={mp3} type="audio/mpeg" />}
          {captions.map((track) => (
            <track key={track.src} kind="captions" src={track.src} srcLang={track.srclang} label={track.label} default={track.default} />
          ))}
        </audio>
        <media-control-bar style={{ width: '100%' }}>
          <media-play-button />
          <media-seek-backward-button seekoffset={SKIP_SECONDS} />
          <media-seek-forward-button seekoffset={SKIP_SECONDS} />
          <media-time-range />
          <media-time-display showduration="" data-testid="audio-time" />
          <media-mute-button />
          <media-volume-range data-testid="audio-volume" />
          <media-playback-rate-button rates={PLAYBACK_RATES.join(' ')} data-testid="audio-speed" />
          {captions.length > 0 && <media-captions-button data-testid="audio-captions" />}
        </media-control-bar>
      </media-controller>
      {captions.length > 0 && (
        <Text mt="2" minH="6" textAlign="center" fontSize="md" aria-live="polite" data-testid="audio-caption-text">
          {cue}
        </Text>
      )}
      <Text id={helpId} fontSize="sm" color="fg.muted" mt="2">
        {t('player.audio.keyboardHelp')}
      </Text>
      {failed && (
        <Text role="alert" color="fg.error" mt="2">
          {t('player.audio.loadFailed')}
        </Text>
      )}
    </Box>
  );
});
