import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmittingIntent } from '#app/lib/forms/useSubmitting';

/** "Cancel this event" behind a confirmation dialog; the confirm button posts intent=cancel. */
export function CancelEventDialog({ action }: { action?: string }) {
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
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" data-testid="cancel-keep">
                  {t('schedule.cancel.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Form method="post" action={action}>
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
