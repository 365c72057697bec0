/**
 * The crop frame (react-easy-crop): the picture moves and zooms under a frame of a fixed shape;
 * the frame's rectangle in the picture's pixels goes to `onArea`. Keyboard: the frame takes focus
 * and the arrow keys move the picture; the zoom is a range input.
 */
import { Box, chakra, Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import type { Rect } from '#app/lib/photo/operations';

const Range = chakra('input');

export function CropArea({
  image,
  aspect,
  round,
  filter,
  label,
  zoomLabel,
  onArea,
  testId,
}: {
  image: string;
  aspect: number;
  round?: boolean;
  filter?: string;
  label: string;
  zoomLabel: string;
  onArea: (area: Rect) => void;
  testId: string;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <Stack gap="3">
      <Box position="relative" w="full" h={{ base: '64', md: '96' }} bg="gray.900" borderRadius="l2" overflow="hidden" role="group" aria-label={label} data-testid={testId}>
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          cropShape={round ? 'round' : 'rect'}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_: Area, pixels: Area) => onArea({ x: pixels.x, y: pixels.y, width: pixels.width, height: pixels.height })}
          style={filter && filter !== 'none' ? { mediaStyle: { filter } } : undefined}
          cropperProps={{ role: 'group', 'aria-label': label }}
        />
      </Box>
      <Field.Root>
        <Field.Label>{zoomLabel}</Field.Label>
        <Range type="range" min={1} max={3} step={0.05} value={zoom} aria-label={zoomLabel} onChange={(e) => setZoom(Number(e.currentTarget.value))} w="full" accentColor="var(--chakra-colors-brand-solid)" data-testid={`${testId}-zoom`} />
      </Field.Root>
    </Stack>
  );
}
