/**
 * Host controls (organizer and hosts): who is in the room, raised hands, blocked people and
 * "End event for all". The room's state is polled from GET /api/events/room every POLL_MS; each
 * action posts to POST /api/events/room and shows the server's own answer (progress, then the
 * result or the error message), never an assumed success.
 */
import { Badge, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomAction, RoomStateResponse } from '#app/lib/events/api';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { PersonPhoto } from '#app/components/ui/PersonPhoto';
import { avatarUrl } from '#app/lib/photo/avatar';
import { HandIcon } from './HandIcon';
import { fetchRoomState, postRoomAction, type ApiResult } from './roomApi';
import { AnswersDisclosure } from '#app/components/registration/AnswersDisclosure';

export const POLL_MS = 5000;

export interface RoomStateHook {
  state: RoomStateResponse | null;
  /** The last poll's failure (network, or the API's message). */
  error: string | null;
  loading: boolean;
  refresh: () => void;
}

/** Polls the room state for staff; does nothing for everyone else. */
export function useRoomState(eventId: string, enabled: boolean): RoomStateHook {
  const [state, setState] = useState<RoomStateResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void fetchRoomState(eventId, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok) {
        setState(result.data);
        setError(null);
      } else setError(result.message || result.error);
    });
    const timer = window.setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [eventId, enabled, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { state, error, loading, refresh };
}

type Outcome = { kind: 'success' | 'error'; text: string };

/** Runs one room action at a time per key and keeps its outcome for display. */
export function useRoomActions(onDone?: (action: RoomAction, result: ApiResult<unknown>) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const run = useCallback(
    async (action: RoomAction, key: string, successText: string) => {
      setBusy(key);
      const result = await postRoomAction(action);
      if (!mounted.current) return;
      setBusy(null);
      setOutcomes((o) => ({
        ...o,
        [key]: result.ok ? { kind: 'success', text: result.data.message || successText } : { kind: 'error', text: result.message || t(`live.errors.${result.error}`) },
      }));
      onDone?.(action, result);
    },
    [onDone, t],
  );
  return { busy, outcomes, run };
}

function OutcomeText({ outcome }: { outcome?: Outcome }) {
  if (!outcome) return null;
  return (
    <Text fontSize="sm" color={outcome.kind === 'error' ? 'fg.error' : 'fg.success'} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid={`outcome-${outcome.kind}`}>
      {outcome.text}
    </Text>
  );
}

/** A confirm dialog in front of a destructive action. */
export function ConfirmAction({
  trigger,
  title,
  body,
  confirm,
  onConfirm,
  loading,
  testId,
}: {
  trigger: string;
  title: string;
  body: string;
  confirm: string;
  onConfirm: () => void;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      body={body}
      confirm={confirm}
      cancel={t('live.host.cancel')}
      onConfirm={onConfirm}
      testId={`${testId}-dialog`}
      confirmTestId={`${testId}-confirm`}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" loading={loading} data-testid={testId}>
          {trigger}
        </Button>
      }
    />
  );
}

interface SectionProps {
  eventId: string;
  me: string;
  room: RoomStateHook;
  actions: ReturnType<typeof useRoomActions>;
}

function PollNotes({ room }: { room: RoomStateHook }) {
  const { t } = useTranslation();
  if (room.loading && !room.state) {
    return (
      <HStack gap="2" color="fg.muted" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm">{t('live.host.loading')}</Text>
      </HStack>
    );
  }
  return (
    <>
      {room.error && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="host-poll-error">
          {t('live.host.pollError', { message: room.error })}
        </Text>
      )}
      {room.state && !room.state.videoAvailable && (
        <Text fontSize="sm" color="fg.muted" data-testid="host-video-unavailable">
          {t('live.host.videoUnavailable')}
        </Text>
      )}
    </>
  );
}

/** One titled list of the host panel, with its empty-state line. */
function HostList({ testId, title, empty, notes, children }: { testId: string; title: string; empty?: string | null; notes?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="2" data-testid={testId}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {notes}
      {empty ? (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      ) : null}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {children}
      </Stack>
    </Stack>
  );
}

export function HostParticipants({ eventId, me, room, actions }: SectionProps) {
  const { t } = useTranslation();
  const participants = room.state?.participants ?? [];
  return (
    <HostList
      testId="host-participants"
      title={t('live.host.participants', { count: participants.length })}
      empty={room.state && participants.length === 0 ? t('live.host.noParticipants') : null}
      notes={<PollNotes room={room} />}
    >
      {participants.map((p) => {
        const self = p.identity === me;
        const k = (intent: string) => `${intent}:${p.identity}`;
        return (
          <Box as="li" key={p.identity} borderWidth="1px" borderRadius="l2" p="2" data-testid="host-participant">
            <HStack justify="space-between" gap="2" flexWrap="wrap">
              <HStack gap="2" minW="0">
                <PersonPhoto src={avatarUrl(p.identity, p.avatarId)} size="6" testId="host-participant-avatar" fallback={null} />
                <Text fontWeight="medium" truncate>
                  {p.name || p.identity}
                </Text>
                <Badge size="sm" variant="subtle">
                  {t(`live.roles.${p.role}`)}
                </Badge>
                {p.publishing && (
                  <Badge size="sm" colorPalette="green">
                    {t('live.host.publishing')}
                  </Badge>
                )}
                {p.chatOnly && (
                  <Badge size="sm" variant="outline" data-testid="host-chat-only">
                    {t('live.host.chatOnly')}
                  </Badge>
                )}
              </HStack>
              {!self && p.role !== 'organizer' && (
                <HStack gap="1" flexWrap="wrap">
                  {/* Someone only in the chat has no tracks to mute and no video connection to end; blocking still applies. */}
                  {!p.chatOnly && (
                    <>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={actions.busy === k('mute')}
                        onClick={() => void actions.run({ eventId, intent: 'mute', identity: p.identity }, k('mute'), t('live.host.muted', { name: p.name }))}
                      >
                        {t('live.host.mute')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        loading={actions.busy === k('remove')}
                        onClick={() => void actions.run({ eventId, intent: 'remove', identity: p.identity }, k('remove'), t('live.host.removed', { name: p.name }))}
                      >
                        {t('live.host.remove')}
                      </Button>
                    </>
                  )}
                  <ConfirmAction
                    trigger={t('live.host.block')}
                    title={t('live.host.blockTitle', { name: p.name })}
                    body={t('live.host.blockBody')}
                    confirm={t('live.host.blockConfirm')}
                    loading={actions.busy === k('block')}
                    testId="host-block"
                    onConfirm={() => void actions.run({ eventId, intent: 'block', identity: p.identity }, k('block'), t('live.host.blocked', { name: p.name }))}
                  />
                </HStack>
              )}
            </HStack>
            <OutcomeText outcome={actions.outcomes[k('mute')]} />
            <OutcomeText outcome={actions.outcomes[k('remove')]} />
            <OutcomeText outcome={actions.outcomes[k('block')]} />
            {p.role === 'participant' ? <AnswersDisclosure eventId={eventId} userId={p.identity} name={p.name || p.identity} /> : null}
          </Box>
        );
      })}
    </HostList>
  );
}

export function HostHands({ eventId, room, actions }: SectionProps) {
  const { t } = useTranslation();
  const hands = room.state?.hands ?? [];
  return (
    <HostList testId="host-hands" title={t('live.host.hands', { count: hands.length })} empty={room.state && hands.length === 0 ? t('live.host.noHands') : null}>
      {hands.map((h) => {
        const key = `stage:${h.identity}`;
        return (
          <Box as="li" key={h.identity} borderWidth="1px" borderRadius="l2" p="2" data-testid="host-hand">
            <HStack justify="space-between" gap="2" flexWrap="wrap">
              <HStack gap="2">
                <HandIcon />
                <Text fontWeight="medium">{h.name || h.identity}</Text>
                {h.onStage && (
                  <Badge size="sm" colorPalette="green">
                    {t('live.host.onStage')}
                  </Badge>
                )}
              </HStack>
              {h.onStage ? (
                <Button
                  size="xs"
                  variant="outline"
                  loading={actions.busy === key}
                  data-testid="host-send-back"
                  onClick={() => void actions.run({ eventId, intent: 'sendOffStage', identity: h.identity }, key, t('live.host.sentBack', { name: h.name }))}
                >
                  {t('live.host.sendBack')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={actions.busy === key}
                  data-testid="host-bring-on-stage"
                  onClick={() => void actions.run({ eventId, intent: 'bringOnStage', identity: h.identity }, key, t('live.host.broughtOnStage', { name: h.name }))}
                >
                  {t('live.host.bringOnStage')}
                </Button>
              )}
            </HStack>
            <OutcomeText outcome={actions.outcomes[key]} />
          </Box>
        );
      })}
    </HostList>
  );
}

export function HostBlocked({ eventId, room, actions }: SectionProps) {
  const { t } = useTranslation();
  const blocked = room.state?.blockedUsers ?? [];
  if (blocked.length === 0) return null;
  return (
    <HostList testId="host-blocked" title={t('live.host.blockedTitle', { count: blocked.length })}>
      {blocked.map((b) => {
        const key = `unblock:${b.identity}`;
        return (
          <Box as="li" key={b.identity} borderWidth="1px" borderRadius="l2" p="2">
            <HStack justify="space-between" gap="2" flexWrap="wrap">
              <Text>{b.name || b.identity}</Text>
              <Button
                size="xs"
                variant="outline"
                loading={actions.busy === key}
                onClick={() => void actions.run({ eventId, intent: 'unblock', identity: b.identity }, key, t('live.host.unblocked', { name: b.name || b.identity }))}
              >
                {t('live.host.unblock')}
              </Button>
            </HStack>
            <OutcomeText outcome={actions.outcomes[key]} />
          </Box>
        );
      })}
    </HostList>
  );
}

export function EndForAll({ eventId, actions }: Pick<SectionProps, 'eventId' | 'actions'>) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" pt="2" borderTopWidth="1px">
      <ConfirmAction
        trigger={t('live.host.end')}
        title={t('live.host.endTitle')}
        body={t('live.host.endBody')}
        confirm={t('live.host.endConfirm')}
        loading={actions.busy === 'end'}
        testId="host-end"
        onConfirm={() => void actions.run({ eventId, intent: 'end' }, 'end', t('live.host.ended'))}
      />
      <OutcomeText outcome={actions.outcomes.end} />
    </Stack>
  );
}

/** The whole panel, for layouts without the tabbed side panel. */
export function HostPanel(props: SectionProps) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="host-panel-title" borderWidth="1px" borderRadius="l3" p={{ base: '3', md: '4' }} data-testid="host-panel">
      <Stack gap="4">
        <Heading as="h2" size="md" id="host-panel-title">
          {t('live.host.title')}
        </Heading>
        <HostHands {...props} />
        <HostParticipants {...props} />
        <HostBlocked {...props} />
        <EndForAll eventId={props.eventId} actions={props.actions} />
      </Stack>
    </Box>
  );
}
