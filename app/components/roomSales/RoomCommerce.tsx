/**
 * What the live room sells (issue 15, parts 6 and 7), in every layout: the pinned sale's card for
 * everyone; Donate for participants (the donation goes to the organizer); the pin controls for
 * the organizer and hosts. Lives inside the room's ChatProvider (the card hears its changes there).
 */
import { Button, CloseButton, Dialog, HStack, Portal, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DonatePanel } from '#app/components/donations/DonatePanel';
import { useRootData } from '#app/lib/rootData';
import { PinControls } from './PinControls';
import { PinnedSaleCard } from './PinnedSaleCard';
import { usePinState } from './usePinState';

export function RoomCommerce({ eventId, staff }: { eventId: string; staff: boolean }) {
  const { t } = useTranslation();
  const { state, change } = usePinState(eventId);
  const [donating, setDonating] = useState(false);
  const donations = useRootData()?.tenant.features.donations ?? false;
  return (
    <Stack gap="2" flexShrink={0} data-testid="room-commerce" data-pin-version={state?.version ?? 'none'}>
      {state?.pin && <PinnedSaleCard key={`${state.pin.kind}:${state.pin.refId}`} pin={state.pin} canBuy={!staff} />}
      {staff ? (
        <PinControls eventId={eventId} state={state} change={change} />
      ) : donations ? (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="pink" onClick={() => setDonating(true)} data-testid="room-donate">
            {t('donations.room.donate')}
          </Button>
        </HStack>
      ) : null}
      <Dialog.Root open={donating} onOpenChange={(d) => setDonating(d.open)} placement="center" size={{ base: 'full', md: 'md' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="room-donate-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('donations.panel.roomTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <DonatePanel eventId={eventId} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('donations.room.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
