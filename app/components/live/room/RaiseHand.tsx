/**
 * "Raise hand" / "Lower hand" for the audience: posts raiseHand / lowerHand to the room API and
 * shows the hand as raised only once the server has recorded it. The choice is remembered in this
 * tab so a reload shows it again.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandIcon } from './HandIcon';
import { postRoomAction } from './roomApi';

const storageKey = (eventId: string) => `platform.hand.${eventId}`;

export function RaiseHand({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [raised, setRaised] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  useEffect(() => {
    try {
      setRaised(window.sessionStorage.getItem(storageKey(eventId)) === '1');
    } catch {
      setRaised(false);
    }
  }, [eventId]);

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    const next = !raised;
    const result = await postRoomAction({ eventId, intent: next ? 'raiseHand' : 'lowerHand' });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.message || t(`live.errors.${result.error}`) });
      return;
    }
    setRaised(next);
    setMessage({ kind: 'status', text: next ? t('live.hand.raisedNote') : t('live.hand.loweredNote') });
    try {
      if (next) window.sessionStorage.setItem(storageKey(eventId), '1');
      else window.sessionStorage.removeItem(storageKey(eventId));
    } catch {
      // Without storage the state is simply not remembered across reloads.
    }
  };

  return (
    <Stack gap="2" data-testid="raise-hand">
      <Text fontSize="sm" color="fg.muted">
        {t('live.hand.intro')}
      </Text>
      <HStack>
        <Button
          onClick={() => void toggle()}
          loading={busy}
          colorPalette="brand"
          variant={raised ? 'outline' : 'solid'}
          aria-pressed={raised}
          data-testid={raised ? 'lower-hand' : 'raise-hand-button'}
        >
          <HandIcon /> {raised ? t('live.hand.lower') : t('live.hand.raise')}
        </Button>
      </HStack>
      {message && (
        <Text fontSize="sm" color={message.kind === 'error' ? 'fg.error' : 'fg.muted'} role={message.kind === 'error' ? 'alert' : 'status'} data-testid={`hand-${message.kind}`}>
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
