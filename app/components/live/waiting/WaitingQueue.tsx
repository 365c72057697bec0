/**
 * The hosts' waiting-room queue in the room's dock (docs/decisions/0082): for the organizer, hosts
 * and admins of an event whose hosts admit participants. Each person waiting with their name,
 * photo and registration answers; admit one, select several, or admit everyone waiting at once (one
 * batch on the server); deny one or the selected with an optional reason the person sees. Native
 * checkboxes and buttons throughout (Tab, Space, Enter; Escape closes the reason form); the count is
 * announced politely. It asks for the queue every few seconds while the room is open, and renders
 * nothing for an event without the option. Its strings are fetched when it first shows.
 */
import { Badge, Box, Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENY_REASON_MAX, WAITING_POLL_MS, type WaitingDecisionResponse, type WaitingEntry } from '#app/lib/events/waitingRoom';
import { initialsOf } from '#app/lib/identity/displayName';
import { avatarUrl } from '#app/lib/photo/avatar';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { getStanding, postWaiting } from './waitingApi';

/** Without the option the queue is asked again this rarely (an organizer may switch it on). */
const IDLE_POLL_MS = 30_000;

function Photo({ entry }: { entry: WaitingEntry }) {
  const src = avatarUrl(entry.userId, entry.avatarId);
  return src ? (
    <Image src={src} alt="" boxSize="9" borderRadius="full" objectFit="cover" flexShrink={0} />
  ) : (
    <Box aria-hidden boxSize="9" borderRadius="full" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" fontSize="sm" fontWeight="semibold" flexShrink={0}>
      {initialsOf(entry.name)}
    </Box>
  );
}

/** The deny form: an optional reason, confirmed or cancelled (Escape). */
function DenyForm({ onDeny, onCancel, busy }: { onDeny: (reason: string) => void; onCancel: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <Box
      as="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onDeny(reason.trim());
      }}
      onKeyDown={(e: React.KeyboardEvent) => {
        if (e.key === 'Escape') onCancel();
      }}
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      p="2"
      data-testid="waiting-deny-form"
    >
      <Field.Root>
        <Field.Label fontSize="sm">{t('waiting.queue.reason')}</Field.Label>
        <Input ref={input} size="sm" value={reason} maxLength={DENY_REASON_MAX} onChange={(e) => setReason(e.target.value)} data-testid="waiting-deny-reason" />
        <Field.HelperText>{t('waiting.queue.reasonHelp')}</Field.HelperText>
      </Field.Root>
      <HStack mt="2" gap="2" justify="flex-end">
        <Button size="xs" variant="ghost" onClick={onCancel}>
          {t('waiting.queue.cancel')}
        </Button>
        <Button size="xs" type="submit" colorPalette="red" loading={busy} data-testid="waiting-deny-confirm">
          {t('waiting.queue.confirmDeny')}
        </Button>
      </HStack>
    </Box>
  );
}

/** `onWaitingCount` hears how many are waiting (the room's Host tab shows it on a phone). */
export function WaitingQueue({ eventId, staff, onWaitingCount }: { eventId: string; staff: boolean; onWaitingCount?: (count: number) => void }) {
  const { t, i18n } = useTranslation();
  const stringsIn = useNamespace('waiting');
  const [queue, setQueue] = useState<WaitingEntry[] | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [denying, setDenying] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!staff) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const ask = async () => {
      let on = true;
      try {
        const answer = await getStanding(eventId, controller.signal);
        on = answer.enabled === true;
        setEnabled(on);
        setQueue(answer.queue ?? []);
        setFailed(false);
      } catch {
        if (controller.signal.aborted) return;
        setFailed(true);
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), on ? WAITING_POLL_MS : IDLE_POLL_MS);
    };
    void ask();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [eventId, staff]);

  const waiting = useMemo(() => (queue ?? []).filter((e) => e.state === 'waiting'), [queue]);
  useEffect(() => onWaitingCount?.(waiting.length), [onWaitingCount, waiting.length]);
  const decided = useMemo(() => (queue ?? []).filter((e) => e.state !== 'waiting').slice(0, 5), [queue]);
  // Selections of people no longer waiting fall away.
  const chosen = useMemo(() => waiting.filter((e) => selected.has(e.userId)).map((e) => e.userId), [waiting, selected]);

  const decide = useCallback(
    async (body: { action: 'admit'; userIds: string[] } | { action: 'admit'; all: true } | { action: 'deny'; userIds: string[]; reason?: string }) => {
      setBusy(true);
      setNote(null);
      try {
        const answer = await postWaiting<WaitingDecisionResponse>({ eventId, ...body });
        setQueue(answer.queue);
        setSelected(new Set());
        setDenying(null);
        setNote(t('waiting.queue.decided', { count: answer.decided }));
      } catch {
        setNote(t('waiting.queue.failed'));
      } finally {
        setBusy(false);
      }
    },
    [eventId, t],
  );

  if (!staff || !stringsIn || (!enabled && waiting.length === 0)) return null;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const toggle = (userId: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const allChosen = waiting.length > 0 && chosen.length === waiting.length;

  return (
    <Box as="section" aria-labelledby="waiting-queue-title" borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg.panel" p="3" data-testid="waiting-queue" flexShrink={0}>
      <HStack justify="space-between" gap="2">
        <HStack gap="2" minW="0">
          <Text as="h2" id="waiting-queue-title" fontWeight="semibold" fontSize="sm">
            {t('waiting.queue.title')}
          </Text>
          <Badge colorPalette={waiting.length ? 'brand' : 'gray'} aria-live="polite" data-testid="waiting-queue-count">
            {t('waiting.queue.count', { count: waiting.length })}
          </Badge>
        </HStack>
        <HStack gap="1">
          {waiting.length > 0 && (
            <Button size="xs" colorPalette="brand" onClick={() => void decide({ action: 'admit', all: true })} loading={busy} data-testid="waiting-admit-all">
              {t('waiting.queue.admitAll')}
            </Button>
          )}
          <Button size="xs" variant="ghost" aria-expanded={open} aria-controls="waiting-queue-list" onClick={() => setOpen((o) => !o)}>
            {open ? t('waiting.queue.hide') : t('waiting.queue.show')}
          </Button>
        </HStack>
      </HStack>
      {note && (
        <Text role="status" fontSize="xs" color="fg.muted" mt="1" data-testid="waiting-queue-note">
          {note}
        </Text>
      )}
      {failed && (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1">
          {t('waiting.queue.error')}
        </Text>
      )}
      {open && (
        <Stack id="waiting-queue-list" gap="2" mt="2" maxH={{ base: '40dvh', lg: '50dvh' }} overflowY="auto">
          {queue === null ? (
            <Text fontSize="sm" color="fg.muted" role="status">
              {t('waiting.queue.loading')}
            </Text>
          ) : waiting.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="waiting-queue-empty">
              {t('waiting.queue.empty')}
            </Text>
          ) : (
            <>
              <HStack gap="2" justify="space-between" flexWrap="wrap">
                <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
                  <input type="checkbox" checked={allChosen} onChange={(e) => setSelected(new Set(e.target.checked ? waiting.map((w) => w.userId) : []))} data-testid="waiting-select-all" />
                  {t('waiting.queue.selectAll')}
                </HStack>
                {chosen.length > 0 && (
                  <HStack gap="1">
                    <Button size="xs" colorPalette="brand" variant="outline" loading={busy} onClick={() => void decide({ action: 'admit', userIds: chosen })} data-testid="waiting-admit-selected">
                      {t('waiting.queue.admitSelected', { count: chosen.length })}
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDenying(chosen)} data-testid="waiting-deny-selected">
                      {t('waiting.queue.denySelected', { count: chosen.length })}
                    </Button>
                  </HStack>
                )}
              </HStack>
              {denying && denying.length > 1 && (
                <DenyForm busy={busy} onCancel={() => setDenying(null)} onDeny={(reason) => void decide({ action: 'deny', userIds: [...denying], ...(reason ? { reason } : {}) })} />
              )}
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('waiting.queue.title')}>
                {waiting.map((entry) => (
                  <Box as="li" key={entry.userId} borderWidth="1px" borderColor="border.muted" borderRadius="l2" p="2" data-testid="waiting-entry" data-user={entry.userId}>
                    <HStack gap="2" align="flex-start">
                      <Box pt="2">
                        <input
                          type="checkbox"
                          checked={selected.has(entry.userId)}
                          onChange={(e) => toggle(entry.userId, e.target.checked)}
                          aria-label={t('waiting.queue.select', { name: entry.name })}
                          data-testid="waiting-select"
                        />
                      </Box>
                      <Photo entry={entry} />
                      <Stack gap="0" flex="1" minW="0">
                        <Text fontWeight="medium" truncate data-testid="waiting-entry-name">
                          {entry.name}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {t('waiting.queue.waitingSince', { time: time(entry.requestedAt) })}
                        </Text>
                      </Stack>
                      <HStack gap="1" flexShrink={0}>
                        <Button size="xs" colorPalette="brand" aria-label={t('waiting.queue.admitName', { name: entry.name })} loading={busy} onClick={() => void decide({ action: 'admit', userIds: [entry.userId] })} data-testid="waiting-admit">
                          {t('waiting.queue.admit')}
                        </Button>
                        <Button size="xs" variant="outline" colorPalette="red" aria-label={t('waiting.queue.denyName', { name: entry.name })} onClick={() => setDenying([entry.userId])} data-testid="waiting-deny">
                          {t('waiting.queue.deny')}
                        </Button>
                      </HStack>
                    </HStack>
                    {entry.answers.length > 0 && (
                      <Box as="details" mt="2" fontSize="sm" data-testid="waiting-answers">
                        <Box as="summary" cursor="pointer" color="brand.fg">
                          {t('waiting.queue.answers')}
                        </Box>
                        <Box as="dl" mt="1" display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="1">
                          {entry.answers.map((a, i) => (
                            <Box key={i}>
                              <Text as="dt" color="fg.muted" fontSize="xs">
                                {a.question}
                              </Text>
                              <Text as="dd" m="0" whiteSpace="pre-wrap" wordBreak="break-word">
                                {a.answer}
                              </Text>
                            </Box>
                          ))}
                        </Box>
                      </Box>
                    )}
                    {denying && denying.length === 1 && denying[0] === entry.userId && (
                      <Box mt="2">
                        <DenyForm busy={busy} onCancel={() => setDenying(null)} onDeny={(reason) => void decide({ action: 'deny', userIds: [entry.userId], ...(reason ? { reason } : {}) })} />
                      </Box>
                    )}
                  </Box>
                ))}
              </Stack>
            </>
          )}
          {decided.length > 0 && (
            <Stack gap="1" pt="1" borderTopWidth="1px" borderColor="border.muted">
              <Text fontSize="xs" color="fg.muted" fontWeight="medium">
                {t('waiting.queue.recent')}
              </Text>
              {decided.map((entry) => (
                <HStack key={entry.userId} gap="2" fontSize="sm" data-testid="waiting-decided" data-state={entry.state}>
                  <Text flex="1" truncate>
                    {entry.name}
                  </Text>
                  <Badge colorPalette={entry.state === 'admitted' ? 'green' : 'red'}>{entry.state === 'admitted' ? t('waiting.queue.admittedNote') : t('waiting.queue.deniedNote')}</Badge>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}
