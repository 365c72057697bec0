import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EventForm } from '#app/components/schedule/EventForm';
import type { EventFormValues } from '#app/lib/events/form';
import type { Language } from '#app/lib/config/tenant';

export interface ScheduleTabData {
  values: EventFormValues;
  languages: Language[];
  timeZones: string[];
}

/**
 * The dashboard's ScheduleEvent tab: organizers and admins get the event form (it posts to
 * /scheduleEvents, which shows errors and the saved event); members an explanation.
 */
export function ScheduleEventTab({ schedule }: { schedule: ScheduleTabData | null }) {
  const { t } = useTranslation();
  if (!schedule) {
    return (
      <Stack gap="4" data-testid="schedule-event-tab">
        <Alert.Root status="info" borderRadius="l2" data-testid="schedule-members-only">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontWeight="semibold">{t('dashboard.schedule.memberTitle')}</Alert.Title>
            <Alert.Description>{t('dashboard.schedule.memberText')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text fontWeight="semibold">{t('dashboard.schedule.instead')}</Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" flexWrap="wrap" data-testid="member-actions">
          <Button asChild colorPalette="brand">
            <Link to="/userDashboard?tab=MyEvents">{t('dashboard.schedule.myEvents')}</Link>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <Link to="/liveEvents">{t('dashboard.schedule.browse')}</Link>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <Link to="/userDashboard?tab=Media">{t('dashboard.schedule.media')}</Link>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <Link to="/userDashboard?tab=Orders">{t('dashboard.schedule.orders')}</Link>
          </Button>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('dashboard.schedule.becomeOrganizer')}{' '}
          <Link to="/requestInfo?topic=other" data-testid="become-organizer">{t('dashboard.schedule.becomeOrganizerLink')}</Link>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="6" data-testid="schedule-event-tab">
      <Box p="4" borderRadius="l2" bg="bg.subtle" borderWidth="1px" borderColor="border">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }}>
          <Text fontSize="sm">{t('dashboard.schedule.rehearseText')}</Text>
          <Button asChild size="sm" variant="outline" colorPalette="brand" bg="bg" flexShrink={0}>
            <Link to="/testScheduler">{t('dashboard.schedule.rehearse')}</Link>
          </Button>
        </Stack>
      </Box>
      <EventForm mode="create" action="/scheduleEvents" values={schedule.values} languages={schedule.languages} timeZones={schedule.timeZones} />
    </Stack>
  );
}
