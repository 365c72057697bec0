import { Alert, Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_WEBHOOK_ENDPOINTS } from '#app/lib/webhooks/model';
import { useWebhooksOverview } from './api';
import { DeliveryLog } from './DeliveryLog';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';

/** Seconds between quiet refreshes of the log while the tab is open (deliveries change in the background). */
const REFRESH_MS = 5000;

function WebhooksPanel({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const { view, reload } = useWebhooksOverview();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [fresh, setFresh] = useState<{ endpointId: string; secret: string } | null>(null);
  useEffect(() => {
    const timer = setInterval(() => void reload(true), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  if (view.state === 'loading')
    return (
      <Stack direction="row" align="center" gap="2" role="status" data-testid="webhooks-loading">
        <Spinner size="sm" />
        <Text>{t('webhooks.loading')}</Text>
      </Stack>
    );
  if (view.state === 'error')
    return (
      <Stack gap="3" align="start">
        <Text role="alert" color="fg.error">
          {t('webhooks.loadError')}
        </Text>
        <Button variant="outline" onClick={() => void reload()}>
          {t('webhooks.retry')}
        </Button>
      </Stack>
    );
  const { endpoints, deliveries, available } = view.data;
  return (
    <Stack gap="6" data-testid="webhooks-tab">
      <Text>{t('webhooks.intro')}</Text>
      {!available ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('webhooks.unavailable')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Box as="section" aria-labelledby="webhook-endpoints-title">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="2" mb="3">
          <Heading as="h3" size="md" id="webhook-endpoints-title">
            {t('webhooks.endpoints')}
          </Heading>
          {editing !== 'new' && endpoints.length < MAX_WEBHOOK_ENDPOINTS ? (
            <Button colorPalette="brand" onClick={() => setEditing('new')} data-testid="webhook-add">
              {t('webhooks.add')}
            </Button>
          ) : null}
        </Stack>
        <Stack gap="4">
          {editing === 'new' ? (
            <EndpointForm
              onCancel={() => setEditing(null)}
              onDone={(answer) => {
                setEditing(null);
                if (answer.endpoint && answer.secret) setFresh({ endpointId: answer.endpoint.endpointId, secret: answer.secret });
                void reload(true);
              }}
            />
          ) : null}
          {endpoints.length === 0 && editing !== 'new' ? <Text color="fg.muted">{t('webhooks.none')}</Text> : null}
          {endpoints.map((endpoint) =>
            editing === endpoint.endpointId ? (
              <EndpointForm key={endpoint.endpointId} endpoint={endpoint} onCancel={() => setEditing(null)} onDone={() => (setEditing(null), void reload(true))} />
            ) : (
              <EndpointCard
                key={endpoint.endpointId}
                endpoint={endpoint}
                locale={locale}
                freshSecret={fresh?.endpointId === endpoint.endpointId ? fresh.secret : undefined}
                onEdit={() => setEditing(endpoint.endpointId)}
                onChanged={() => void reload(true)}
              />
            ),
          )}
        </Stack>
      </Box>
      <DeliveryLog deliveries={deliveries} endpoints={endpoints} locale={locale} onChanged={() => void reload(true)} />
    </Stack>
  );
}

/** The Webhooks tab (admins): endpoints, their secrets and the delivery log (docs/decisions/0088). */
export function WebhooksTab({ admin, locale }: { admin: boolean; locale: string }) {
  const { t } = useTranslation();
  if (!admin) return <Text>{t('webhooks.adminOnly')}</Text>;
  return <WebhooksPanel locale={locale} />;
}
