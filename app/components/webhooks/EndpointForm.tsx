import { Box, Button, Checkbox, Field, Fieldset, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type EndpointRow, type UrlProblem, type WebhookEventType } from '#app/lib/webhooks/model';
import { postWebhooks, type PostAnswer } from './api';

/** Add or edit an endpoint: URL, description, the events it receives; the URL's refusal shown under it. */
export function EndpointForm({ endpoint, onDone, onCancel }: { endpoint?: EndpointRow; onDone(answer: Extract<PostAnswer, { ok: true }>): void; onCancel(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['registration.created']);
  const [urlProblem, setUrlProblem] = useState<UrlProblem | null>(null);
  const [eventsMissing, setEventsMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setUrlProblem(null);
    setEventsMissing(events.length === 0);
    if (events.length === 0) return;
    setBusy(true);
    const fields = { url, description, events };
    const answer = await postWebhooks(endpoint ? { intent: 'update', endpointId: endpoint.endpointId, ...fields } : { intent: 'create', ...fields });
    setBusy(false);
    if (answer.ok) return onDone(answer);
    if (answer.fields?.url) setUrlProblem(answer.fields.url);
    else setError(answer.error);
  };

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((list) => (on ? [...list.filter((x) => x !== type), type] : list.filter((x) => x !== type)));
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }} aria-labelledby={`${id}-title`} data-testid="webhook-form">
      <Heading as="h3" size="md" mb="4" id={`${id}-title`}>
        {endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle')}
      </Heading>
      <Stack gap="4">
        <Field.Root invalid={urlProblem !== null}>
          <Field.Label>{t('webhooks.form.url')}</Field.Label>
          <Input inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks" autoComplete="off" data-testid="webhook-url" />
          {urlProblem ? <Field.ErrorText data-testid="webhook-url-error">{t(`webhooks.form.urlError.${urlProblem}`)}</Field.ErrorText> : <Field.HelperText>{t('webhooks.form.urlHelp')}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('webhooks.form.description')}</Field.Label>
          <Input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} data-testid="webhook-description" />
        </Field.Root>
        <Fieldset.Root invalid={eventsMissing}>
          <Fieldset.Legend>{t('webhooks.form.events')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" mt="2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox.Root key={type} checked={events.includes(type)} onCheckedChange={(d) => toggle(type, d.checked === true)} data-testid={`webhook-event-${type}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t(`webhooks.eventTypes.${type}`)} <Text as="span" color="fg.muted" fontSize="xs">{type}</Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
          {eventsMissing ? <Fieldset.ErrorText>{t('webhooks.form.eventsError')}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
        {error ? (
          <Text role="alert" color="fg.error">
            {t(`webhooks.error.${error === 'tooMany' || error === 'notFound' || error === 'forbidden' || error === 'badRequest' ? error : 'failed'}`)}
          </Text>
        ) : null}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Button type="submit" colorPalette="brand" loading={busy} data-testid="webhook-save">
            {t('webhooks.form.save')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('webhooks.form.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
