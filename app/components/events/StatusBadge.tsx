import { Badge, Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EventStatus } from '#app/lib/events/model';

const PALETTE: Record<EventStatus, string> = {
  scheduled: 'brand',
  open: 'green',
  live: 'red',
  ended: 'gray',
  expired: 'gray',
  cancelled: 'orange',
};

/** The lifecycle state as a coloured badge; "live" carries a dot so it does not rely on colour alone. */
export function StatusBadge({ status, size = 'md' }: { status: EventStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} colorPalette={PALETTE[status]} variant={status === 'live' ? 'solid' : 'subtle'} gap="1.5" data-testid="event-status" data-status={status}>
      {status === 'live' ? <Box as="span" aria-hidden="true" w="2" h="2" borderRadius="full" bg="currentColor" /> : null}
      {t(`events.status.${status}`)}
    </Badge>
  );
}
