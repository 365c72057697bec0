/**
 * A confirmation for a destructive action (role alertdialog): title, one sentence, Cancel and a red
 * confirm button. Controlled by the caller; `trigger` (optional) is the element that opens it.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  /** The dialog's test id; its confirm button gets `<testId>-confirm`. */
  testId: string;
  confirmTestId?: string;
  trigger?: React.ReactNode;
}

export function ConfirmDialog({ open, onOpenChange, title, body, confirm, cancel, onConfirm, testId, confirmTestId, trigger }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} role="alertdialog" placement="center">
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="2" flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{cancel}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                data-testid={confirmTestId ?? `${testId}-confirm`}
                onClick={() => {
                  onOpenChange(false);
                  onConfirm();
                }}
              >
                {confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
