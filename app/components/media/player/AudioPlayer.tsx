/**
 * The audio player: AAC (m4a) with MP3 as the browser's second choice, volume 1 at the start
 * (SPEC.md §3), a play button, the waveform as the seek bar (a slider: arrows skip 5 s, Home/End,
 * click or tap to jump), the time, and a volume slider. Playlists (play-all, shuffle, loop) drive
 * it through `onEnded` and `autoPlay`.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format';

export interface AudioPlayerProps {
  title: string;
  m4a?: string;
  mp3?: string;
  /** Peak levels 0–1 (the worker's waveform). */
  waveform?: number[];
  durationSeconds?: number;
  autoPlay?: boolean;
  onEnded?: () => void;
}

/** The volume every player starts at (SPEC.md §3: audio volume default 1). */
export const DEFAULT_VOLUME = 1;
const SKIP_SECONDS = 5;
const FLAT = Array.from({ length: 100 }, () => 0.3);

export function AudioPlayer({ title, m4a, mp3, waveform, durationSeconds, autoPlay, onEnded }: AudioPlayerProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(durationSeconds ?? 0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [failed, setFailed] = useState(false);
  const volumeId = useId();

  useEffect(() => {
    if (audio.current) audio.current.volume = DEFAULT_VOLUME;
  }, []);

  const seek = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = Math.max(0, Math.min(duration || element.duration || 0, seconds));
    setCurrent(element.currentTime);
  };

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setFailed(true));
    else element.pause();
  };

  const onSliderKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - SKIP_SECONDS,
      ArrowDown: current - SKIP_SECONDS,
      ArrowRight: current + SKIP_SECONDS,
      ArrowUp: current + SKIP_SECONDS,
      PageDown: current - 30,
      PageUp: current + 30,
      Home: 0,
      End: duration,
    };
    if (event.key in moves) {
      event.preventDefault();
      seek(moves[event.key]!);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle();
    }
  };

  const onSliderPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0 && duration > 0) seek(((event.clientX - box.left) / box.width) * duration);
  };

  const peaks = waveform?.length ? waveform : FLAT;
  const loudest = Math.max(0.01, ...peaks);
  const played = duration > 0 ? current / duration : 0;
  const position = t('player.audio.position', { current: formatDuration(current), total: formatDuration(duration) });

  return (
    <Box data-testid="audio-player" borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle">
      <audio
        ref={audio}
        preload="metadata"
        autoPlay={autoPlay}
        aria-label={t('player.audio.label', { title })}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          onEnded?.();
        }}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => setVolume(e.currentTarget.volume)}
        onError={() => setFailed(true)}
      >
        {m4a && <source src={m4a} type="audio/mp4" />}
        {mp3 && <source src={mp3} type="audio/mpeg" />}
      </audio>
      <HStack gap="3" align="center">
        <Button
          onClick={toggle}
          colorPalette="brand"
          size="md"
          borderRadius="full"
          aria-label={playing ? t('player.audio.pause', { title }) : t('player.audio.play', { title })}
          data-testid="audio-toggle"
          data-playing={playing}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </Button>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t('player.audio.waveform', { title })}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(current)}
          aria-valuetext={position}
          onKeyDown={onSliderKey}
          onPointerDown={onSliderPointer}
          flex="1"
          h="12"
          cursor="pointer"
          borderRadius="l1"
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          data-testid="audio-waveform"
        >
          <svg viewBox={`0 0 ${peaks.length} 100`} preserveAspectRatio="none" width="100%" height="100%" aria-hidden="true">
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
      </HStack>
      <HStack mt="2" gap="3" justify="space-between" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="off" data-testid="audio-time">
          {position}
        </Text>
        <HStack gap="2">
          <label htmlFor={volumeId}>
            <Text as="span" fontSize="sm">
              {t('player.audio.volume')}
            </Text>
          </label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            data-testid="audio-volume"
            style={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
            onChange={(e) => {
              const next = Number(e.currentTarget.value);
              setVolume(next);
              if (audio.current) audio.current.volume = next;
            }}
          />
        </HStack>
      </HStack>
      {failed && (
        <Text role="alert" color="fg.error" mt="2">
          {t('player.audio.loadFailed')}
        </Text>
      )}
    </Box>
  );
}
