import { Alert, Badge, Box, Button, Container, Grid, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { DeviceCheck } from '#app/components/live/devices/DeviceCheck';
import { storeJoinDevices, type DeviceChoice } from '#app/components/live/devices/choice';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader, LobbyClosed } from './ety.server';
import { i18nHandle } from '#app/lib/handles';

/** /ety?event=<id> (signed-in): the lobby. Device check, countdown on server time, Join once the room opens. */
export { loader } from './ety.server';
export const handle = i18nHandle('lobby');

/** The server's clock in the browser: the offset is taken once at load, then the local clock ticks. */
function useServerNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

function useCountdownText(ms: number): string {
  const { t } = useTranslation();
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const time = hours > 0 || days > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  return days > 0 ? t('lobby.ety.daysAndTime', { days: t('lobby.ety.days', { count: days }), time }) : time;
}

function ClosedState({ reason }: { reason: LobbyClosed }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status={reason === 'blocked' ? 'error' : 'info'} borderRadius="l3" p={{ base: '4', md: '6' }} data-testid={`lobby-${reason}`}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title fontSize="lg" fontWeight="semibold">
          {t(`lobby.ety.${reason}Title`)}
        </Alert.Title>
        <Alert.Description>
          <Stack gap="4" align="flex-start">
            <Text>{t(`lobby.ety.${reason}Body`)}</Text>
            <Button asChild variant="outline">
              <Link to="/liveEvents">{t('lobby.ety.browseEvents')}</Link>
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The room is open, but this person has no ticket (or registration) yet: the room's own words and the way to get one. */
function SeatNeeded({ gate }: { gate: { title: string; text: string; action: string; buyUrl: string } }) {
  return (
    <Alert.Root status="info" borderRadius="l3" p={{ base: '4', md: '6' }} data-testid="lobby-ticket-gate">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title fontSize="lg" fontWeight="semibold">
          {gate.title}
        </Alert.Title>
        <Alert.Description>
          <Stack gap="4" align="flex-start">
            <Text>{gate.text}</Text>
            <Button asChild colorPalette="brand" data-testid="lobby-gate-buy">
              <Link to={gate.buyUrl}>{gate.action}</Link>
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export default function Lobby() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { event, role } = data;
  const now = useServerNow(data.serverNow);
  const remaining = Date.parse(data.opensAt) - now;
  const open = remaining <= 0;
  const countdown = useCountdownText(remaining);
  const closed: LobbyClosed | null = data.closed ?? (now >= Date.parse(event.eventExpiration) ? 'expired' : null);

  // Announce the opening only when it happens while the person waits here.
  const [announce, setAnnounce] = useState('');
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) setAnnounce(t('lobby.ety.openAnnounce'));
    wasOpen.current = open;
  }, [open, t]);

  const choice = useRef<{ devices: DeviceChoice; ready: boolean }>({ devices: {}, ready: false });
  const staff = role !== 'participant';

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="lobby">
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="3">
          <Text color="fg.muted" fontWeight="semibold" textTransform="uppercase" fontSize="sm" letterSpacing="wide">
            {t('lobby.ety.eyebrow')}
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="lobby-title">
            {event.title}
          </Heading>
          <HStack gap="3" flexWrap="wrap">
            {closed !== 'blocked' ? (
              <Badge colorPalette={staff ? 'brand' : 'gray'} size="lg" data-testid="lobby-role">
                {t(`lobby.ety.role.${role}`)}
              </Badge>
            ) : null}
            {event.organizerName ? <Text color="fg.muted">{t('lobby.ety.organizedBy', { name: event.organizerName })}</Text> : null}
          </HStack>
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
            <Text as="dt" fontWeight="semibold">
              {t('lobby.ety.starts')}
            </Text>
            <Text as="dd" data-testid="lobby-start">
              <LocalTime iso={event.eventDateTime} fallbackZone={data.fallbackZone} />
            </Text>
            <Text as="dt" fontWeight="semibold">
              {t('lobby.ety.duration')}
            </Text>
            <Text as="dd">{t('lobby.ety.minutes', { minutes: event.eventDuration })}</Text>
          </Box>
        </Stack>

        {closed ? (
          <ClosedState reason={closed} />
        ) : data.ticketGate ? (
          <SeatNeeded gate={data.ticketGate} />
        ) : (
          // Someone who only watches has no camera or microphone to check: the gate stands alone.
          <Grid templateColumns={{ base: '1fr', lg: data.canPublish ? 'minmax(0, 2fr) minmax(0, 3fr)' : 'minmax(0, 1fr)' }} maxW={data.canPublish ? undefined : '2xl'} gap={{ base: '6', lg: '10' }} alignItems="start">
            <Stack gap="4" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }} bg="bg.panel" data-testid="lobby-gate" data-open={open}>
              {open ? (
                <Text fontSize="xl" fontWeight="semibold" data-testid="lobby-open">
                  {t('lobby.ety.open')}
                </Text>
              ) : (
                <Stack gap="2">
                  <Text fontSize="xl" fontWeight="semibold" role="timer" data-testid="lobby-countdown">
                    {t('lobby.ety.countdown', { time: countdown })}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {t('lobby.ety.waitingHint')}
                  </Text>
                </Stack>
              )}
              <Text data-testid="lobby-rule">{t(staff ? 'lobby.ety.rule.staff' : 'lobby.ety.rule.participant')}</Text>
              {data.audioOnly ? <Text color="fg.muted">{t('lobby.ety.audioOnly')}</Text> : null}
              {!data.canPublish ? <Text color="fg.muted">{t('lobby.ety.watchOnly')}</Text> : null}
              {data.canPublish && event.startVideoOff && !data.audioOnly ? <Text color="fg.muted">{t('lobby.ety.startVideoOff')}</Text> : null}
              {data.canPublish && event.startAudioOff ? <Text color="fg.muted">{t('lobby.ety.startAudioOff')}</Text> : null}
              {open ? (
                <Button asChild colorPalette="brand" size="lg" data-testid="lobby-join">
                  <Link
                    to={data.roomHref}
                    onClick={() => {
                      if (choice.current.ready) storeJoinDevices(choice.current.devices);
                    }}
                  >
                    {t('lobby.ety.join')}
                  </Link>
                </Button>
              ) : (
                <Button colorPalette="brand" size="lg" disabled data-testid="lobby-join" aria-describedby="lobby-not-yet">
                  {t('lobby.ety.join')}
                </Button>
              )}
              {!open ? (
                <Text id="lobby-not-yet" srOnly>
                  {t('lobby.ety.notYet')}
                </Text>
              ) : null}
              <Box role="status" aria-live="polite" srOnly>
                {announce}
              </Box>
            </Stack>

            {data.canPublish ? (
              <Stack gap="4" as="section" aria-labelledby="lobby-devices-title" data-testid="lobby-devices">
                <Stack gap="1">
                  <Heading as="h2" size="lg" id="lobby-devices-title">
                    {t('lobby.ety.devicesTitle')}
                  </Heading>
                  <Text color="fg.muted">{t('lobby.ety.devicesLead')}</Text>
                </Stack>
                <DeviceCheck
                  initial={data.devices ?? undefined}
                  video={!data.audioOnly}
                  onChange={(devices, ready) => {
                    choice.current = { devices, ready };
                  }}
                />
                <ChakraLink asChild color="fg.muted" fontSize="sm" textDecoration="underline" alignSelf="flex-start">
                  <Link to="/customVideoSettings">{t('lobby.ety.saveForAll')}</Link>
                </ChakraLink>
              </Stack>
            ) : null}
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
