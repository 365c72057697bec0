/**
 * The organizer's and hosts' breakout controls in the room's host tools (docs/decisions/0084):
 * open N rooms (split automatically or placed by hand, with a duration and whether participants may
 * choose), then place people by dragging them onto a room or, from the keyboard, with each
 * person's room list; rename rooms, visit any of them, send a message to every room and bring
 * everyone back. Its strings are fetched when it first shows.
 */
import { Box, Button, Checkbox, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKOUT_MESSAGE_MAX, BREAKOUT_MINUTES_MAX, BREAKOUT_NAME_MAX, BREAKOUT_ROOMS_MAX, BREAKOUT_ROOMS_MIN, formatCountdown, type BreakoutAction, type BreakoutRoom, type SplitPerson } from '#app/lib/breakouts/model';
import type { RoomParticipant } from '#app/lib/events/api';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { roomLabel, useCountdown } from './BreakoutBar';
import { useBreakouts, type BreakoutsApi } from './useBreakouts';

const DRAG_TYPE = 'application/x-breakout-person';

export function BreakoutsPanel({ participants }: { participants: RoomParticipant[] }) {
  const { t } = useTranslation();
  const api = useBreakouts();
  const stringsIn = useNamespace('breakouts');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!api || !api.staff || !stringsIn) return null;

  const run = async (key: string, action: BreakoutAction) => {
    setBusy(key);
    setError(null);
    const problem = await api.act(action);
    setBusy(null);
    if (problem) setError(problem);
    return !problem;
  };

  return (
    <Stack as="section" gap="3" aria-labelledby="breakouts-title" data-testid="breakouts-panel" data-running={api.running}>
      <Heading as="h3" size="sm" id="breakouts-title">
        {t('breakouts.title')}
      </Heading>
      {!api.loaded ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('breakouts.loading')}
        </Text>
      ) : api.running ? (
        <Running api={api} participants={participants} busy={busy} run={run} />
      ) : (
        <OpenForm api={api} participants={participants} busy={busy} run={run} />
      )}
      {error && (
        <Text role="alert" fontSize="sm" color="fg.error" data-testid="breakouts-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface PartProps {
  api: BreakoutsApi;
  participants: RoomParticipant[];
  busy: string | null;
  run: (key: string, action: BreakoutAction) => Promise<boolean>;
}

/** Participants in the main room now (not the staff: they visit). */
const audienceOf = (participants: RoomParticipant[], me: string): SplitPerson[] =>
  participants.filter((p) => p.role === 'participant' && p.identity !== me).map((p) => ({ userId: p.identity, name: p.name }));

function OpenForm({ api, participants, busy, run }: PartProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState('2');
  const [minutes, setMinutes] = useState('');
  const [auto, setAuto] = useState(true);
  const [allowChoose, setAllowChoose] = useState(false);
  const people = audienceOf(participants, api.me);
  const n = Math.min(BREAKOUT_ROOMS_MAX, Math.max(BREAKOUT_ROOMS_MIN, Math.round(Number(count)) || BREAKOUT_ROOMS_MIN));
  const m = minutes.trim() ? Math.min(BREAKOUT_MINUTES_MAX, Math.max(1, Math.round(Number(minutes)) || 1)) : null;
  return (
    <Stack gap="3" as="form" onSubmit={(e) => (e.preventDefault(), void run('open', { intent: 'open', eventId: api.eventId, count: n, minutes: m, auto, allowChoose, people }))}>
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Field.Root maxW="10rem">
          <Field.Label>{t('breakouts.count')}</Field.Label>
          <Input type="number" inputMode="numeric" min={BREAKOUT_ROOMS_MIN} max={BREAKOUT_ROOMS_MAX} value={count} onChange={(e) => setCount(e.currentTarget.value)} data-testid="breakouts-count" />
        </Field.Root>
        <Field.Root maxW="18rem">
          <Field.Label>{t('breakouts.minutes')}</Field.Label>
          <Input type="number" inputMode="numeric" min={1} max={BREAKOUT_MINUTES_MAX} value={minutes} onChange={(e) => setMinutes(e.currentTarget.value)} data-testid="breakouts-minutes" />
        </Field.Root>
      </HStack>
      <Checkbox.Root checked={auto} onCheckedChange={(d) => setAuto(d.checked === true)} data-testid="breakouts-auto">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('breakouts.auto')}</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root checked={allowChoose} onCheckedChange={(d) => setAllowChoose(d.checked === true)} data-testid="breakouts-allow-choose">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('breakouts.allowChoose')}</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="fg.muted" data-testid="breakouts-to-split">
        {people.length ? t('breakouts.toSplit', { count: people.length }) : t('breakouts.nobody')}
      </Text>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy === 'open'} data-testid="breakouts-open">
        {t('breakouts.open')}
      </Button>
    </Stack>
  );
}

function Running({ api, participants, busy, run }: PartProps) {
  const { t } = useTranslation();
  const state = api.state!;
  const seconds = useCountdown(state);
  const [message, setMessage] = useState('');
  const [over, setOver] = useState<string | null>(null);
  // Everyone the host can place: those in the main room now and those already in a breakout.
  const people = useMemo(() => {
    const byId = new Map<string, SplitPerson & { roomId: string }>();
    for (const p of audienceOf(participants, api.me)) byId.set(p.userId, { ...p, roomId: '' });
    for (const m of state.members) byId.set(m.userId, { userId: m.userId, name: m.name, roomId: m.roomId });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [participants, state.members, api.me]);

  const move = (person: SplitPerson, roomId: string) =>
    run(`assign-${person.userId}`, { intent: 'assign', eventId: api.eventId, person: { userId: person.userId, name: person.name }, roomId: roomId ? (roomId as BreakoutRoom['id']) : null });
  const drop = (roomId: string) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const person = people.find((p) => p.userId === e.dataTransfer.getData(DRAG_TYPE));
    if (person && person.roomId !== roomId) void move(person, roomId);
  };
  const target = (roomId: string) => ({
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      setOver(roomId);
    },
    onDragLeave: () => setOver((o) => (o === roomId ? null : o)),
    onDrop: drop(roomId),
  });
  const chip = (p: SplitPerson) => (
    <Box
      key={p.userId}
      as="li"
      draggable
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(DRAG_TYPE, p.userId);
        e.dataTransfer.effectAllowed = 'move';
      }}
      cursor="grab"
      px="2"
      py="1"
      borderRadius="l2"
      bg="bg"
      borderWidth="1px"
      fontSize="sm"
      data-testid="breakout-person"
      data-user={p.userId}
    >
      {p.name}
    </Box>
  );
  const zone = (roomId: string, title: React.ReactNode, extra?: React.ReactNode) => {
    const inside = people.filter((p) => p.roomId === roomId);
    return (
      <Stack key={roomId || 'main'} gap="2" p="2" borderWidth="2px" borderStyle={over === roomId ? 'dashed' : 'solid'} borderColor={over === roomId ? 'brand.solid' : 'border'} borderRadius="l2" bg="bg.subtle" {...target(roomId)} data-testid={`breakout-zone-${roomId || 'main'}`}>
        {title}
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" minH="8">
          {inside.length ? inside.map(chip) : <Text as="li" fontSize="xs" color="fg.muted">{t('breakouts.empty')}</Text>}
        </Stack>
        {extra}
      </Stack>
    );
  };

  return (
    <Stack gap="3">
      <Text fontSize="sm" role="timer" aria-live="off" data-testid="breakouts-countdown">
        {seconds !== null ? t('breakouts.endsIn', { time: formatCountdown(seconds) }) : t('breakouts.noEnd')}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {t('breakouts.dragHint')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        {zone('', <Text fontWeight="semibold" fontSize="sm">{t('breakouts.mainRoom')}</Text>)}
        {state.rooms.map((room) => zone(room.id, <RoomHead api={api} room={room} busy={busy} run={run} />))}
      </SimpleGrid>
      {people.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('breakouts.people')}>
          {people.map((p) => (
            <HStack as="li" key={p.userId} justify="space-between" gap="2">
              <Text fontSize="sm" truncate>
                {p.name}
              </Text>
              <NativeSelect.Root size="sm" maxW="12rem" disabled={busy === `assign-${p.userId}`}>
                <NativeSelect.Field aria-label={t('breakouts.moveTo', { name: p.name })} value={p.roomId} onChange={(e) => void move(p, e.currentTarget.value)} data-testid={`breakout-move-${p.userId}`}>
                  <option value="">{t('breakouts.mainRoom')}</option>
                  {state.rooms.map((room) => (
                    <option key={room.id} value={room.id}>
                      {roomLabel(t, room)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          ))}
        </Stack>
      )}
      <Checkbox.Root checked={state.allowChoose} disabled={busy === 'choose'} onCheckedChange={(d) => void run('choose', { intent: 'allowChoose', eventId: api.eventId, allowChoose: d.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('breakouts.allowChoose')}</Checkbox.Label>
      </Checkbox.Root>
      <Stack gap="2" as="form" onSubmit={(e) => (e.preventDefault(), void run('broadcast', { intent: 'broadcast', eventId: api.eventId, text: message }).then((ok) => ok && setMessage('')))}>
        <Field.Root>
          <Field.Label>{t('breakouts.broadcast')}</Field.Label>
          <Textarea value={message} maxLength={BREAKOUT_MESSAGE_MAX} rows={2} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="breakouts-message" />
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" alignSelf="flex-start" disabled={!message.trim()} loading={busy === 'broadcast'} data-testid="breakouts-send">
          {t('breakouts.send')}
        </Button>
      </Stack>
      <Button colorPalette="red" alignSelf="flex-start" loading={busy === 'end'} onClick={() => void run('end', { intent: 'end', eventId: api.eventId }).then((ok) => ok && api.visit(null))} data-testid="breakouts-end">
        {t('breakouts.end')}
      </Button>
    </Stack>
  );
}

function RoomHead({ api, room, busy, run }: Pick<PartProps, 'api' | 'busy' | 'run'> & { room: BreakoutRoom }) {
  const { t } = useTranslation();
  const label = roomLabel(t, room);
  const [name, setName] = useState(label);
  const visiting = api.place?.visiting && api.place.room.id === room.id;
  return (
    <Stack gap="1">
      <HStack as="form" gap="1" onSubmit={(e) => (e.preventDefault(), void run(`rename-${room.id}`, { intent: 'rename', eventId: api.eventId, roomId: room.id, name }))}>
        <Input size="xs" fontWeight="semibold" maxLength={BREAKOUT_NAME_MAX} aria-label={t('breakouts.rename', { room: label })} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid={`breakout-name-${room.id}`} />
        <Button type="submit" size="xs" variant="ghost" disabled={!name.trim() || name === label} loading={busy === `rename-${room.id}`}>
          {t('breakouts.save')}
        </Button>
      </HStack>
      <Button size="xs" variant={visiting ? 'solid' : 'outline'} alignSelf="flex-start" aria-pressed={Boolean(visiting)} onClick={() => api.visit(visiting ? null : room.id)} data-testid={`breakout-visit-${room.id}`}>
        {visiting ? t('breakouts.leaveVisit') : t('breakouts.visit')}
      </Button>
    </Stack>
  );
}
