/**
 * The page when the room cannot be entered: blocked, or the event is over, expired or cancelled.
 * Room routes have no site header, so it carries the tenant's logo (a link home) itself.
 */
import { Alert, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EndedRecordingDownload } from '#app/components/recording/EndedRecordingDownload';
import { previewHref } from '#app/lib/events/model';
import { RoomBrandHeader } from '#app/components/live/room/RoomBrandHeader';

export type ClosedReason = 'blocked' | 'ended' | 'expired' | 'cancelled' | 'removed';

export function RoomClosedState({ reason, eventId, title }: { reason: ClosedReason; eventId: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <RoomBrandHeader />
      <Container maxW="3xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }} data-testid={`room-${reason}`}>
        <Stack gap="6">
          {title && reason !== 'blocked' && (
            <Text color="fg.muted" fontWeight="medium">
              {title}
            </Text>
          )}
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t(`live.closed.${reason}Title`)}
          </Heading>
          <Alert.Root status={reason === 'blocked' || reason === 'removed' ? 'error' : 'info'} borderRadius="l3">
            <Alert.Indicator />
            <Alert.Description>{t(`live.closed.${reason}Body`)}</Alert.Description>
          </Alert.Root>
          {(reason === 'ended' || reason === 'expired') && <EndedRecordingDownload eventId={eventId} />}
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand">
              <Link to="/liveEvents">{t('live.closed.browse')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/eventsCalendar">{t('live.closed.calendar')}</Link>
            </Button>
            {reason !== 'blocked' && reason !== 'removed' && (
              <Button asChild variant="ghost">
                <Link to={previewHref(eventId)}>{t('live.closed.details')}</Link>
              </Button>
            )}
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
