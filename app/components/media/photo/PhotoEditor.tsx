/**
 * /photoEditor's editor (docs/decisions/0045): open a picture (file or library), edit it as a list
 * of operations (app/lib/photo/operations.ts) with undo/redo, and save the rendered result as a new
 * library image through the upload path.
 */
import { Alert, Box, Button, Grid, HStack, Link, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustmentsOf, CROP_PRESETS, filterOf, normalizeCrop, type Adjustments, type CropPresetId, type Rect } from '#app/lib/photo/operations';
import type { PickableImage } from '#app/lib/photo/picker';
import { canvasToFile, loadImage, renderEdit } from '#app/lib/photo/render.client';
import { CropArea } from './CropArea';
import { AdjustPanel, CropShapePanel, HistoryBar, OrientationPanel, Panel, ResizePanel } from './EditorPanels';
import { SourcePicker } from './SourcePicker';
import { useEditPreview, useUndoKeys, type OpenedPicture } from './useEditPreview';
import { useLibrarySave } from './useLibrarySave';

const sameAdjustments = (a: Adjustments, b: Adjustments) => a.brightness === b.brightness && a.contrast === b.contrast && a.saturation === b.saturation;
/** How long the sliders rest before their values become one undoable step. */
const ADJUST_SETTLE_MS = 350;

export function PhotoEditor({ images, libraryFailed, initial, libraryHref }: { images: PickableImage[]; libraryFailed: boolean; initial: PickableImage | null; libraryHref: string | null }) {
  const { t } = useTranslation();
  const [picture, setPicture] = useState<OpenedPicture | null>(null);
  const [opening, setOpening] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const edit = useEditPreview(picture);
  const saver = useLibrarySave('photoEditor');
  const [presetId, setPresetId] = useState<CropPresetId>('free');
  const [free, setFree] = useState({ width: '', height: '' });
  const [area, setArea] = useState<Rect | null>(null);
  const committed = adjustmentsOf(edit.history.done);
  const [draft, setDraft] = useState<Adjustments>(committed);
  const [renderFailed, setRenderFailed] = useState(false);
  useUndoKeys(picture !== null, edit.undo, edit.redo);

  async function open(src: Blob | string, name: string) {
    setOpening(true);
    setOpenFailed(false);
    try {
      const image = await loadImage(src);
      edit.reset();
      saver.reset();
      setArea(null);
      setPicture({ image, name });
      setFree({ width: String(image.naturalWidth), height: String(image.naturalHeight) });
    } catch {
      setOpenFailed(true);
    } finally {
      setOpening(false);
    }
  }

  const opened = useRef(false);
  useEffect(() => {
    if (initial && !opened.current) {
      opened.current = true;
      void open(initial.src, initial.title);
    }
    // Once, for the image the address names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  // The sliders follow the history (undo, redo); a settled change becomes one step.
  const committedKey = JSON.stringify(committed);
  useEffect(() => setDraft(committed), [committedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (sameAdjustments(draft, committed)) return;
    const timer = setTimeout(() => edit.push({ type: 'adjust', ...draft }), ADJUST_SETTLE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, committedKey]);

  const preset = CROP_PRESETS.find((p) => p.id === presetId)!;
  const freeW = Number(free.width);
  const freeH = Number(free.height);
  const freeAspect = freeW > 0 && freeH > 0 ? freeW / freeH : edit.current.width / Math.max(1, edit.current.height);
  const aspect = preset.aspect ?? freeAspect;

  function applyCrop() {
    if (!area) return;
    const rect = normalizeCrop(area, edit.current, aspect);
    edit.push({ type: 'crop', ...rect, ...(preset.exact ? { exact: { ...preset.exact } } : {}) });
  }

  async function save() {
    if (!picture) return;
    setRenderFailed(false);
    let file: File;
    try {
      file = await canvasToFile(renderEdit(picture.image, edit.history.done, true), `${picture.name}-edited`);
    } catch {
      setRenderFailed(true);
      return;
    }
    await saver.save(file);
  }

  if (!picture) {
    return (
      <Stack gap="4">
        {opening ? (
          <HStack role="status" gap="2" data-testid="photo-opening">
            <Spinner size="sm" />
            <Text>{t('photo.editor.source.opening')}</Text>
          </HStack>
        ) : null}
        {openFailed ? (
          <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="photo-open-failed">
            <Alert.Indicator />
            <Alert.Description>{t('photo.editor.source.openFailed')}</Alert.Description>
          </Alert.Root>
        ) : null}
        <SourcePicker images={images} libraryFailed={libraryFailed} busy={opening} onFile={(file) => void open(file, file.name)} onLibrary={(image) => void open(image.src, image.title)} />
      </Stack>
    );
  }

  const saving = saver.state.name === 'saving';
  const filter = filterOf(draft);
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(18rem, 2fr)' }} gap="6" data-testid="photo-editor">
      <Stack gap="3" minW="0">
        <HistoryBar canUndo={edit.history.done.length > 0} canRedo={edit.history.undone.length > 0} steps={edit.history.done.length} onUndo={edit.undo} onRedo={edit.redo} />
        {edit.preview ? (
          <CropArea
            key={`${edit.preview.url}|${presetId}|${aspect}`}
            image={edit.preview.url}
            aspect={aspect}
            filter={filter}
            label={t('photo.editor.crop.area')}
            zoomLabel={t('photo.editor.crop.zoom')}
            onArea={setArea}
            testId="photo-crop"
          />
        ) : (
          <HStack role="status" gap="2" h={{ base: '64', md: '96' }} justify="center">
            <Spinner size="sm" />
            <Text>{t('photo.editor.source.opening')}</Text>
          </HStack>
        )}
        <Text fontWeight="medium" aria-live="polite" data-testid="photo-result" data-width={edit.current.width} data-height={edit.current.height}>
          {t('photo.editor.result', { width: edit.current.width, height: edit.current.height })}
        </Text>
        <Box>
          <Button variant="ghost" size="sm" onClick={() => setPicture(null)} disabled={saving} data-testid="photo-another">
            {t('photo.editor.source.another')}
          </Button>
        </Box>
      </Stack>
      <Stack gap="4" minW="0">
        <CropShapePanel presetId={presetId} onPreset={setPresetId} free={free} onFree={setFree} onApply={applyCrop} canApply={area !== null} />
        <OrientationPanel onOp={edit.push} />
        <ResizePanel current={edit.current} onOp={edit.push} />
        <AdjustPanel value={draft} onChange={setDraft} />
        <Panel title={t('photo.editor.save.title')} testId="photo-save-panel">
          <Button colorPalette="brand" onClick={() => void save()} loading={saving} disabled={!saver.ready || saving} data-testid="photo-save">
            {t('photo.editor.save.save')}
          </Button>
          {saver.state.name === 'saving' ? (
            <Box role="status" aria-live="polite">
              <Progress.Root value={saver.state.percent} colorPalette="brand" size="sm" aria-label={t('photo.editor.save.saving', { percent: saver.state.percent })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text mt="1" fontSize="sm">
                {t('photo.editor.save.saving', { percent: saver.state.percent })}
              </Text>
            </Box>
          ) : null}
          {saver.state.name === 'saved' ? (
            <Alert.Root status="success" borderRadius="l2" data-testid="photo-saved" data-media-id={saver.state.item.id}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{t('photo.editor.save.saved')}</Alert.Description>
                {libraryHref ? (
                  <Link href={libraryHref} fontWeight="medium" mt="1">
                    {t('photo.editor.save.openLibrary')}
                  </Link>
                ) : null}
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {saver.state.name === 'failed' || renderFailed ? (
            <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="photo-save-failed">
              <Alert.Indicator />
              <Alert.Description>{renderFailed ? t('photo.editor.save.renderFailed') : t('photo.editor.save.failed', { message: saver.state.name === 'failed' ? saver.state.message : '' })}</Alert.Description>
            </Alert.Root>
          ) : null}
        </Panel>
      </Stack>
    </Grid>
  );
}
