import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { useCopy } from '#app/components/schedule/ShortLink';
import { EncoderLink } from '#app/components/broadcast/EncoderLink';
import { EmbedCodeButton } from '#app/components/embed/EmbedCodeDialog';
import { lobbyHref, previewHref, roomHref, type EventKind, type EventStatus, type RoomLayout } from '#app/lib/events/model';

/** One of the user's events, as the dashboard lists it. */
export interface MyEventRow {
  eventId: string;
  title: string;
  kind: EventKind;
  eventDateTime: string;
  eventDuration: number;
  status: EventStatus;
  shortUrl: string;
  layout: RoomLayout;
}

const STATUS_COLOURS: Record<EventStatus, string> = {
  scheduled: 'gray',
  open: 'blue',
  live: 'green',
  ended: 'gray',
  expired: 'gray',
  cancelled: 'red',
};

function CopyButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [state, copy] = useCopy();
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => copy(url)} data-testid="my-event-copy">
        {state === 'copied' ? t('dashboard.myEvents.copied') : t('dashboard.myEvents.copy')}
      </Button>
      <Text as="span" role="status" aria-live="polite" fontSize="xs" color="fg.error">
        {state === 'failed' ? t('dashboard.myEvents.copyFailed') : ''}
      </Text>
    </>
  );
}

/**
 * The way into a coming or running event: the lobby before it starts; once it is live the room
 * itself for its organizer and hosts ("Enter the room") and "Join now" for those holding a place.
 */
function WayIn({ event, staff }: { event: MyEventRow; staff: boolean }) {
  const { t } = useTranslation();
  if (event.status !== 'live') {
    return (
      <Button asChild size="sm" variant="ghost">
        <Link to={lobbyHref(event.eventId)}>{t('dashboard.myEvents.lobby')}</Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm" colorPalette="brand" data-testid="my-event-enter">
      {staff ? <Link to={roomHref(event.layout, event.eventId)}>{t('dashboard.myEvents.enterRoom')}</Link> : <Link to={lobbyHref(event.eventId)}>{t('dashboard.myEvents.joinNow')}</Link>}
    </Button>
  );
}

function EventRow({ event, canEdit, staff, timeZone }: { event: MyEventRow; canEdit: boolean; staff: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const over = event.status === 'ended' || event.status === 'expired' || event.status === 'cancelled';
  return (
    <Box as="li" listStyleType="none" py="4" borderBottomWidth="1px" borderColor="border" data-testid="my-event" data-event-id={event.eventId}>
      <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '4' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" color={over ? 'fg.muted' : 'fg'} textDecoration={event.status === 'cancelled' ? 'line-through' : undefined} data-testid="my-event-title">
              {event.title}
            </Text>
            <Badge colorPalette={STATUS_COLOURS[event.status]} data-testid="my-event-status">
              {t(`events.status.${event.status}`)}
            </Badge>
            {event.kind === 'rehearsal' ? <Badge variant="outline">{t('dashboard.myEvents.rehearsal')}</Badge> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <LocalTime iso={event.eventDateTime} fallbackZone={timeZone} /> · {t('dashboard.myEvents.minutes', { count: event.eventDuration })}
          </Text>
        </Stack>
        <HStack gap="1" flexWrap="wrap" role="group" aria-label={t('dashboard.myEvents.actions', { title: event.title })} flexShrink={0}>
          {canEdit && event.status !== 'cancelled' ? (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <Link to={`/scheduleEvents?event=${event.eventId}`} data-testid="my-event-edit">
                {t('dashboard.myEvents.edit')}
              </Link>
            </Button>
          ) : null}
          {canEdit ? (
            <Button asChild size="sm" variant="ghost">
              <Link to={`/userDashboard?tab=EventAnalytics&event=${event.eventId}`} aria-label={t('analytics.openFor', { title: event.title })} data-testid="my-event-analytics">
                {t('analytics.open')}
              </Link>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="ghost">
            <Link to={previewHref(event.eventId)}>{t('dashboard.myEvents.preview')}</Link>
          </Button>
          {over ? null : <WayIn event={event} staff={staff} />}
          {canEdit && !over ? <EncoderLink eventId={event.eventId} /> : null}
          {event.status === 'cancelled' ? null : <CopyButton url={event.shortUrl} />}
          {canEdit && event.kind === 'event' && event.status !== 'cancelled' ? <EmbedCodeButton target={{ kind: 'event', eventId: event.eventId }} title={event.title} /> : null}
        </HStack>
      </Stack>
    </Box>
  );
}

function EventList({ title, events, empty, canEdit, staff, timeZone, testId, action }: {
  title: string;
  events: MyEventRow[];
  empty: string;
  canEdit: boolean;
  /** The events the user runs (organizes or hosts): once live, they enter the room itself. */
  staff: boolean;
  timeZone: string;
  testId: string;
  action?: React.ReactNode;
}) {
  return (
    <Box as="section" aria-label={title} data-testid={testId}>
      <Heading as="h3" size="md" mb="2">
        {title}
      </Heading>
      {events.length ? (
        <Box as="ul" m="0" p="0" borderTopWidth="1px" borderColor="border">
          {events.map((e) => (
            <EventRow key={e.eventId} event={e} canEdit={canEdit} staff={staff} timeZone={timeZone} />
          ))}
        </Box>
      ) : (
        <Stack gap="3" align="flex-start" py="2">
          <Text color="fg.muted" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
          {action}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The user's events: the quick "Schedule an event" for organizers, the events they registered for
 * or bought a ticket to (upcoming), those they organize (editable) and those they host (for a
 * member, only once they host one).
 */
export function MyEventsTab({ organizing, hosting, attending, organizer, timeZone }: { organizing: MyEventRow[]; hosting: MyEventRow[]; attending: MyEventRow[]; organizer: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const browse = (
    <Button asChild colorPalette="brand" variant="outline" size="sm">
      <Link to="/liveEvents" data-testid="my-events-browse">{t('dashboard.myEvents.browse')}</Link>
    </Button>
  );
  return (
    <Stack gap="8" data-testid="my-events-tab">
      {organizer ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between" align={{ base: 'stretch', sm: 'center' }} p="4" borderRadius="l2" bg="brand.subtle" data-testid="quick-schedule">
          <Text fontWeight="medium">{t('dashboard.myEvents.quickText')}</Text>
          <Button asChild colorPalette="brand" flexShrink={0}>
            <Link to="/userDashboard?tab=ScheduleEvent" data-testid="quick-schedule-link">{t('dashboard.myEvents.quickSchedule')}</Link>
          </Button>
        </Stack>
      ) : null}
      {organizer && !attending.length ? null : (
        <EventList
          title={t('dashboard.myEvents.attending')}
          events={attending}
          empty={t('dashboard.myEvents.emptyAttending')}
          canEdit={false}
          staff={false}
          timeZone={timeZone}
          testId="my-events-attending"
          action={browse}
        />
      )}
      {organizer || organizing.length ? (
        <EventList
          title={t('dashboard.myEvents.organizing')}
          events={organizing}
          empty={t('dashboard.myEvents.emptyOrganizing')}
          canEdit
          staff
          timeZone={timeZone}
          testId="my-events-organizing"
          action={
            organizer ? (
              <Button asChild colorPalette="brand" size="sm">
                <Link to="/scheduleEvents">{t('dashboard.myEvents.scheduleFirst')}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {/* A member sees the events they host only once someone has added them as a host. */}
      {organizer || hosting.length ? (
        <EventList title={t('dashboard.myEvents.hosting')} events={hosting} empty={t('dashboard.myEvents.emptyHosting')} canEdit={false} staff timeZone={timeZone} testId="my-events-hosting" />
      ) : null}
    </Stack>
  );
}
