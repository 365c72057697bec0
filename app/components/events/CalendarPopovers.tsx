/**
 * The calendar's own overlays, in the tenant's brand: the details of one event (a popover on the
 * event itself) and the list of a crowded day or hour (a dialog for "+N more" and for the week
 * view's grouped blocks). Both close with Esc and give the focus back to what opened them.
 */
import { Badge, Box, Button, CloseButton, Dialog, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { EventImage } from './EventImage';
import { SeriesMark } from './SeriesMark';
import { ZonedTime } from './LocalTime';
import { lobbyHref, previewHref, type EventStatus } from '#app/lib/events/model';

export interface CalEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  status: EventStatus;
  organizerName: string;
  imageUrl: string | null;
  series: boolean;
}

const JOINABLE: readonly EventStatus[] = ['open', 'live'];
const OVER: readonly EventStatus[] = ['ended', 'expired', 'cancelled'];

/** The way in the event offers now: join an open room, register before, or just read about it. */
function EventAction({ event }: { event: CalEvent }) {
  const { t } = useTranslation();
  const joinable = JOINABLE.includes(event.status);
  const label = joinable ? t('events.calendar.join') : OVER.includes(event.status) ? t('events.calendar.view') : t('events.calendar.register');
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button asChild size="sm" colorPalette="brand">
        <Link to={joinable ? lobbyHref(event.id) : previewHref(event.id)} data-testid="calendar-event-action">
          {label}
        </Link>
      </Button>
      {joinable || OVER.includes(event.status) ? null : (
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <Link to={previewHref(event.id)}>{t('events.calendar.details')}</Link>
        </Button>
      )}
    </HStack>
  );
}

/** Title, image, time in the shown zone, organizer and the way in. */
export function EventDetails({ event, zone, titleAs = 'p' }: { event: CalEvent; zone: string; titleAs?: 'p' | 'h3' }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="calendar-event-details">
      <HStack gap="3" align="flex-start">
        <Box w="16" flexShrink={0}>
          <EventImage url={event.imageUrl} title={event.title} ratio={1} />
        </Box>
        <Stack gap="1" minW="0">
          <Text as={titleAs} fontWeight="semibold" lineHeight="short">
            {event.title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <ZonedTime iso={event.start.toISOString()} zone={zone} />
          </Text>
          {event.organizerName ? (
            <Text fontSize="sm" color="fg.muted">
              {t('events.calendar.by', { name: event.organizerName })}
            </Text>
          ) : null}
          {event.series ? <SeriesMark withWord /> : null}
          {event.status !== 'scheduled' ? (
            <Badge alignSelf="flex-start" colorPalette={event.status === 'live' ? 'green' : event.status === 'cancelled' ? 'red' : 'gray'}>
              {t(`events.status.${event.status}`)}
            </Badge>
          ) : null}
        </Stack>
      </HStack>
      <EventAction event={event} />
    </Stack>
  );
}

/** One event in the grid: a button with its title that opens its details. */
export function EventPopover({ event, zone }: { event: CalEvent; zone: string }) {
  const { t } = useTranslation();
  const start = DateTime.fromJSDate(event.start, { zone });
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="cal-event-button"
          data-testid="calendar-event"
          data-event-id={event.id}
          data-local-date={start.toFormat('yyyy-MM-dd')}
          data-local-start={start.toFormat('HH:mm')}
          data-status={event.status}
          data-series={event.series ? 'true' : undefined}
        >
          {event.series ? <SeriesMark /> : null}
          {event.title}
        </button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '18rem', md: '20rem' }} borderTopWidth="4px" borderTopColor="brand.solid" data-testid="calendar-popover">
            <Popover.Arrow />
            <Popover.Body p="4">
              <EventDetails event={event} zone={zone} />
            </Popover.Body>
            <Popover.CloseTrigger asChild position="absolute" top="1" insetEnd="1">
              <CloseButton size="xs" aria-label={t('events.calendar.close')} />
            </Popover.CloseTrigger>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

export interface DayList {
  title: string;
  events: CalEvent[];
  /** What opened the list; the focus goes back to it on close. */
  opener: HTMLElement | null;
}

/** The events of a crowded day ("+N more") or hour (a grouped block), as a branded list. */
export function DayListDialog({ list, zone, onClose }: { list: DayList | null; zone: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={Boolean(list)}
      onOpenChange={(d) => (d.open ? undefined : onClose())}
      placement="center"
      scrollBehavior="inside"
      finalFocusEl={() => (list?.opener?.isConnected ? list.opener : null)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderTopWidth="4px" borderTopColor="brand.solid" data-testid="calendar-day-list">
            <Dialog.Header>
              <Dialog.Title>{list?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
                {list?.events.map((e) => (
                  <Box as="li" key={e.id} pb="4" borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0, pb: 0 }} data-event-id={e.id}>
                    <EventDetails event={e} zone={zone} titleAs="h3" />
                  </Box>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <CloseButton size="sm" aria-label={t('events.calendar.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
