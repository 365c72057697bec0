/**
 * Donation alerts: a line in the chat (DonationLines, in the chat pane) and a toast on the stage
 * (DonationToasts, in the room), for everyone in the room, as the notice arrives. Text only: the
 * donor's name and message are rendered as text, never HTML.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDonationAlerts, useDonationText } from './useDonationAlerts';

const TOAST_MS = 8000;

export function DonationLines() {
  const { t } = useTranslation();
  const alerts = useDonationAlerts();
  const text = useDonationText();
  if (alerts.length === 0) return null;
  return (
    <Stack gap="1" role="log" aria-label={t('chat.donation.label')} data-testid="donation-lines">
      {alerts.map((a) => (
        <Text
          key={a.donationId}
          fontSize="sm"
          px="2"
          py="1"
          borderRadius="l2"
          bg="pink.subtle"
          color="pink.fg"
          overflowWrap="anywhere"
          data-testid="donation-line"
          data-donor={a.donorId}
        >
          {text(a)}
        </Text>
      ))}
    </Stack>
  );
}

export function DonationToasts() {
  const alerts = useDonationAlerts();
  const text = useDonationText();
  const [gone, setGone] = useState<Record<string, true>>({});
  const shown = alerts.filter((a) => !gone[a.donationId]).slice(-2);
  const newest = shown[shown.length - 1]?.donationId;
  useEffect(() => {
    if (!newest) return;
    // A toast goes by itself; the chat line stays.
    const timer = window.setTimeout(() => setGone((g) => ({ ...g, [newest]: true })), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [newest]);
  return (
    // Over the stage, below where private-message toasts appear; never over the chat's composer.
    <Box position="fixed" top={{ base: '28', lg: '36' }} insetStart={{ base: '2', lg: '8' }} insetEnd={{ base: '2', sm: 'auto' }} zIndex="toast" pointerEvents="none" w={{ sm: '22rem' }}>
      <Stack gap="2" aria-live="polite" aria-relevant="additions" data-testid="donation-toasts">
        {shown.map((a) => (
          <Box key={a.donationId} bg="bg.panel" borderWidth="1px" borderColor="pink.emphasized" borderRadius="l3" boxShadow="lg" p="3" data-testid="donation-toast">
            <Text fontSize="sm" fontWeight="semibold" overflowWrap="anywhere">
              {text(a)}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
