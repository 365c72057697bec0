import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { exportHref } from '#app/lib/registration/api';

/** The organizer's download of an event's registrations with their answers (docs/decisions/0083). */
export function RegistrationsExport({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" align="flex-start" data-testid="registrations-export">
      <Heading as="h2" size="md">
        {t('registration.export.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('registration.export.intro')}
      </Text>
      <Button asChild variant="outline" w={{ base: 'full', md: 'auto' }}>
        <a href={exportHref(eventId)} download data-testid="registrations-download">
          {t('registration.export.download')}
        </a>
      </Button>
    </Stack>
  );
}
