/**
 * After stopping: the take to play back, the part to keep, its title, and sending it to the
 * library with a progress bar; a failed upload keeps the take for another try.
 */
import { Alert, Box, Button, chakra, Field, HStack, Input, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { Link as RemixLink } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_EDIT_LIMITS } from '#app/lib/media/model';
import { trimProblem, trimToSend, type Trim } from '#app/lib/media/trim';
import { TrimControl } from './TrimControl';
import type { Take } from './useTakeRecorder';
import { useTakeUpload } from './useTakeUpload';

export function TakePanel({ take, defaultTitle, libraryHref, onAgain }: { take: Take; defaultTitle: string; libraryHref: string | null; onAgain: () => void }) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(take.blob), [take.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const duration = Math.floor(take.durationSeconds * 10) / 10;
  const [trim, setTrim] = useState<Trim>({ startSeconds: 0, endSeconds: duration });
  const [title, setTitle] = useState(defaultTitle);
  const { phase, upload, reset } = useTakeUpload();
  const player = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const playback = {
    ref: player,
    src: url,
    controls: true,
    playsInline: true,
    preload: 'metadata',
    width: 'full',
    borderRadius: 'l2',
    'data-testid': 'capture-playback',
    // The kept part ends where the end handle is.
    onTimeUpdate: (e: React.SyntheticEvent<HTMLMediaElement>) => {
      if (e.currentTarget.currentTime >= trim.endSeconds) e.currentTarget.pause();
    },
  } as const;
  const busy = phase.name === 'uploading';
  const done = phase.name === 'done';
  const invalid = trimProblem(trim, duration) !== null || title.trim() === '';

  // Moving the start handle shows where the kept part begins.
  useEffect(() => {
    if (player.current && player.current.paused) player.current.currentTime = trim.startSeconds;
  }, [trim.startSeconds]);

  return (
    <Stack gap="5" data-testid="capture-take" data-duration={duration}>
      <Text fontWeight="semibold">{t('capture.state.stopped')}</Text>
      {take.video ? (
        <chakra.video {...playback} maxH="60vh" bg="black" aria-label={t('capture.preview.take')} />
      ) : (
        <chakra.audio {...playback} aria-label={t('capture.preview.audio')} />
      )}
      <TrimControl durationSeconds={duration} value={trim} onChange={setTrim} />
      <Field.Root required invalid={title.trim() === ''}>
        <Field.Label>{t('capture.details.title')}</Field.Label>
        <Input value={title} maxLength={MEDIA_EDIT_LIMITS.titleMax} onChange={(e) => setTitle(e.target.value)} disabled={busy || done} data-testid="capture-title" />
      </Field.Root>
      {!done ? (
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" loading={busy} disabled={invalid} onClick={() => void upload(take, title.trim(), trimToSend(trim, duration))} data-testid="capture-upload">
            {phase.name === 'failed' ? t('capture.actions.retry') : t('capture.actions.upload')}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => (reset(), onAgain())} data-testid="capture-again">
            {t('capture.actions.again')}
          </Button>
        </HStack>
      ) : null}
      {busy ? (
        <Box role="status" aria-live="polite">
          <Progress.Root value={phase.percent} colorPalette="brand" size="md" aria-label={t('capture.upload.progress', { percent: phase.percent })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text mt="1" fontSize="sm" data-testid="capture-progress">
            {t('capture.upload.progress', { percent: phase.percent })}
          </Text>
        </Box>
      ) : null}
      {phase.name === 'failed' ? (
        <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="capture-upload-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('capture.upload.failed', { message: phase.message })}</Alert.Title>
            <Alert.Description>{t('capture.upload.kept')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {done ? (
        <Alert.Root status="success" borderRadius="l2" data-testid="capture-done" data-media-id={phase.item.id}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('capture.upload.done')}</Alert.Title>
            <Alert.Description>
              <HStack gap="4" wrap="wrap" mt="2">
                {libraryHref ? (
                  <Link asChild colorPalette="brand" fontWeight="medium">
                    <RemixLink to={libraryHref}>{t('capture.actions.openLibrary')}</RemixLink>
                  </Link>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => (reset(), onAgain())} data-testid="capture-another">
                  {t('capture.actions.another')}
                </Button>
              </HStack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
