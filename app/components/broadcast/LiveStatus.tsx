/** The live status panel of the key screens: idle → connecting → live → ended, with bitrate and size. */
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BroadcastState, BroadcastStatus } from '#app/lib/broadcast/model';
import { useBroadcastStatus } from './useBroadcastStatus';

const PALETTE: Record<BroadcastStatus, string> = { idle: 'gray', connecting: 'orange', live: 'red', ended: 'blue' };

export function LiveStatus({ eventId, initial }: { eventId: string; initial: BroadcastState | null }) {
  const { t } = useTranslation();
  const { state, failing } = useBroadcastStatus(eventId, initial);
  const status = state?.status ?? 'idle';
  const active = status === 'connecting' || status === 'live';
  return (
    <Stack gap="2" as="section" aria-labelledby="live-status-heading">
      <Text id="live-status-heading" fontWeight="semibold">
        {t('broadcast.status.label')}
      </Text>
      <HStack gap="3" flexWrap="wrap" aria-live="polite">
        <Badge colorPalette={PALETTE[status]} size="lg" data-testid="live-status" data-status={status}>
          {t(`broadcast.status.${status}`)}
        </Badge>
        {active && state?.width && state.height ? <Text data-testid="live-resolution">{t('broadcast.status.resolution', { width: state.width, height: state.height })}</Text> : null}
        {active && state?.bitrateKbps ? <Text data-testid="live-bitrate">{t('broadcast.status.bitrate', { kbps: state.bitrateKbps })}</Text> : null}
      </HStack>
      {status === 'ended' && state?.mediaId ? (
        <Text color="fg.muted" data-testid="live-kept" data-media-id={state.mediaId}>
          {t('broadcast.status.kept')}
        </Text>
      ) : null}
      {failing ? (
        <Text color="fg.error" fontSize="sm" role="status">
          {t('broadcast.status.unavailable')}
        </Text>
      ) : null}
    </Stack>
  );
}
