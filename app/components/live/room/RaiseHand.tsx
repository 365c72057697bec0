/**
 * "Raise hand" / "Lower hand" for the audience: posts raiseHand / lowerHand to the room API and
 * shows the hand as raised only once the server has recorded it. The choice is remembered in this
 * tab so a reload shows it again. One hand per page (HandProvider): the stage's controls and the
 * Q&A tab show the same hand, and the stage says what happened to it.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HandIcon } from './HandIcon';
import { postRoomAction } from './roomApi';

const storageKey = (eventId: string) => `platform.hand.${eventId}`;

interface Hand {
  raised: boolean;
  busy: boolean;
  message: { kind: 'error' | 'status'; text: string } | null;
  toggle: () => void;
}

const HandContext = createContext<Hand | null>(null);

/** The audience's hand, for the rooms whose layout lets them raise it (null elsewhere: no control shows). */
export const useHand = () => useContext(HandContext);

export function HandProvider({ eventId, children }: { eventId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [raised, setRaised] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Hand['message']>(null);

  useEffect(() => {
    try {
      setRaised(window.sessionStorage.getItem(storageKey(eventId)) === '1');
    } catch {
      setRaised(false);
    }
  }, [eventId]);

  const toggle = useCallback(async () => {
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
  }, [eventId, raised, t]);

  const hand = useMemo<Hand>(() => ({ raised, busy, message, toggle: () => void toggle() }), [raised, busy, message, toggle]);
  return <HandContext.Provider value={hand}>{children}</HandContext.Provider>;
}

/**
 * The toggle itself; `compact` draws it as one of the stage's controls, and `labelClass` lets the
 * stage hide its words on a crowded phone row (the name stays for screen readers).
 */
export function HandButton({ compact = false, labelClass }: { compact?: boolean; labelClass?: string }) {
  const { t } = useTranslation();
  const hand = useHand();
  if (!hand) return null;
  return (
    <Button
      onClick={hand.toggle}
      loading={hand.busy}
      colorPalette="brand"
      size={compact ? 'sm' : 'md'}
      minH={compact ? '10' : undefined}
      variant={hand.raised ? 'outline' : 'solid'}
      bg={compact && hand.raised ? 'bg' : undefined}
      aria-pressed={hand.raised}
      data-testid={hand.raised ? 'lower-hand' : 'raise-hand-button'}
    >
      <HandIcon /> <span className={labelClass}>{hand.raised ? t('live.hand.lower') : t('live.hand.raise')}</span>
    </Button>
  );
}

/** What became of the hand, said once on the page, under the stage's controls (on the dark stage, or on the page while video is away). */
export function HandMessage({ onStage = true }: { onStage?: boolean }) {
  const hand = useHand();
  if (!hand?.message) return null;
  const { kind, text } = hand.message;
  const color = onStage ? (kind === 'error' ? 'red.300' : 'whiteAlpha.900') : kind === 'error' ? 'fg.error' : 'fg.muted';
  return (
    <Text fontSize="sm" px="2" pb="1" textAlign="center" color={color} role={kind === 'error' ? 'alert' : 'status'} data-testid={`hand-${kind}`}>
      {text}
    </Text>
  );
}

/** The Q&A tab's part: why to raise a hand, and the same toggle as on the stage. */
export function RaiseHand() {
  const { t } = useTranslation();
  if (!useHand()) return null;
  return (
    <Stack gap="2" data-testid="raise-hand">
      <Text fontSize="sm" color="fg.muted">
        {t('live.hand.intro')}
      </Text>
      <HStack>
        <HandButton />
      </HStack>
    </Stack>
  );
}
