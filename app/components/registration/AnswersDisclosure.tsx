/**
 * A participant's registration answers for the hosts, in the room's participants list
 * (docs/decisions/0083): a button that fetches them when first opened. Its strings are fetched
 * when it first shows (useNamespace), so the room's document stays within its budget.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { answersHref } from '#app/lib/registration/api';

type Loaded = { state: 'idle' | 'loading' | 'error' } | { state: 'done'; answers: Array<{ question: string; answer: string }> };

export function AnswersDisclosure({ eventId, userId, name }: { eventId: string; userId: string; name: string }) {
  const ready = useNamespace('registration');
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  if (!ready) return null;
  const panelId = `answers-${userId.replace(/[^\w-]/g, '_')}`;

  async function load() {
    setLoaded({ state: 'loading' });
    try {
      const res = await fetch(answersHref(eventId, userId), { headers: { Accept: 'application/json' } });
      // Someone who answered nothing (or registered before the questions) is not found.
      if (res.status === 404) return setLoaded({ state: 'done', answers: [] });
      if (!res.ok) return setLoaded({ state: 'error' });
      const body = (await res.json()) as { answers?: Array<{ question: string; answer: string }> };
      setLoaded({ state: 'done', answers: body.answers ?? [] });
    } catch {
      setLoaded({ state: 'error' });
    }
  }

  const toggle = () => {
    setOpen(!open);
    if (!open && loaded.state !== 'done' && loaded.state !== 'loading') void load();
  };

  return (
    <Box w="full" data-testid="participant-answers">
      <Button size="xs" variant="ghost" px="1" onClick={toggle} aria-expanded={open} aria-controls={panelId} data-testid="participant-answers-toggle">
        {t('registration.hosts.show', { name })}
      </Button>
      {open ? (
        <Box id={panelId} mt="1" pl="1" role="region" aria-label={t('registration.hosts.title')} aria-live="polite" data-testid="participant-answers-list">
          {loaded.state !== 'done' ? (
            <Text fontSize="sm" color={loaded.state === 'error' ? 'fg.error' : 'fg.muted'}>
              {t(loaded.state === 'error' ? 'registration.hosts.error' : 'registration.hosts.loading')}
            </Text>
          ) : loaded.answers.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('registration.hosts.none')}
            </Text>
          ) : (
            <Stack as="dl" gap="1" m="0" fontSize="sm">
              {loaded.answers.map((a, i) => (
                <Box key={i}>
                  <Text as="dt" color="fg.muted">
                    {a.question}
                  </Text>
                  <Text as="dd" m="0" whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {a.answer}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
