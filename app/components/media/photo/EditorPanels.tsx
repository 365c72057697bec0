/** The photo editor's tool panels: crop shape, rotate and flip, resize, colour adjustments, undo/redo. */
import { Box, Button, chakra, Checkbox, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_PRESETS, lockedResize, MAX_SIDE, type Adjustments, type CropPresetId, type PhotoOp, type Size } from '#app/lib/photo/operations';

const Range = chakra('input');

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = `${testId}-title`;
  return (
    <Stack as="section" gap="3" aria-labelledby={id} borderWidth="1px" borderColor="border" borderRadius="l3" p="4" data-testid={testId}>
      <Heading as="h2" id={id} size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function CropShapePanel({
  presetId,
  onPreset,
  free,
  onFree,
  onApply,
  canApply,
}: {
  presetId: CropPresetId;
  onPreset: (id: CropPresetId) => void;
  free: { width: string; height: string };
  onFree: (free: { width: string; height: string }) => void;
  onApply: () => void;
  canApply: boolean;
}) {
  const { t } = useTranslation();
  const preset = CROP_PRESETS.find((p) => p.id === presetId)!;
  return (
    <Panel title={t('photo.editor.crop.title')} testId="photo-crop-panel">
      <Field.Root>
        <Field.Label>{t('photo.editor.crop.shape')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={presetId} onChange={(e) => onPreset(e.currentTarget.value as CropPresetId)} data-testid="photo-crop-shape">
            {CROP_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`photo.editor.crop.presets.${p.id}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {presetId === 'free' ? (
        <HStack gap="2" align="flex-end">
          <Field.Root>
            <Field.Label>{t('photo.editor.crop.freeWidth')}</Field.Label>
            <Input type="number" inputMode="numeric" min={1} value={free.width} onChange={(e) => onFree({ ...free, width: e.currentTarget.value })} data-testid="photo-free-width" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('photo.editor.crop.freeHeight')}</Field.Label>
            <Input type="number" inputMode="numeric" min={1} value={free.height} onChange={(e) => onFree({ ...free, height: e.currentTarget.value })} data-testid="photo-free-height" />
          </Field.Root>
        </HStack>
      ) : null}
      {preset.exact ? (
        <Text fontSize="sm" color="fg.muted">
          {t('photo.editor.crop.exact', { width: preset.exact.width, height: preset.exact.height })}
        </Text>
      ) : null}
      <Button colorPalette="brand" onClick={onApply} disabled={!canApply} data-testid="photo-crop-apply">
        {t('photo.editor.crop.apply')}
      </Button>
    </Panel>
  );
}

export function OrientationPanel({ onOp }: { onOp: (op: PhotoOp) => void }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('photo.editor.orientation.title')} testId="photo-orientation-panel">
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => onOp({ type: 'rotate', quarterTurns: 3 })} data-testid="photo-rotate-left">
          {t('photo.editor.orientation.left')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onOp({ type: 'rotate', quarterTurns: 1 })} data-testid="photo-rotate-right">
          {t('photo.editor.orientation.right')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onOp({ type: 'flip', axis: 'horizontal' })} data-testid="photo-flip-horizontal">
          {t('photo.editor.orientation.flipHorizontal')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onOp({ type: 'flip', axis: 'vertical' })} data-testid="photo-flip-vertical">
          {t('photo.editor.orientation.flipVertical')}
        </Button>
      </HStack>
    </Panel>
  );
}

const wholeSide = (s: string) => (/^\d+$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= MAX_SIDE ? Number(s) : null);

/** Width and height of the current picture; with the lock on, the other side follows the one typed. */
export function ResizePanel({ current, onOp }: { current: Size; onOp: (op: PhotoOp) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ width: String(current.width), height: String(current.height), for: `${current.width}x${current.height}` });
  const [lock, setLock] = useState(true);
  const [invalid, setInvalid] = useState(false);
  // A new current size (after any step) resets the fields to it.
  const key = `${current.width}x${current.height}`;
  if (fields.for !== key) setFields({ width: String(current.width), height: String(current.height), for: key });

  function change(side: 'width' | 'height', value: string) {
    setInvalid(false);
    const n = wholeSide(value);
    if (lock && n !== null) {
      const other = lockedResize(current, side, n);
      setFields({ width: side === 'width' ? value : String(other.width), height: side === 'height' ? value : String(other.height), for: key });
    } else setFields({ ...fields, [side]: value });
  }
  function apply() {
    const width = wholeSide(fields.width);
    const height = wholeSide(fields.height);
    if (width === null || height === null) return setInvalid(true);
    if (width !== current.width || height !== current.height) onOp({ type: 'resize', width, height });
  }
  return (
    <Panel title={t('photo.editor.resize.title')} testId="photo-resize-panel">
      <HStack gap="2" align="flex-start">
        <Field.Root invalid={invalid}>
          <Field.Label>{t('photo.editor.resize.width')}</Field.Label>
          <Input type="number" inputMode="numeric" min={1} max={MAX_SIDE} value={fields.width} onChange={(e) => change('width', e.currentTarget.value)} data-testid="photo-resize-width" />
        </Field.Root>
        <Field.Root invalid={invalid}>
          <Field.Label>{t('photo.editor.resize.height')}</Field.Label>
          <Input type="number" inputMode="numeric" min={1} max={MAX_SIDE} value={fields.height} onChange={(e) => change('height', e.currentTarget.value)} data-testid="photo-resize-height" />
        </Field.Root>
      </HStack>
      {invalid ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t('photo.editor.resize.invalid', { max: MAX_SIDE })}
        </Text>
      ) : null}
      <Checkbox.Root checked={lock} onCheckedChange={(d) => setLock(d.checked === true)} data-testid="photo-resize-lock">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('photo.editor.resize.lock')}</Checkbox.Label>
      </Checkbox.Root>
      <Button variant="outline" onClick={apply} data-testid="photo-resize-apply">
        {t('photo.editor.resize.apply')}
      </Button>
    </Panel>
  );
}

const SLIDERS = ['brightness', 'contrast', 'saturation'] as const;

export function AdjustPanel({ value, onChange }: { value: Adjustments; onChange: (value: Adjustments) => void }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('photo.editor.adjust.title')} testId="photo-adjust-panel">
      {SLIDERS.map((name) => (
        <Field.Root key={name}>
          <HStack justify="space-between" w="full">
            <Field.Label>{t(`photo.editor.adjust.${name}`)}</Field.Label>
            <Text fontSize="sm" color="fg.muted" aria-hidden="true">
              {value[name]}%
            </Text>
          </HStack>
          <Range
            type="range"
            min={0}
            max={200}
            step={1}
            value={value[name]}
            aria-label={t(`photo.editor.adjust.${name}`)}
            onChange={(e) => onChange({ ...value, [name]: Number(e.currentTarget.value) })}
            w="full"
            accentColor="var(--chakra-colors-brand-solid)"
            data-testid={`photo-adjust-${name}`}
          />
        </Field.Root>
      ))}
      <Box>
        <Button size="sm" variant="ghost" onClick={() => onChange({ brightness: 100, contrast: 100, saturation: 100 })} data-testid="photo-adjust-reset">
          {t('photo.editor.adjust.reset')}
        </Button>
      </Box>
    </Panel>
  );
}

export function HistoryBar({ canUndo, canRedo, steps, onUndo, onRedo }: { canUndo: boolean; canRedo: boolean; steps: number; onUndo: () => void; onRedo: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" wrap="wrap" data-testid="photo-history">
      <Button size="sm" variant="outline" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="Control+Z" data-testid="photo-undo">
        {t('photo.editor.history.undo')}
      </Button>
      <Button size="sm" variant="outline" onClick={onRedo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z" data-testid="photo-redo">
        {t('photo.editor.history.redo')}
      </Button>
      <Text fontSize="sm" color="fg.muted" data-testid="photo-steps">
        {t('photo.editor.history.steps', { count: steps })}
      </Text>
      <Text fontSize="xs" color="fg.muted" display={{ base: 'none', md: 'block' }}>
        {t('photo.editor.history.hint')}
      </Text>
    </HStack>
  );
}
