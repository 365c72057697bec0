/**
 * Plays a playlist with its flags through the pipeline's audio player: play all (the next track
 * starts when one ends), shuffle (a new order each time play starts), loop (the list again after
 * the last track), repeat (the same track again), and the playlist's starting volume.
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioPlayer } from '#app/components/media/player/AudioPlayer';
import type { PlaylistTrack } from '#app/lib/media/library';
import { nextPosition, playOrder, type PlaylistFlags } from '#app/lib/media/playlist';

export function PlaylistPlayer({ tracks, flags }: { tracks: PlaylistTrack[]; flags: PlaylistFlags }) {
  const { t } = useTranslation();
  const [position, setPosition] = useState<number | null>(null);
  // Each start of play (and each repeat) is a new run: it remounts the player, which then plays at once.
  const [run, setRun] = useState(0);
  const [seed, setSeed] = useState(0);
  const order = useMemo(() => playOrder(tracks.length, flags.shuffle), [tracks.length, flags.shuffle, seed]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = position === null ? null : (tracks[order[position] ?? -1] ?? null);

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
          setRun((r) => r + 1);
          setPosition(0);
        }}
        data-testid="playlist-play"
      >
        {t('library.playlists.play')}
      </Button>
      {current ? (
        <>
          <Text aria-live="polite" data-testid="playlist-now-playing" data-track={current.id}>
            {t('library.playlists.nowPlaying', { title: current.title })}
          </Text>
          <AudioPlayer
            key={`${run}-${position}`}
            title={current.title}
            m4a={current.m4a ?? undefined}
            mp3={current.mp3 ?? undefined}
            waveform={current.waveform ?? undefined}
            durationSeconds={current.durationSeconds ?? undefined}
            volume={flags.volume}
            autoPlay
            onEnded={() => {
              const next = nextPosition(position ?? 0, tracks.length, flags);
              if (next === null) return;
              setRun((r) => r + 1);
              setPosition(next);
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}
