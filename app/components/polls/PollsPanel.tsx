/**
 * An event's polls (docs/decisions/0081): in the room (hosts launch prepared ones, make one on the
 * spot, close and share; participants vote and see shared results) and on the event's dashboard
 * page (hosts prepare them). Its strings are the `polls` namespace, fetched when it first mounts.
 */
import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomNotice } from '#app/lib/chat/protocol';
import type { PollInput, PollView } from '#app/lib/polls/model';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { PollCard } from './PollCard';
import { PollEditor } from './PollEditor';
import { usePolls } from './usePolls';

const ORDER = { live: 0, draft: 1, closed: 2 } as const;

interface Props {
  eventId: string;
  /** The room's notices (the room); none on the dashboard. */
  onNotice?: (listener: (notice: RoomNotice) => void) => () => void;
  /** Where it shows: the room offers launching on save. */
  place: 'room' | 'dashboard';
}

export function PollsPanel(props: Props) {
  const ready = useNamespace('polls');
  if (!ready) return null;
  return <Polls {...props} />;
}

function Polls({ eventId, onNotice, place }: Props) {
  const { t } = useTranslation();
  const { state, reload, call } = usePolls(eventId, onNotice, t('polls.errors.failed'));
  const [editing, setEditing] = useState<'new' | string | null>(null);

  const save = (pollId: string | null) => async (poll: PollInput, launch: boolean) => {
    const answer = await call(pollId ? { intent: 'update', pollId, poll } : { intent: 'create', poll, launch });
    if (answer.ok) {
      setEditing(null);
      return null;
    }
    return { message: answer.message, fieldErrors: answer.fieldErrors };
  };

  const heading = (
    <Heading as="h2" size="md" id={`polls-${place}-heading`}>
      {t('polls.title')}
    </Heading>
  );
  if (state.state === 'loading') {
    return (
      <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="polls-loading">
        <Spinner size="sm" />
        <Text>{t('polls.loading')}</Text>
      </HStack>
    );
  }
  if (state.state === 'error') {
    // In the room a participant who may not see polls (yet) sees nothing; hosts and the dashboard see why.
    if (place === 'room') return null;
    return (
      <Stack gap="2" align="flex-start" data-testid="polls-error">
        {heading}
        <Text fontSize="sm" color="fg.error">
          {t('polls.loadFailed')}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void reload()}>
          {t('polls.retry')}
        </Button>
      </Stack>
    );
  }
  const { polls, staff } = state;
  // A participant with no launched poll sees nothing in the room.
  if (!staff && polls.length === 0) return null;
  const sorted = [...polls].sort((a, b) => ORDER[a.status] - ORDER[b.status] || (b.launchedAt ?? '').localeCompare(a.launchedAt ?? ''));
  const shown: PollView[] = place === 'room' && !staff ? sorted.filter((p) => p.status !== 'draft') : sorted;

  return (
    <Stack as="section" gap="3" aria-labelledby={`polls-${place}-heading`} data-testid={`polls-${place}`}>
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        {heading}
        {staff && editing === null ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')} data-testid="poll-new">
            {place === 'room' ? t('polls.createLive') : t('polls.newPoll')}
          </Button>
        ) : null}
      </HStack>
      {editing === 'new' ? <PollEditor onSave={save(null)} onCancel={() => setEditing(null)} canLaunch={place === 'room'} /> : null}
      {shown.length === 0 && editing === null ? (
        <Text fontSize="sm" color="fg.muted" data-testid="polls-empty">
          {staff ? t('polls.emptyHost') : t('polls.empty')}
        </Text>
      ) : null}
      {shown.map((poll) =>
        editing === poll.pollId ? (
          <PollEditor key={poll.pollId} initial={poll} onSave={save(poll.pollId)} onCancel={() => setEditing(null)} />
        ) : (
          <PollCard key={poll.pollId} poll={poll} staff={staff} eventId={eventId} call={call} onEdit={() => setEditing(poll.pollId)} />
        ),
      )}
    </Stack>
  );
}

export default PollsPanel;
