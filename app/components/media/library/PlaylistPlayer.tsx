/**
 * Plays a playlist in the browser with its flags: play all, shuffle, loop, repeat and the starting
 * volume. A plain audio element until the pipeline's audio player is on this branch.
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaylistTrack } from '#app/lib/media/library';
import { nextPosition, playOrder, type PlaylistFlags } from '#app/lib/media/playlist';

export function PlaylistPlayer({ tracks, flags }: { tracks: PlaylistTrack[]; flags: PlaylistFlags }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [seed, setSeed] = useState(0);
  // A new order each time play starts (shuffle), stable while it plays.
  const order = useMemo(() => playOrder(tracks.length, flags.shuffle), [tracks.length, flags.shuffle, seed]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = position === null ? null : tracks[order[position] ?? -1] ?? null;

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = flags.volume;
    if (current?.url) void el.play().catch(() => undefined);
  }, [current, flags.volume, position]);

  if (tracks.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="playlist-player" data-testid="playlist-player">
      <Heading as="h3" size="md" id="playlist-player">
        {t('library.playlists.player')}
      </Heading>
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        onClick={() => {
          setSeed((s) => s + 1);
          setPosition(0);
        }}
        data-testid="playlist-play"
      >
        {t('library.playlists.play')}
      </Button>
      {current ? (
        <Text aria-live="polite" data-testid="playlist-now-playing" data-track={current.id}>
          {t('library.playlists.nowPlaying', { title: current.title })}
        </Text>
      ) : null}
      <audio
        ref={audio}
        controls
        src={current?.url ?? undefined}
        onEnded={() => {
          if (position === null) return;
          const next = nextPosition(position, tracks.length, flags);
          // Repeating keeps the position, so nothing re-renders: start the same track again here.
          if (next === position && audio.current) {
            audio.current.currentTime = 0;
            void audio.current.play().catch(() => undefined);
          } else setPosition(next);
        }}
        style={{ width: '100%' }}
        data-testid="playlist-audio"
      />
    </Stack>
  );
}
