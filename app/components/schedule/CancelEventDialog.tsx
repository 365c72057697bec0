import { Box, Button, chakra, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmittingIntent } from '#app/lib/forms/useSubmitting';

/**
 * "Cancel this event" behind a confirmation dialog; the confirm button posts intent=cancel. An
 * occurrence of a series asks first whether the later occurrences go too (docs/decisions/0080).
 */
export function CancelEventDialog({ action, inSeries = false }: { action?: string; inSeries?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const busy = useSubmittingIntent() === 'cancel';
  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} role="alertdialog" placement="center" size="md">
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red" bg="bg" data-testid="cancel-event">
          {t('schedule.cancel.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('schedule.cancel.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('schedule.cancel.body')}</Text>
              {inSeries ? (
                <Box as="fieldset" borderWidth="0" p="0" m="0" mt="4" data-testid="cancel-scope">
                  <Text as="legend" fontWeight="semibold" mb="2">
                    {t('schedule.series.cancelScope')}
                  </Text>
                  <Stack gap="2">
                    {(['this', 'following'] as const).map((scope) => (
                      <chakra.label key={scope} display="flex" alignItems="center" gap="2" cursor="pointer">
                        <chakra.input type="radio" form="cancel-event" name="scope" value={scope} defaultChecked={scope === 'this'} w="5" h="5" data-testid={`cancel-scope-${scope}`} />
                        <span>{t(scope === 'this' ? 'schedule.series.cancelThis' : 'schedule.series.cancelFollowing')}</span>
                      </chakra.label>
                    ))}
                  </Stack>
                </Box>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" data-testid="cancel-keep">
                  {t('schedule.cancel.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Form method="post" action={action} id="cancel-event">
                <Button type="submit" name="intent" value="cancel" colorPalette="red" loading={busy} data-testid="cancel-confirm">
                  {t('schedule.cancel.confirm')}
                </Button>
              </Form>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('schedule.cancel.keep')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
