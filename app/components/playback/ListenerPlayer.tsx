/**
 * /listenerMediaPlayback's player: the one audio player with a playlist around it. Play all (the
 * next track starts when one ends), shuffle (a new order each time play all starts), loop (the
 * list again after its last track), repeat (the same track again), previous and next, a track
 * list to jump to, Shift+N / Shift+P anywhere in the section, and the playlist's volume (1 unless
 * the owner chose another). The flags start as the owner saved them and can be changed while
 * listening; the rules are app/lib/media/playlist.ts's.
 */
import { Box, Button, Checkbox, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioPlayer } from '#app/components/media/player/AudioPlayer';
import { formatDuration } from '#app/components/media/player/format';
import type { PlaylistTrack } from '#app/lib/media/library';
import { nextPosition, playOrder, type PlaylistFlags } from '#app/lib/media/playlist';

type Flag = 'playAll' | 'shuffle' | 'loop' | 'repeat';
const FLAGS: readonly Flag[] = ['playAll', 'shuffle', 'loop', 'repeat'];

export interface ListenerPlayerProps {
  title: string;
  tracks: PlaylistTrack[];
  flags: PlaylistFlags;
  /** A single item: remember the listener's position in it, and start there. */
  remember?: { mediaId: string; startAt: number };
}

export function ListenerPlayer({ title, tracks, flags: saved, remember }: ListenerPlayerProps) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<Omit<PlaylistFlags, 'volume'>>({ playAll: saved.playAll, shuffle: saved.shuffle, loop: saved.loop, repeat: saved.repeat });
  const [seed, setSeed] = useState(0);
  const [position, setPosition] = useState(0);
  // Each start (and each repeat of a track) is a new run: the player remounts and plays at once.
  const [run, setRun] = useState(0);
  const [finished, setFinished] = useState(false);
  // The list's own order until play all starts: a random order made while rendering on the server
  // would differ from the browser's.
  const order = useMemo(() => playOrder(tracks.length, flags.shuffle && seed > 0), [tracks.length, flags.shuffle, seed]);
  const current = tracks[order[position] ?? -1] ?? null;

  const playAt = (next: number) => {
    setFinished(false);
    setPosition(next);
    setRun((r) => r + 1);
  };
  const playAll = () => {
    setSeed((s) => s + 1);
    playAt(0);
  };
  const step = (delta: number) => {
    if (tracks.length === 0) return;
    playAt((position + delta + tracks.length) % tracks.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'N' || event.key === 'n') step(1);
    else if (event.key === 'P' || event.key === 'p') step(-1);
    else return;
    event.preventDefault();
  };

  if (!current) {
    return (
      <Text color="fg.muted" data-testid="listener-empty">
        {t('playback.listener.empty')}
      </Text>
    );
  }
  return (
    <Stack as="section" gap="4" aria-label={title} onKeyDown={onKeyDown} data-testid="listener" data-order={order.map((i) => tracks[i]!.id).join(',')}>
      <Stack gap="1">
        <Text aria-live="polite" fontWeight="semibold" data-testid="listener-now" data-track={current.id} data-position={position} data-run={run}>
          {t('playback.listener.nowPlaying', { title: current.title })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('playback.listener.trackOf', { position: position + 1, count: tracks.length })}
        </Text>
      </Stack>
      <AudioPlayer
        key={`${run}-${position}`}
        title={current.title}
        m4a={current.m4a ?? undefined}
        mp3={current.mp3 ?? undefined}
        waveform={current.waveform ?? undefined}
        durationSeconds={current.durationSeconds ?? undefined}
        volume={saved.volume}
        autoPlay={run > 0}
        startAt={remember && run === 0 ? remember.startAt : undefined}
        rememberAs={remember?.mediaId}
        onEnded={() => {
          const next = nextPosition(position, tracks.length, flags);
          if (next === null) setFinished(true);
          else playAt(next);
        }}
      />
      {finished && (
        <Text role="status" data-testid="listener-finished">
          {t('playback.listener.ended')}
        </Text>
      )}
      <HStack gap="2" flexWrap="wrap">
        <Button colorPalette="brand" onClick={playAll} data-testid="listener-play-all">
          {t('playback.listener.playAll')}
        </Button>
        <Button variant="outline" onClick={() => step(-1)} aria-keyshortcuts="Shift+P" data-testid="listener-previous">
          {t('playback.listener.previous')}
        </Button>
        <Button variant="outline" onClick={() => step(1)} aria-keyshortcuts="Shift+N" data-testid="listener-next">
          {t('playback.listener.next')}
        </Button>
      </HStack>
      <Box as="fieldset">
        <Text as="legend" fontWeight="semibold" mb="2">
          {t('playback.listener.options')}
        </Text>
        <HStack gap="4" flexWrap="wrap">
          {FLAGS.map((flag) => (
            <Checkbox.Root
              key={flag}
              checked={flags[flag]}
              onCheckedChange={(e) => setFlags((f) => ({ ...f, [flag]: e.checked === true }))}
              colorPalette="brand"
              data-testid={`listener-flag-${flag}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`playback.listener.${flag}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('playback.listener.shortcuts')}
      </Text>
      {tracks.length > 1 && (
        <Stack gap="2">
          <Heading as="h2" size="sm">
            {t('playback.listener.tracks')}
          </Heading>
          <List.Root as="ol" ms="5" gap="1">
            {order.map((index, at) => {
              const track = tracks[index]!;
              return (
                <List.Item key={track.id} data-testid="listener-track" data-track={track.id}>
                  <Button
                    variant={at === position ? 'subtle' : 'ghost'}
                    size="sm"
                    aria-current={at === position ? 'true' : undefined}
                    aria-label={t('playback.listener.playTrack', { title: track.title })}
                    onClick={() => playAt(at)}
                  >
                    {track.title}
                    {track.durationSeconds ? ` · ${formatDuration(track.durationSeconds)}` : ''}
                  </Button>
                </List.Item>
              );
            })}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
