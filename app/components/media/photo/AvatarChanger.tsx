/**
 * /profilePhotoChanger's changer (docs/decisions/0045): a picture from the camera or a file,
 * cropped to a square, rendered at AVATAR_SIDE, saved through the upload path (kind image, so the
 * pipeline makes every size) and then made the person's avatar; the page's data, the header's
 * included, reloads at once.
 */
import { Alert, Box, Button, Field, Heading, HStack, Input, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#app/lib/media/model';
import { AVATAR_SIDE } from '#app/lib/photo/avatar';
import { normalizeCrop, type Rect } from '#app/lib/photo/operations';
import { canvasToFile, loadImage, renderEdit } from '#app/lib/photo/render.client';
import { useRootData } from '#app/lib/rootData';
import { Initials } from '#app/components/shell/AccountMenu';
import { CropArea } from './CropArea';
import { Panel } from './EditorPanels';
import { useCameraSnapshot } from './useCameraSnapshot';
import { useLibrarySave } from './useLibrarySave';

type Answer = { ok: true; avatarUrl: string | null } | { ok: false; error: string };

export function AvatarChanger({ avatarUrl }: { avatarUrl: string | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  const camera = useCameraSnapshot();
  const [cameraReady, setCameraReady] = useState(false);
  const [picture, setPicture] = useState<{ image: HTMLImageElement; url: string; name: string } | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const [area, setArea] = useState<Rect | null>(null);
  const saver = useLibrarySave('profilePhotoChanger');
  const fetcher = useFetcher<Answer>();
  const [renderFailed, setRenderFailed] = useState(false);

  async function open(blob: Blob, name: string) {
    setOpenFailed(false);
    saver.reset();
    try {
      const image = await loadImage(blob);
      if (picture) URL.revokeObjectURL(picture.url);
      setArea(null);
      setPicture({ image, url: URL.createObjectURL(blob), name });
    } catch {
      setOpenFailed(true);
    }
  }

  async function snap() {
    const blob = await camera.take();
    setCameraReady(false);
    if (blob) await open(blob, 'camera');
  }

  async function save() {
    if (!picture || !area) return;
    setRenderFailed(false);
    const size = { width: picture.image.naturalWidth, height: picture.image.naturalHeight };
    const rect = normalizeCrop(area, size, 1);
    let file: File;
    try {
      file = await canvasToFile(renderEdit(picture.image, [{ type: 'crop', ...rect, exact: { width: AVATAR_SIDE, height: AVATAR_SIDE } }]), 'avatar');
    } catch {
      setRenderFailed(true);
      return;
    }
    const item = await saver.save(file);
    if (item) fetcher.submit({ intent: 'use', mediaId: item.id }, { method: 'post' });
  }

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = saver.state.name === 'saving' || fetcher.state !== 'idle';
  const removedNow = answer?.ok === true && answer.avatarUrl === null;
  const saved = answer?.ok === true && answer.avatarUrl !== null;
  const cameraError = camera.state.name === 'error' ? camera.state.reason : null;

  return (
    <Stack gap="6">
      <Panel title={t('photo.avatar.current')} testId="avatar-current">
        <HStack gap="4">
          {avatarUrl ? (
            <Box asChild w="24" h="24" borderRadius="full" objectFit="cover" bg="bg.muted">
              <img src={avatarUrl} alt={t('photo.avatar.current')} data-testid="avatar-current-image" />
            </Box>
          ) : (
            <>
              <Initials initials={root?.account?.initials ?? '?'} size="16" />
              <Text color="fg.muted" data-testid="avatar-none">
                {t('photo.avatar.none')}
              </Text>
            </>
          )}
          {avatarUrl ? (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <Button type="submit" variant="outline" size="sm" disabled={busy} data-testid="avatar-remove">
                {t('photo.avatar.remove')}
              </Button>
            </fetcher.Form>
          ) : null}
        </HStack>
        {removedNow ? (
          <Text role="status" data-testid="avatar-removed">
            {t('photo.avatar.removed')}
          </Text>
        ) : null}
      </Panel>

      <Panel title={t('photo.avatar.source')} testId="avatar-source">
        <HStack gap="3" wrap="wrap" align="flex-end">
          {camera.state.name === 'live' ? (
            <>
              <Button colorPalette="brand" onClick={() => void snap()} disabled={!cameraReady} data-testid="avatar-camera-take">
                {t('photo.avatar.camera.take')}
              </Button>
              <Button variant="outline" onClick={() => (camera.close(), setCameraReady(false))}>
                {t('photo.avatar.camera.close')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => void camera.start()} loading={camera.state.name === 'starting'} loadingText={t('photo.avatar.camera.starting')} disabled={busy} data-testid="avatar-camera-start">
              {t('photo.avatar.camera.start')}
            </Button>
          )}
          <Field.Root maxW="sm">
            <Field.Label>{t('photo.avatar.fromFile')}</Field.Label>
            <Input
              type="file"
              accept={ACCEPTED_TYPES.image.join(',')}
              p="1.5"
              disabled={busy}
              data-testid="avatar-file"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void open(file, file.name);
              }}
            />
          </Field.Root>
        </HStack>
        {camera.state.name === 'live' ? (
          <Box asChild w="full" maxW="md" borderRadius="l2" bg="gray.900">
            <video ref={camera.video} muted playsInline autoPlay aria-label={t('photo.avatar.camera.preview')} onLoadedData={() => setCameraReady(true)} data-testid="avatar-camera-preview" />
          </Box>
        ) : null}
        {cameraError ? (
          <Alert.Root status="warning" borderRadius="l2" role="alert" data-testid="avatar-camera-error" data-reason={cameraError}>
            <Alert.Indicator />
            <Alert.Description>{t(`photo.avatar.camera.${cameraError}`)}</Alert.Description>
          </Alert.Root>
        ) : null}
        {openFailed ? (
          <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="avatar-open-failed">
            <Alert.Indicator />
            <Alert.Description>{t('photo.avatar.errors.openFailed')}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Panel>

      {picture ? (
        <Stack as="section" gap="3" aria-labelledby="avatar-crop-title" data-testid="avatar-editor">
          <Heading as="h2" id="avatar-crop-title" size="md">
            {t('photo.avatar.crop')}
          </Heading>
          <Box maxW="xl">
            <CropArea key={picture.url} image={picture.url} aspect={1} round label={t('photo.avatar.area')} zoomLabel={t('photo.avatar.zoom')} onArea={setArea} testId="avatar-crop" />
          </Box>
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="brand" onClick={() => void save()} loading={busy} disabled={!area || busy || !saver.ready} data-testid="avatar-save">
              {t('photo.avatar.save')}
            </Button>
          </HStack>
          {saver.state.name === 'saving' ? (
            <Box role="status" aria-live="polite" maxW="xl">
              <Progress.Root value={saver.state.percent} colorPalette="brand" size="sm" aria-label={t('photo.avatar.saving', { percent: saver.state.percent })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text mt="1" fontSize="sm">
                {t('photo.avatar.saving', { percent: saver.state.percent })}
              </Text>
            </Box>
          ) : fetcher.state !== 'idle' ? (
            <HStack role="status" gap="2">
              <Spinner size="sm" />
              <Text>{t('photo.avatar.saving', { percent: 100 })}</Text>
            </HStack>
          ) : null}
        </Stack>
      ) : null}

      {saved ? (
        <Alert.Root status="success" borderRadius="l2" role="status" data-testid="avatar-saved">
          <Alert.Indicator />
          <Alert.Description>{t('photo.avatar.saved')}</Alert.Description>
        </Alert.Root>
      ) : null}
      {answer?.ok === false || saver.state.name === 'failed' || renderFailed ? (
        <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="avatar-save-failed">
          <Alert.Indicator />
          <Alert.Description>
            {answer?.ok === false ? answer.error : t('photo.avatar.errors.saveFailed', { message: saver.state.name === 'failed' ? saver.state.message : t('photo.editor.save.renderFailed') })}
          </Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
