import { Badge, Box, Button, Code, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointRow, WebhookRequest } from '#app/lib/webhooks/model';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { postWebhooks } from './api';

interface Props {
  endpoint: EndpointRow;
  locale: string;
  /** A secret to show at once (just made). */
  freshSecret?: string;
  onEdit(): void;
  onChanged(): void;
}

/** One endpoint: its URL, state, events, secret (reveal, rotate) and its actions. */
export function EndpointCard({ endpoint, locale, freshSecret, onEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(freshSecret ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = `webhook-${endpoint.endpointId}`;

  const run = async (request: WebhookRequest, done?: (answer: { secret?: string }) => string | null) => {
    setBusy(request.intent);
    setError(null);
    setNotice(null);
    const answer = await postWebhooks(request);
    setBusy(null);
    if (!answer.ok) return setError(answer.error === 'notFound' ? t('webhooks.error.notFound') : t('webhooks.error.failed'));
    setNotice(done?.(answer) ?? null);
    onChanged();
  };
  const id = { endpointId: endpoint.endpointId };

  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }} aria-labelledby={headingId} data-testid="webhook-endpoint">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2" mb="2">
        <Heading as="h4" size="sm" id={headingId} wordBreak="break-all">
          {endpoint.url}
        </Heading>
        <Badge colorPalette={endpoint.enabled ? 'green' : 'red'} size="lg" data-testid="webhook-state">
          {endpoint.enabled ? t('webhooks.endpoint.enabled') : t('webhooks.endpoint.disabled')}
        </Badge>
      </Stack>
      {endpoint.description ? <Text mb="2">{endpoint.description}</Text> : null}
      {!endpoint.enabled ? (
        <Text color="fg.error" mb="2" data-testid="webhook-disabled-notice">
          {endpoint.disabledReason === 'failing' ? t('webhooks.endpoint.disabledFailing', { date: new Date(endpoint.disabledAt ?? Date.now()).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) }) : t('webhooks.endpoint.disabledAdmin')}
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted" mb="1">
        {t('webhooks.endpoint.events')}
      </Text>
      <Wrap gap="1" mb="3">
        {endpoint.events.map((type) => (
          <Badge key={type} variant="outline">
            {type}
          </Badge>
        ))}
      </Wrap>
      <Text fontSize="sm" color="fg.muted" mb="1">
        {t('webhooks.endpoint.secret')}
      </Text>
      <Code display="block" px="2" py="1" mb="2" wordBreak="break-all" whiteSpace="pre-wrap" data-testid="webhook-secret">
        {secret ?? t('webhooks.endpoint.secretHidden')}
      </Code>
      <Wrap gap="2" mb="3">
        <Button size="sm" variant="outline" loading={busy === 'reveal'} onClick={() => (secret ? setSecret(null) : void run({ intent: 'reveal', ...id }, (a) => (setSecret(a.secret ?? null), null)))} data-testid="webhook-reveal">
          {secret ? t('webhooks.endpoint.hide') : t('webhooks.endpoint.reveal')}
        </Button>
        <Button size="sm" variant="outline" loading={busy === 'rotate'} onClick={() => void run({ intent: 'rotate', ...id }, (a) => (setSecret(a.secret ?? null), t('webhooks.endpoint.rotated')))} data-testid="webhook-rotate">
          {t('webhooks.endpoint.rotate')}
        </Button>
      </Wrap>
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('webhooks.endpoint.actions', { url: endpoint.url })}>
        <Button size="sm" colorPalette="brand" loading={busy === 'test'} disabled={!endpoint.enabled} onClick={() => void run({ intent: 'test', ...id }, () => t('webhooks.endpoint.testSent'))} data-testid="webhook-test">
          {t('webhooks.endpoint.test')}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} data-testid="webhook-edit">
          {t('webhooks.endpoint.edit')}
        </Button>
        {endpoint.enabled ? (
          <Button size="sm" variant="outline" loading={busy === 'disable'} onClick={() => void run({ intent: 'disable', ...id })} data-testid="webhook-disable">
            {t('webhooks.endpoint.disable')}
          </Button>
        ) : (
          <Button size="sm" colorPalette="brand" variant="outline" loading={busy === 'enable'} onClick={() => void run({ intent: 'enable', ...id })} data-testid="webhook-enable">
            {t('webhooks.endpoint.enable')}
          </Button>
        )}
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="webhook-delete">
          {t('webhooks.endpoint.delete')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('webhooks.endpoint.delete')}
        body={t('webhooks.endpoint.confirmDelete')}
        confirm={t('webhooks.endpoint.delete')}
        cancel={t('webhooks.form.cancel')}
        onConfirm={() => void run({ intent: 'delete', ...id })}
        testId="webhook-delete-dialog"
      />
      <Box role="status" aria-live="polite" mt="2" fontSize="sm" data-testid="webhook-notice">
        {notice}
      </Box>
      {error ? (
        <Text role="alert" color="fg.error" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
