/**
 * /rtmpKey and /srtKey (docs/decisions/0029): pick an event, see its ingest URL, create, rotate or
 * revoke its key (rotate and revoke confirmed first), and watch its live status. A new key is shown
 * once, from the action's answer; afterwards only its last characters.
 */
import { Alert, Box, Button, Card, Container, Field, Heading, HStack, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form, Link, useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { keyScreenHref, type BroadcastProtocol, type BroadcastState, type IngestPath, type KeySummary } from '#app/lib/broadcast/model';
import { CopyField } from '#app/components/forms/CopyField';
import { LiveStatus } from './LiveStatus';

export interface KeyScreenData {
  protocol: BroadcastProtocol;
  path: IngestPath;
  configured: boolean;
  events: { eventId: string; title: string; eventDateTime: string }[];
  event: { eventId: string; title: string } | null;
  key: KeySummary | null;
  state: BroadcastState | null;
}

type ActionResult =
  | { ok: true; intent: 'create' | 'rotate'; key: string; ingestUrl: string; hint: string }
  | { ok: true; intent: 'revoke' }
  | { ok: false; error: 'invalid' | 'notConfigured' | 'noPort' | 'exists' | 'missing' | 'ingressUnavailable' };

export function KeyScreen({ data }: { data: KeyScreenData }) {
  const { t, i18n } = useTranslation();
  const copyMessages = { copy: t('broadcast.key.copy'), copied: t('broadcast.key.copied'), copyFailed: t('broadcast.key.copyFailed') };
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const { protocol, event } = data;
  const screen = protocol === 'rtmp' ? 'rtmpKey' : 'srtKey';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const fresh = result?.ok && result.intent !== 'revoke' ? result : null;
  const submit = (intent: 'create' | 'rotate' | 'revoke') => event && fetcher.submit({ intent, eventId: event.eventId }, { method: 'post' });
  const busy = fetcher.state !== 'idle';
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const ingestUrl = fresh?.ingestUrl ?? data.key?.ingestUrl ?? '';

  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t(`broadcast.titles.${screen}`)}
          </Heading>
          <Text color="fg.muted">{t(`broadcast.leads.${screen}`)}</Text>
          {event ? (
            // The same event's other protocol, one step away.
            <ChakraLink asChild colorPalette="brand" fontWeight="medium" alignSelf="flex-start" data-testid="other-protocol">
              <Link to={keyScreenHref(protocol === 'rtmp' ? 'srt' : 'rtmp', event.eventId)}>{t(protocol === 'rtmp' ? 'broadcast.key.useSrt' : 'broadcast.key.useRtmp')}</Link>
            </ChakraLink>
          ) : null}
        </Stack>
        <Alert.Root status="info" borderRadius="l3" data-testid="ingest-path" data-path={data.path}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('broadcast.path.label')}</Alert.Title>
            <Alert.Description>{t(`broadcast.path.${data.path}`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {!data.configured ? (
          <Alert.Root status="warning" borderRadius="l3" data-testid="ingest-not-configured">
            <Alert.Indicator />
            <Alert.Title>{t('broadcast.notConfigured')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {data.events.length === 0 ? (
          <Stack gap="3" data-testid="no-events">
            <Text>{t('broadcast.event.none')}</Text>
            <ChakraLink asChild colorPalette="brand" fontWeight="semibold">
              <Link to="/scheduleEvents">{t('broadcast.event.schedule')}</Link>
            </ChakraLink>
          </Stack>
        ) : (
          <Form method="get">
            <HStack gap="2" alignItems="end" flexWrap="wrap">
              <Field.Root flex="1" minW="14rem">
                <Field.Label>{t('broadcast.event.label')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="eventId" defaultValue={event?.eventId} bg="bg" data-testid="event-select">
                    {data.events.map((e) => (
                      <option key={e.eventId} value={e.eventId}>
                        {e.title} — {date(e.eventDateTime)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Button type="submit" variant="outline">
                {t('broadcast.event.show')}
              </Button>
            </HStack>
          </Form>
        )}
        {event ? (
          <Card.Root>
            <Card.Body>
              <Stack gap="4">
                <Heading as="h2" size="lg">
                  {t('broadcast.key.heading')}
                </Heading>
                {result && !result.ok ? (
                  <Alert.Root status="error" borderRadius="l2" data-testid="key-error">
                    <Alert.Indicator />
                    <Alert.Title>{t(`broadcast.errors.${result.error}`)}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {result?.ok && result.intent === 'revoke' ? (
                  <Text role="status" data-testid="key-revoked">
                    {t('broadcast.key.revoked')}
                  </Text>
                ) : null}
                {ingestUrl ? <CopyField label={t(protocol === 'rtmp' ? 'broadcast.key.url' : 'broadcast.key.srtUrl')} value={ingestUrl} testId="ingest-url" messages={copyMessages} namedButton /> : null}
                {fresh ? (
                  <Stack gap="2">
                    <Alert.Root status="warning" borderRadius="l2">
                      <Alert.Indicator />
                      <Alert.Title>{t('broadcast.key.shownOnce')}</Alert.Title>
                    </Alert.Root>
                    <CopyField label={t(protocol === 'rtmp' ? 'broadcast.key.key' : 'broadcast.key.passphrase')} value={fresh.key} testId="stream-key" messages={copyMessages} namedButton />
                    {protocol === 'srt' ? (
                      <CopyField label={t('broadcast.key.fullUrl')} value={`${fresh.ingestUrl}?passphrase=${fresh.key}&pbkeylen=16`} testId="srt-full-url" messages={copyMessages} namedButton />
                    ) : null}
                  </Stack>
                ) : data.key && !(result?.ok && result.intent === 'revoke') ? (
                  <Text data-testid="key-hint">{t('broadcast.key.hint', { hint: data.key.hint, date: date(data.key.createdAt) })}</Text>
                ) : (
                  <Text data-testid="key-none">{t('broadcast.key.none')}</Text>
                )}
                <HStack gap="2" flexWrap="wrap">
                  {data.key || fresh ? (
                    <>
                      <Button colorPalette="brand" disabled={busy || !data.configured} onClick={() => setConfirming('rotate')} data-testid="rotate-key">
                        {t('broadcast.key.rotate')}
                      </Button>
                      <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => setConfirming('revoke')} data-testid="revoke-key">
                        {t('broadcast.key.revoke')}
                      </Button>
                    </>
                  ) : (
                    <Button colorPalette="brand" disabled={busy || !data.configured} onClick={() => submit('create')} data-testid="create-key">
                      {t('broadcast.key.create')}
                    </Button>
                  )}
                </HStack>
                <Box borderTopWidth="1px" pt="4">
                  <LiveStatus eventId={event.eventId} initial={data.state} />
                </Box>
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t(confirming === 'revoke' ? 'broadcast.confirm.revokeTitle' : 'broadcast.confirm.rotateTitle')}
        body={t(confirming === 'revoke' ? 'broadcast.confirm.revokeBody' : 'broadcast.confirm.rotateBody')}
        confirm={t(confirming === 'revoke' ? 'broadcast.key.revoke' : 'broadcast.key.rotate')}
        cancel={t('broadcast.confirm.cancel')}
        onConfirm={() => confirming && submit(confirming)}
        testId="key-confirm"
      />
    </Container>
  );
}
