/**
 * The picture part of the stage. On phones and tablets (below lg) it is a 16:9 box as wide as the
 * column, never taller than about a third of the screen, so the video is never squeezed into a
 * strip by the controls or the chat; from lg it fills the stage column. Either way a speaker's
 * picture is shown whole (letterboxed when its shape differs), never cropped to fit.
 */
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The tallest the phone's stage picture gets, as a share of the screen's height. */
const PHONE_MAX_DVH = 36;

export function StageVideo({ audioOnly, children }: { audioOnly: boolean; children: ReactNode }) {
  return (
    <Box
      position="relative"
      flex={{ base: '0 0 auto', lg: '1 1 0' }}
      minH="0"
      alignSelf="center"
      w={audioOnly ? 'full' : { base: `min(100%, calc(${PHONE_MAX_DVH}dvh * 16 / 9))`, lg: 'full' }}
      aspectRatio={audioOnly ? undefined : { base: '16 / 9', lg: 'auto' }}
      h={audioOnly ? { base: '12rem', lg: 'auto' } : undefined}
      overflowY={audioOnly ? 'auto' : undefined}
      data-testid="stage-video"
      css={{ '& .lk-participant-media-video': { objectFit: 'contain' } }}
    >
      {children}
    </Box>
  );
}
