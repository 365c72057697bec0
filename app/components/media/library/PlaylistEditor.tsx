/**
 * One playlist: its title, its tracks in play order (moved with Up/Down buttons, which keep the
 * keyboard focus on the moved track; removed; added from the library's audio), its flags and
 * volume, saved together; and the player.
 */
import { Alert, Button, Checkbox, Field, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import type { PlaylistTrack } from '#app/lib/media/library';
import { PLAYLIST_TITLE_MAX, type Playlist, type PlaylistFlags } from '#app/lib/media/playlist';
import { CharCounter } from '#app/components/forms/CharCounter';
import { charCount } from '#app/lib/forms/text';
import { controlId, describeControl, errorId } from '#app/components/forms/Fields';
import { PlaylistPlayer } from './PlaylistPlayer';
import { useLibraryApi } from './useLibraryApi';

interface Props {
  playlist: Playlist;
  tracks: PlaylistTrack[];
  audio: PlaylistTrack[];
}

const FLAG_NAMES = ['playAll', 'shuffle', 'loop', 'repeat'] as const;

export function PlaylistEditor({ playlist, tracks: initialTracks, audio }: Props) {
  const { t } = useTranslation();
  const api = useLibraryApi('playlists');
  const navigate = useNavigate();
  const [title, setTitle] = useState(playlist.title);
  const [tracks, setTracks] = useState(initialTracks);
  const [flags, setFlags] = useState<PlaylistFlags>({ playAll: playlist.playAll, shuffle: playlist.shuffle, loop: playlist.loop, repeat: playlist.repeat, volume: playlist.volume });
  const [adding, setAdding] = useState('');
  const [dirty, setDirty] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const focusAfterMove = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const result = api.result;
  const sentIntent = api.sent?.intent;
  useEffect(() => {
    if (result?.ok && sentIntent === 'save') setDirty(false);
    if (result?.ok && sentIntent === 'delete') navigate('/audioPlaylistUpload');
  }, [result, sentIntent, navigate]);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const [id, direction] = target.split(':');
    const button = buttons.current.get(target);
    (button && !button.disabled ? button : buttons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`))?.focus();
  }, [tracks]);

  const change = <T,>(apply: (value: T) => void) => (value: T) => {
    apply(value);
    setDirty(true);
  };

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= tracks.length) return;
    const next = [...tracks];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    focusAfterMove.current = `${moved!.id}:${by < 0 ? 'up' : 'down'}`;
    setTracks(next);
    setDirty(true);
    setAnnounce(t('library.playlists.moved', { title: moved!.title, position: to + 1 }));
  }

  const available = audio.filter((a) => !tracks.some((track) => track.id === a.id));
  const errors = result && !result.ok ? result.fieldErrors ?? {} : {};

  return (
    <Stack as="section" gap="5" flex="1" minW="0" w="100%" aria-labelledby="playlist-title" data-testid="playlist-editor">
      <Field.Root invalid={Boolean(errors.title)} required ids={{ control: controlId('playlist-edit', 'title'), errorText: errorId('playlist-edit', 'title') }}>
        <Field.Label id="playlist-title">{t('library.edit.fieldTitle')}</Field.Label>
        <Input
          value={title}
          onChange={(e) => change(setTitle)(e.currentTarget.value)}
          data-testid="playlist-title"
          {...describeControl({ form: 'playlist-edit', name: 'title', invalid: Boolean(errors.title), counted: true })}
        />
        <CharCounter form="playlist-edit" name="title" count={charCount(title)} max={PLAYLIST_TITLE_MAX} />
        {errors.title ? <Field.ErrorText data-testid="playlist-title-error">{t(errors.title, { max: PLAYLIST_TITLE_MAX })}</Field.ErrorText> : null}
      </Field.Root>

      <Stack gap="2">
        <Heading as="h3" size="md">
          {t('library.playlists.tracks')}
        </Heading>
        <Text aria-live="polite" srOnly data-testid="playlist-announce">
          {announce}
        </Text>
        {tracks.length === 0 ? (
          <Text color="fg.muted">{t('library.playlists.noTracks')}</Text>
        ) : (
          <Stack as="ol" listStyleType="none" gap="2" data-testid="playlist-tracks">
            {tracks.map((track, index) => (
              <HStack as="li" key={track.id} gap="2" p="2" borderWidth="1px" borderRadius="l2" data-testid="playlist-track" data-id={track.id}>
                <Text color="fg.muted" fontSize="sm" minW="6" aria-hidden>
                  {index + 1}.
                </Text>
                <Text flex="1" minW="0" truncate title={t('library.playlists.position', { position: index + 1, count: tracks.length })}>
                  {track.title}
                </Text>
                <IconButton
                  size="sm"
                  variant="outline"
                  aria-label={t('library.playlists.up', { title: track.title })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  ref={(el) => void buttons.current.set(`${track.id}:up`, el)}
                  data-testid="playlist-up"
                >
                  ↑
                </IconButton>
                <IconButton
                  size="sm"
                  variant="outline"
                  aria-label={t('library.playlists.down', { title: track.title })}
                  disabled={index === tracks.length - 1}
                  onClick={() => move(index, 1)}
                  ref={(el) => void buttons.current.set(`${track.id}:down`, el)}
                  data-testid="playlist-down"
                >
                  ↓
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('library.playlists.remove', { title: track.title })}
                  onClick={() => change(setTracks)(tracks.filter((x) => x.id !== track.id))}
                  data-testid="playlist-remove"
                >
                  ✕
                </IconButton>
              </HStack>
            ))}
          </Stack>
        )}
        {errors.trackIds ? (
          <Text color="fg.error" role="alert">
            {t(errors.trackIds)}
          </Text>
        ) : null}
        {available.length === 0 ? (
          tracks.length === 0 ? <Text color="fg.muted">{t('library.playlists.noAudio')}</Text> : null
        ) : (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-end' }}>
            <Field.Root flex="1">
              <Field.Label>{t('library.playlists.addTrack')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={adding} onChange={(e) => setAdding(e.currentTarget.value)} data-testid="playlist-add-select">
                  <option value="" />
                  {available.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              variant="outline"
              disabled={!adding}
              onClick={() => {
                const found = available.find((a) => a.id === adding);
                if (found) change(setTracks)([...tracks, found]);
                setAdding('');
              }}
              data-testid="playlist-add"
            >
              {t('library.playlists.add')}
            </Button>
          </Stack>
        )}
      </Stack>

      <Stack as="fieldset" gap="2">
        {FLAG_NAMES.map((name) => (
          <Checkbox.Root key={name} checked={flags[name]} onCheckedChange={(d) => change(setFlags)({ ...flags, [name]: d.checked === true })} data-testid={`playlist-flag-${name}`}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`library.playlists.${name}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        <Field.Root maxW="xs">
          <Field.Label>{t('library.playlists.volume')}</Field.Label>
          <Input
            type="number"
            min={0}
            max={1}
            step={0.1}
            value={flags.volume}
            onChange={(e) => change(setFlags)({ ...flags, volume: Number(e.currentTarget.value) })}
            data-testid="playlist-volume"
          />
          {errors.volume ? <Field.ErrorText>{t(errors.volume)}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>

      {result && !dirty ? (
        <Alert.Root status={result.ok ? 'success' : 'error'} role="status" data-testid="playlist-result">
          <Alert.Indicator />
          <Alert.Title>{result.ok ? t('library.playlists.saved') : result.message}</Alert.Title>
        </Alert.Root>
      ) : dirty ? (
        <Text color="fg.muted" data-testid="playlist-unsaved">
          {t('library.playlists.unsaved')}
        </Text>
      ) : null}
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="brand"
          loading={api.busy && sentIntent === 'save'}
          onClick={() => api.send({ intent: 'save', id: playlist.id, title, trackIds: tracks.map((x) => x.id), ...flags })}
          data-testid="playlist-save"
        >
          {t('library.playlists.save')}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)} data-testid="playlist-delete">
          {t('library.playlists.delete')}
        </Button>
      </HStack>

      <PlaylistPlayer tracks={tracks} flags={flags} />

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('library.playlists.deleteTitle', { title: playlist.title })}
        body={t('library.playlists.deleteBody')}
        confirm={t('library.playlists.delete')}
        cancel={t('library.remove.cancel')}
        onConfirm={() => api.send({ intent: 'delete', id: playlist.id })}
        testId="playlist-delete-confirm"
      />
    </Stack>
  );
}
