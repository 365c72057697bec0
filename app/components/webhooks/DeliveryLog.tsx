import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow, DeliveryStatus, EndpointRow } from '#app/lib/webhooks/model';
import { postWebhooks } from './api';

const PALETTE: Record<DeliveryStatus, string> = { pending: 'gray', retrying: 'orange', delivered: 'green', failed: 'red' };

function DeliveryItem({ delivery, endpoint, locale, onChanged }: { delivery: DeliveryRow; endpoint?: EndpointRow; locale: string; onChanged(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const last = delivery.attempts.at(-1);
  const time = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const resend = async () => {
    setBusy(true);
    const answer = await postWebhooks({ intent: 'resend', endpointId: delivery.endpointId, messageId: delivery.messageId });
    setBusy(false);
    setNotice(answer.ok ? t('webhooks.log.resent') : t(answer.error === 'notFound' ? 'webhooks.error.notFound' : 'webhooks.error.failed'));
    if (answer.ok) onChanged();
  };
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="webhook-delivery" data-message-id={delivery.messageId}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold">
            <Text as="span" srOnly>
              {t('language.labelled', { label: t('webhooks.log.event') })}{' '}
            </Text>
            {delivery.type}
          </Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {endpoint?.url ?? delivery.endpointId}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-all">
            {delivery.messageId}
          </Text>
        </Stack>
        <Stack direction="row" gap="3" align="center" flexWrap="wrap" flexShrink={0}>
          <Badge colorPalette={PALETTE[delivery.status]} data-testid="webhook-delivery-status">
            {t(`webhooks.log.state.${delivery.status}`)}
          </Badge>
          <Text fontSize="sm">
            {t('language.labelled', { label: t('webhooks.log.code') })} <span data-testid="webhook-delivery-code">{last?.status ?? t('webhooks.log.noCode')}</span>
          </Text>
          <Text fontSize="sm">
            {t('language.labelled', { label: t('webhooks.log.attempts') })} <span data-testid="webhook-delivery-attempts">{delivery.attempts.length}</span>
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {time(delivery.createdAt)}
          </Text>
          <Button size="xs" variant="outline" loading={busy} disabled={!endpoint} onClick={() => void resend()} data-testid="webhook-resend">
            {t('webhooks.log.resend')}
          </Button>
        </Stack>
      </Stack>
      {delivery.attempts.length > 0 ? (
        <Box as="details" mt="2" fontSize="sm">
          <Box as="summary" cursor="pointer">
            {t('webhooks.log.showAttempts', { id: delivery.messageId })}
          </Box>
          <Box as="ol" ps="5" mt="1" data-testid="webhook-attempts">
            {delivery.attempts.map((a, i) => (
              <li key={i}>{t('webhooks.log.attemptLine', { time: time(a.at), result: a.status ? `HTTP ${a.status}` : (a.error ?? '—'), ms: a.durationMs })}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      <Box role="status" aria-live="polite" fontSize="sm" mt={notice ? '1' : '0'}>
        {notice}
      </Box>
    </Box>
  );
}

/** The latest deliveries (newest first), each with its attempts in order and Resend. */
export function DeliveryLog({ deliveries, endpoints, locale, onChanged }: { deliveries: DeliveryRow[]; endpoints: EndpointRow[]; locale: string; onChanged(): void }) {
  const { t } = useTranslation();
  const byId = new Map(endpoints.map((e) => [e.endpointId, e]));
  return (
    <Box as="section" aria-labelledby="webhook-log-title">
      <Heading as="h3" size="md" mb="3" id="webhook-log-title">
        {t('webhooks.log.title')}
      </Heading>
      {deliveries.length === 0 ? (
        <Text color="fg.muted">{t('webhooks.log.none')}</Text>
      ) : (
        <Stack as="ul" gap="2" ps="0" data-testid="webhook-log">
          {deliveries.map((d) => (
            <DeliveryItem key={d.messageId} delivery={d} endpoint={byId.get(d.endpointId)} locale={locale} onChanged={onChanged} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
