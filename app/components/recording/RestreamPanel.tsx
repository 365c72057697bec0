/**
 * Restream destinations on /hbc (organizer and hosts see them; the organizer edits): RTMP URL and
 * stream key per destination, the key shown only masked once stored; start and stop sending the
 * room to them. Without an egress service it says plainly that restreaming is not connected.
 * What the organizer typed stays in the form when the server refuses it.
 */
import { Badge, Box, Button, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESTREAM_FIELD_ERRORS, restreamActionSchema, type RestreamAction, type RestreamField, type RestreamState } from '#app/lib/recording/restream';
import { keyFromData } from '#app/lib/i18n/keys';
import { fetchRestream, postRestream } from './recordingApi';

type FieldName = RestreamField;
const FIELD_ERRORS = RESTREAM_FIELD_ERRORS;

export function RestreamPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RestreamState | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [form, setForm] = useState({ name: '', url: '', streamKey: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchRestream(eventId, controller.signal)
      .then((r) => {
        if (controller.signal.aborted) return;
        if (r.ok) setState(r.data);
        else setLoadError(true);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventId]);

  const run = useCallback(async (action: RestreamAction, key: string) => {
    setBusy(key);
    setMessage(null);
    const answer = await postRestream(action);
    setBusy(null);
    if (answer.ok) {
      setState(answer.data);
      return true;
    }
    // A refused URL (pointing inside, not found) is that field's error; the form keeps what was typed.
    if (answer.fieldErrors) setErrors(answer.fieldErrors);
    else setMessage(answer.message);
    return false;
  }, []);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = restreamActionSchema.safeParse({ eventId, intent: 'add', ...form });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        const key = keyFromData(FIELD_ERRORS, issue.message) ?? FIELD_ERRORS[0];
        if (!next[field]) next[field] = t(key);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (await run(parsed.data, 'add')) setForm({ name: '', url: '', streamKey: '' });
  };

  if (loadError) {
    return (
      <Text fontSize="sm" color="fg.error" role="alert">
        {t('recording.restream.loadFailed')}
      </Text>
    );
  }
  if (!state) {
    return (
      <HStack gap="2" role="status">
        <Spinner size="sm" />
        <Text fontSize="sm">{t('recording.restream.loading')}</Text>
      </HStack>
    );
  }
  const field = (name: FieldName, label: string, type = 'text') => (
    <Field.Root invalid={!!errors[name]} required flex="1" minW="10rem">
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        type={type}
        autoComplete="off"
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.currentTarget.value }))}
        data-testid={`restream-${name}`}
      />
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" data-testid="restream-panel" data-connected={state.connected}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="sm">
            {t('recording.restream.title')}
          </Heading>
          {state.live && (
            <Badge colorPalette="red" variant="solid" data-testid="restream-live">
              {t('recording.restream.live')}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('recording.restream.lead')}
        </Text>
        {!state.connected && (
          <Text fontSize="sm" fontWeight="semibold" data-testid="restream-not-connected">
            {t('recording.restream.notConnected')}
          </Text>
        )}
        {!state.canStoreKeys && (
          <Text fontSize="sm" color="fg.muted" data-testid="restream-keys-unavailable">
            {t('recording.restream.keysUnavailable')}
          </Text>
        )}
        {state.destinations.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="restream-empty">
            {t('recording.restream.empty')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {state.destinations.map((d) => (
              <HStack as="li" key={d.id} justify="space-between" gap="2" wrap="wrap" data-testid="restream-destination">
                <Stack gap="0" minW="0">
                  <Text fontSize="sm" fontWeight="semibold">
                    {d.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {d.url} · <span data-testid="restream-key-masked">{d.keyMasked}</span>
                  </Text>
                </Stack>
                {state.canEdit && (
                  <Button size="xs" variant="outline" loading={busy === d.id} onClick={() => void run({ eventId, intent: 'remove', destinationId: d.id }, d.id)}>
                    {t('recording.restream.remove', { name: d.name })}
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
        )}
        {state.canEdit ? (
          <>
            {state.canStoreKeys && (
              <form onSubmit={(e) => void add(e)} noValidate>
                <Stack gap="2">
                  <HStack gap="2" align="flex-start" wrap="wrap">
                    {field('name', t('recording.restream.name'))}
                    {field('url', t('recording.restream.url'))}
                    {field('streamKey', t('recording.restream.key'), 'password')}
                  </HStack>
                  <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={busy === 'add'} data-testid="restream-add">
                    {t('recording.restream.add')}
                  </Button>
                </Stack>
              </form>
            )}
            {state.connected && state.destinations.length > 0 && (
              <Button
                size="sm"
                variant={state.live ? 'outline' : 'solid'}
                colorPalette="red"
                alignSelf="flex-start"
                loading={busy === 'toggle'}
                onClick={() => void run({ eventId, intent: state.live ? 'stop' : 'start' }, 'toggle')}
                data-testid="restream-toggle"
              >
                {state.live ? t('recording.restream.stop') : t('recording.restream.start')}
              </Button>
            )}
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('recording.restream.organizerOnly')}
          </Text>
        )}
        {message && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="restream-error">
            {message}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
