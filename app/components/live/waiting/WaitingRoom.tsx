/**
 * The waiting room (docs/decisions/0082): what a participant of an event whose hosts admit
 * participants sees in place of the room until a host lets them in. Branded like the room's other
 * states (the tenant's logo and theme), with the event's title and a message. It knocks once
 * (joins the hosts' queue), then asks for its standing every few seconds; admitted, it reloads the
 * room's data, which now carries the room and its video token; denied, it says so with the host's
 * reason (and keeps asking, less often: a host may still admit them). Its strings are fetched when it first shows (the `waiting` namespace).
 */
import { Alert, Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewHref } from '#app/lib/events/model';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { WAITING_POLL_MS, type WaitingState } from '#app/lib/events/waitingRoom';
import { getStanding, postWaiting, WaitingRefused } from './waitingApi';
import { RoomBrandHeader } from '#app/components/live/room/RoomBrandHeader';

export interface WaitingStanding {
  state: Exclude<WaitingState, 'admitted'>;
  reason: string | null;
}

export function WaitingRoom({ eventId, title, initial }: { eventId: string; title: string; initial: WaitingStanding }) {
  const { t } = useTranslation();
  const stringsIn = useNamespace('waiting');
  const { revalidate } = useRevalidator();
  const [standing, setStanding] = useState<{ state: WaitingState; reason: string | null }>(initial);
  const [offline, setOffline] = useState(false);
  const stopped = useRef(false);

  useEffect(() => {
    stopped.current = false;
    let last: WaitingState = initial.state;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const settle = (state: WaitingState, reason?: string) => {
      setStanding({ state, reason: reason ?? null });
      last = state;
      if (state === 'admitted') stopped.current = true;
      // Admitted: the room's data now carries the room and its token.
      if (state === 'admitted') revalidate();
    };
    const ask = async (first: boolean) => {
      try {
        const answer = first ? await postWaiting<{ state: WaitingState; reason?: string }>({ eventId, action: 'knock' }) : await getStanding(eventId, controller.signal);
        setOffline(false);
        settle(answer.state, answer.reason);
      } catch (e) {
        if (controller.signal.aborted) return;
        if (e instanceof WaitingRefused) {
          // Something else now keeps them out (blocked, ended…): the room's own page says what.
          stopped.current = true;
          revalidate();
          return;
        }
        setOffline(true);
      }
      // A denied person is asked about less often (a host may still admit them).
      if (!stopped.current && !controller.signal.aborted) timer = setTimeout(() => void ask(false), last === 'denied' ? WAITING_POLL_MS * 4 : WAITING_POLL_MS);
    };
    void ask(true);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // Once per event: the standing is then the poll's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  const denied = standing.state === 'denied';
  return (
    <>
      <RoomBrandHeader />
      <Container as="main" maxW="2xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }} data-testid={denied ? 'waiting-denied' : 'waiting-room'} data-state={standing.state}>
        {!stringsIn ? (
          <HStack role="status" gap="3" justify="center" minH="40dvh">
            <Spinner size="sm" />
          </HStack>
        ) : (
          <Stack gap="6" borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg.panel" p={{ base: '6', md: '10' }} borderTopWidth="4px" borderTopColor="brand.solid">
            <Text color="brand.fg" fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="wide">
              {t('waiting.eyebrow')}
            </Text>
            <Text color="fg.muted" fontWeight="medium" data-testid="waiting-event-title">
              {title}
            </Text>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {denied ? t('waiting.deniedTitle') : t('waiting.title')}
            </Heading>
            {denied ? (
              <Alert.Root status="error" borderRadius="l3">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{t('waiting.deniedBody')}</Alert.Description>
                  {standing.reason && <Alert.Description data-testid="waiting-denied-reason">{t('waiting.deniedReason', { reason: standing.reason })}</Alert.Description>}
                </Alert.Content>
              </Alert.Root>
            ) : (
              <>
                <Text fontSize="lg">{t('waiting.message')}</Text>
                <HStack role="status" aria-live="polite" gap="3" color="fg.muted" data-testid="waiting-status">
                  <Spinner size="sm" colorPalette="brand" color="brand.solid" />
                  <Text>{standing.state === 'admitted' ? t('waiting.admitted') : offline ? t('waiting.offline') : t('waiting.checking')}</Text>
                </HStack>
              </>
            )}
            <HStack gap="3" flexWrap="wrap">
              {denied && (
                <Button asChild colorPalette="brand">
                  <Link to="/liveEvents">{t('waiting.browse')}</Link>
                </Button>
              )}
              <Button asChild variant={denied ? 'outline' : 'ghost'}>
                <Link to={previewHref(eventId)}>{t('waiting.details')}</Link>
              </Button>
            </HStack>
          </Stack>
        )}
      </Container>
    </>
  );
}
