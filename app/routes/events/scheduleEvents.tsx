import { Alert, Badge, Box, Button, Container, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { CancelEventDialog } from '#app/components/schedule/CancelEventDialog';
import { EventForm } from '#app/components/schedule/EventForm';
import { PollsPanel } from '#app/components/polls/PollsPanel';
import { EventImages } from '#app/components/schedule/EventImages';
import { ShortLink } from '#app/components/schedule/ShortLink';
import { RegistrationsExport } from '#app/components/registration/RegistrationsExport';
import { lobbyHref, previewHref } from '#app/lib/events/model';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { EventFormFailure, loader } from './scheduleEvents.server';
import { EncoderLink } from '#app/components/broadcast/EncoderLink';
import { i18nHandle } from '#app/lib/handles';

/** /scheduleEvents (organizer, admin): create an event; ?event=<id> edits, cancels and illustrates it. */
export { action, loader } from './scheduleEvents.server';
export const handle = i18nHandle('events', 'forms', 'schedule', 'tickets', 'registration');

function Frame({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="schedule-screen">
      <Stack gap="2" mb={{ base: '6', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text color="fg.muted">{lead}</Text>
      </Stack>
      {children}
    </Container>
  );
}

function Card({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <Box bg="bg" borderWidth={{ base: '0', md: '1px' }} borderColor="border" borderRadius="l3" boxShadow={{ md: 'card' }} p={{ base: '0', md: '8' }} data-testid={testId}>
      {children}
    </Box>
  );
}

export default function ScheduleEvents() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<EventFormFailure>();
  const event = data.event;
  const occurrence = 'series' in data ? data.series : null;
  const action = event ? `/scheduleEvents?event=${event.eventId}` : '/scheduleEvents';
  const noticeRef = useRef<HTMLDivElement>(null);
  // After saving, bring the confirmation (with the short link) into view and focus.
  useEffect(() => {
    if (event?.notice && !failed) noticeRef.current?.focus();
  }, [event?.notice, event?.updatedAt, failed]);

  if (!event) {
    return (
      <Frame title={data.title} lead={t('schedule.lead')}>
        <Card>
          <EventForm
            mode="create"
            action={action}
            values={failed?.values ?? data.values}
            errors={failed?.errors}
            invalidHosts={failed?.invalidHosts}
            message={failed?.message}
            languages={data.languages}
            timeZones={data.timeZones}
            trailerOptions={data.trailerOptions}
            series={failed?.seriesValues ? { values: failed.seriesValues, errors: failed.seriesErrors } : null}
          />
        </Card>
      </Frame>
    );
  }

  const links = (
    <HStack gap="3" flexWrap="wrap">
      <Button asChild variant="outline" colorPalette="brand" bg="bg">
        <Link to={previewHref(event.eventId)} data-testid="open-preview">
          {t('schedule.saved.preview')}
        </Link>
      </Button>
      {event.cancelled ? null : (
        <Button asChild variant="outline" colorPalette="brand" bg="bg">
          <Link to={lobbyHref(event.eventId)} data-testid="open-lobby">
            {t('schedule.saved.lobby')}
          </Link>
        </Button>
      )}
      {event.cancelled ? null : <EncoderLink eventId={event.eventId} />}
    </HStack>
  );

  return (
    <Frame title={data.title} lead={t('schedule.editLead')}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="1">
          <HStack gap="3" flexWrap="wrap">
            <Heading as="h2" size="lg" data-testid="event-title">
              {event.title}
            </Heading>
            <Badge colorPalette={event.cancelled ? 'red' : event.status === 'live' ? 'green' : 'gray'} data-testid="event-status">
              {t(`events.status.${event.status}`)}
            </Badge>
          </HStack>
          <Text color="fg.muted">
            <LocalTime iso={event.eventDateTime} fallbackZone={event.eventTimeZone} />
          </Text>
        </Stack>

        {event.notice && !failed ? (
          <Alert.Root status={event.notice === 'cancelled' ? 'info' : 'success'} borderRadius="l3" ref={noticeRef} tabIndex={-1} data-testid={`notice-${event.notice}`}>
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Title fontWeight="semibold">{t(event.notice === 'cancelled' ? 'schedule.cancel.done' : `schedule.saved.${event.notice}`)}</Alert.Title>
              {event.notice !== 'cancelled' ? (
                <Alert.Description asChild>
                  <Stack gap="3">
                    <ShortLink url={event.shortUrl} label={t('schedule.saved.shortLink')} />
                    {links}
                  </Stack>
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack gap="3">
            {event.cancelled ? null : <ShortLink url={event.shortUrl} label={t('schedule.saved.shortLink')} />}
            {links}
          </Stack>
        )}

        {event.cancelled ? (
          <Alert.Root status="warning" borderRadius="l2" data-testid="event-cancelled">
            <Alert.Indicator />
            <Alert.Title>{t('schedule.errors.cancelled')}</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            <Card>
              <EventForm
                key={failed?.updatedAt ?? event.updatedAt}
                mode="edit"
                action={action}
                values={failed?.values ?? data.values}
                errors={failed?.errors}
                invalidHosts={failed?.invalidHosts}
                message={failed?.message}
                languages={data.languages}
                timeZones={data.timeZones}
                updatedAt={failed?.updatedAt ?? event.updatedAt}
                trailerOptions={data.trailerOptions}
                seatsTaken={failed?.seatsTaken ?? ('seatsTaken' in data ? data.seatsTaken : 0)}
                series={occurrence ? { values: failed?.seriesValues ?? occurrence.values, errors: failed?.seriesErrors, occurrence: { index: occurrence.index, total: occurrence.total } } : null}
              />
            </Card>
            <Card>
              {event.imageError ? (
                <Alert.Root status="warning" borderRadius="l2" mb="4" data-testid="event-image-attach-error">
                  <Alert.Indicator />
                  <Alert.Title>{t(event.imageError)}</Alert.Title>
                </Alert.Root>
              ) : null}
              <EventImages action={action} images={event.images} title={event.title} />
            </Card>
            <Card>
              <PollsPanel eventId={event.eventId} place="dashboard" />
            </Card>
            <Card>
              <RegistrationsExport eventId={event.eventId} />
            </Card>
            <Separator />
            <Stack gap="2" align="flex-start">
              <Text color="fg.muted" fontSize="sm">
                {t('schedule.cancel.body')}
              </Text>
              <CancelEventDialog action={action} inSeries={Boolean(occurrence)} />
            </Stack>
          </>
        )}
      </Stack>
    </Frame>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
