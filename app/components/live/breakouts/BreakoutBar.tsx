/**
 * What a person sees of the breakouts above the chat (docs/decisions/0084): the room they are in
 * (or visit) with the countdown back to the main room, the host's last message to every room, the
 * rooms to pick from while the host lets participants choose, and a note once everyone is back.
 * Its strings are fetched when it first shows (the room's document stays small).
 */
import { Alert, Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { defaultRoomName, formatCountdown, secondsLeft, type BreakoutRoom, type BreakoutState } from '#app/lib/breakouts/model';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { useBreakouts } from './useBreakouts';

/** A breakout's name as shown: the default names in the viewer's language, a host's own name as written. */
export function roomLabel(t: TFunction, room: BreakoutRoom): string {
  const n = Number(room.id.slice(1));
  return room.name === defaultRoomName(n) ? t('breakouts.roomName', { n }) : room.name;
}

/** The seconds left, ticking once a second. */
export function useCountdown(state: BreakoutState | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const endsAt = state?.open ? state.endsAt : null;
  useEffect(() => {
    if (!endsAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return state && endsAt ? secondsLeft(state, now) : null;
}

export function BreakoutBar() {
  const { t } = useTranslation();
  const api = useBreakouts();
  const seconds = useCountdown(api?.state ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const shown = Boolean(api && (api.running || api.returned));
  const stringsIn = useNamespace('breakouts');
  if (!api || !shown || !stringsIn) return null;
  const { state, place } = api;
  const message = api.running && state?.message ? state.message : null;
  const mayChoose = api.running && !api.staff && state?.allowChoose;

  const choose = async (roomId: string) => {
    setBusy(roomId);
    setError(null);
    const problem = await api.choose(roomId);
    setBusy(null);
    if (problem) setError(problem);
  };

  if (!api.running) {
    return (
      <Text role="status" fontSize="sm" color="fg.muted" px="1" data-testid="breakout-returned">
        {t('breakouts.you.back')}
      </Text>
    );
  }
  return (
    <Stack gap="2" p="2" borderWidth="1px" borderRadius="l2" bg="bg.subtle" data-testid="breakout-bar" data-room={place?.room.id ?? 'main'}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="sm" data-testid="breakout-place">
          {!place ? t(api.staff ? 'breakouts.title' : 'breakouts.mainRoom') : place.visiting ? t('breakouts.you.visiting', { room: roomLabel(t, place.room) }) : t('breakouts.you.inRoom', { room: roomLabel(t, place.room) })}
        </Text>
        {seconds !== null && (
          <Text fontSize="sm" fontVariantNumeric="tabular-nums" role="timer" aria-live="off" data-testid="breakout-countdown">
            {t('breakouts.endsIn', { time: formatCountdown(seconds) })}
          </Text>
        )}
      </HStack>
      {place?.visiting && (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => api.visit(null)} data-testid="breakout-leave-visit">
          {t('breakouts.leaveVisit')}
        </Button>
      )}
      {message && (
        <Alert.Root status="info" size="sm" data-testid="breakout-message">
          <Alert.Indicator />
          <Box>
            <Alert.Title>{t('breakouts.you.message', { name: message.from })}</Alert.Title>
            <Alert.Description whiteSpace="pre-wrap">{message.text}</Alert.Description>
          </Box>
        </Alert.Root>
      )}
      {mayChoose && state && (
        <Stack gap="1" role="group" aria-label={t('breakouts.you.choose')}>
          <Text fontSize="sm">{t('breakouts.you.choose')}</Text>
          <Wrap gap="2">
            {state.rooms.map((room) => (
              <Button
                key={room.id}
                size="xs"
                variant={place?.room.id === room.id ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={place?.room.id === room.id}
                loading={busy === room.id}
                onClick={() => void choose(room.id)}
                data-testid={`breakout-choose-${room.id}`}
              >
                {t('breakouts.you.join', { room: roomLabel(t, room) })}
              </Button>
            ))}
          </Wrap>
        </Stack>
      )}
      {error && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
