import { Badge, Box, Button, Checkbox, Code, Field, Heading, HStack, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { API_SCOPES, KEY_NAME_MAX, SCOPE_LABEL, type ApiKeyRow, type ApiKeysAnswer, type ApiScope } from '#app/lib/publicApi/scopes';

type ErrorCode = 'load' | 'forbidden' | 'badRequest' | 'notFound' | 'tooMany' | 'failed';

async function call(init?: { body: unknown }): Promise<ApiKeysAnswer | { error: 'failed' }> {
  try {
    const res = await fetch('/api/apiKeys', init ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(init.body) } : { headers: { Accept: 'application/json' } });
    return (await res.json()) as ApiKeysAnswer;
  } catch {
    return { error: 'failed' };
  }
}

/** The new key's secret, shown this once with a copy button. */
function SecretBox({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyIt = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Box as="section" role="status" borderWidth="2px" borderColor="border.warning" borderRadius="md" p={{ base: '3', md: '5' }} aria-labelledby="api-key-secret-title" data-testid="api-key-secret-box">
      <Heading as="h3" size="md" id="api-key-secret-title" mb="2">
        {t('apiKeys.secretTitle')}
      </Heading>
      <Text mb="3">{t('apiKeys.secretOnce')}</Text>
      <Code display="block" px="2" py="2" mb="3" wordBreak="break-all" whiteSpace="pre-wrap" data-testid="api-key-secret">
        {secret}
      </Code>
      <HStack gap="3" wrap="wrap">
        <Button onClick={copyIt} colorPalette="brand" data-testid="api-key-copy">
          {copy === 'copied' ? t('apiKeys.copied') : t('apiKeys.copy')}
        </Button>
        <Button variant="outline" onClick={onDone} data-testid="api-key-done">
          {t('apiKeys.done')}
        </Button>
      </HStack>
      {copy === 'failed' ? (
        <Text color="fg.error" mt="2">
          {t('apiKeys.copyFailed')}
        </Text>
      ) : null}
    </Box>
  );
}

function KeyCard({ row, locale, onRevoked }: { row: ApiKeyRow; locale: string; onRevoked: (row: ApiKeyRow) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const revoke = async () => {
    setBusy(true);
    const answer = await call({ body: { intent: 'revoke', keyId: row.keyId } });
    setBusy(false);
    if ('revoked' in answer) {
      setConfirming(false);
      onRevoked(answer.revoked);
    } else setError('error' in answer ? answer.error : 'failed');
  };
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="api-key-row" data-key-id={row.keyId}>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2" mb="2">
        <Heading as="h4" size="sm" wordBreak="break-word">
          {row.name}
        </Heading>
        <Badge colorPalette={row.revokedAt ? 'gray' : 'green'} data-testid="api-key-state">
          {row.revokedAt ? t('apiKeys.revoked') : t('apiKeys.active')}
        </Badge>
      </Stack>
      <Code mb="2" wordBreak="break-all" data-testid="api-key-prefix">
        {row.prefix}…
      </Code>
      <HStack gap="1" wrap="wrap" mb="2">
        {row.scopes.map((s) => (
          <Badge key={s} variant="outline" title={t(`apiKeys.scopeNames.${SCOPE_LABEL[s]}`)}>
            {s}
          </Badge>
        ))}
      </HStack>
      <Stack gap="0" fontSize="sm" color="fg.muted">
        <Text>{t('apiKeys.created', { date: date(row.createdAt), name: row.createdByName })}</Text>
        <Text>{row.lastUsedAt ? t('apiKeys.lastUsed', { date: date(row.lastUsedAt) }) : t('apiKeys.neverUsed')}</Text>
        {row.revokedAt ? <Text>{t('apiKeys.revokedAt', { date: date(row.revokedAt) })}</Text> : null}
      </Stack>
      {row.revokedAt ? null : confirming ? (
        <Box mt="3" role="alertdialog" aria-labelledby={`revoke-${row.keyId}`}>
          <Text id={`revoke-${row.keyId}`} mb="2">
            {t('apiKeys.confirmRevoke', { name: row.name })}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="red" loading={busy} onClick={revoke} data-testid="api-key-revoke-confirm">
              {t('apiKeys.revoke')}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('apiKeys.cancel')}
            </Button>
          </HStack>
        </Box>
      ) : (
        <Button mt="3" size="sm" variant="outline" colorPalette="red" aria-label={t('apiKeys.revokeLabel', { name: row.name })} onClick={() => setConfirming(true)} data-testid="api-key-revoke">
          {t('apiKeys.revoke')}
        </Button>
      )}
      {error ? (
        <Text color="fg.error" mt="2" role="alert">
          {t(`apiKeys.errors.${error}`)}
        </Text>
      ) : null}
    </Box>
  );
}

/** The dashboard's "API keys" tab (admins only; docs/decisions/0087): create, see the secret once, list, revoke. */
export function ApiKeysTab({ admin, locale }: { admin: boolean; locale: string }) {
  const { t } = useTranslation();
  const ready = useNamespace('apiKeys');
  const [keys, setKeys] = useState<ApiKeyRow[] | null>(null);
  const [loadError, setLoadError] = useState<ErrorCode | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['events:read', 'registrations:read']);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<ErrorCode | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    const answer = await call();
    if ('keys' in answer) setKeys(answer.keys);
    else setLoadError('error' in answer && answer.error === 'forbidden' ? 'forbidden' : 'load');
  }, []);
  useEffect(() => {
    if (admin) void load();
  }, [admin, load]);

  if (!ready) return <Spinner size="sm" aria-label="…" />;
  if (!admin) return <Text data-testid="api-keys-forbidden">{t('apiKeys.errors.forbidden')}</Text>;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setCreating(true);
    setCreateError(null);
    const answer = await call({ body: { intent: 'create', name, scopes } });
    setCreating(false);
    if ('created' in answer) {
      setSecret(answer.secret);
      setName('');
      setKeys((k) => [answer.created, ...(k ?? [])]);
    } else setCreateError('error' in answer ? answer.error : 'failed');
  };
  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  return (
    <Stack gap="6" data-testid="api-keys-tab">
      <Box>
        <Text mb="2">{t('apiKeys.intro')}</Text>
        <HStack gap="4" wrap="wrap">
          <Link href="/api/v1/docs" colorPalette="brand" textDecoration="underline" data-testid="api-keys-reference">
            {t('apiKeys.reference')}
          </Link>
          <Link href="/api/v1/openapi.json" colorPalette="brand" textDecoration="underline">
            {t('apiKeys.document')}
          </Link>
        </HStack>
      </Box>
      {secret ? <SecretBox secret={secret} onDone={() => setSecret(null)} /> : null}
      <Box as="form" onSubmit={create} borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }} aria-labelledby="api-key-create-title">
        <Heading as="h3" size="md" id="api-key-create-title" mb="3">
          {t('apiKeys.createTitle')}
        </Heading>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t('apiKeys.name')}</Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={KEY_NAME_MAX} placeholder={t('apiKeys.namePlaceholder')} data-testid="api-key-name" />
          </Field.Root>
          <Stack as="fieldset" gap="2">
            <Text as="legend" fontWeight="medium" mb="1">
              {t('apiKeys.scopes')}
            </Text>
            {API_SCOPES.map((scope) => (
              <Checkbox.Root key={scope} checked={scopes.includes(scope)} onCheckedChange={(d) => toggle(scope, d.checked === true)} data-testid={`api-key-scope-${scope}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t(`apiKeys.scopeNames.${SCOPE_LABEL[scope]}`)} <Code fontSize="xs">{scope}</Code>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {createError ? (
            <Text color="fg.error" role="alert">
              {t(`apiKeys.errors.${createError}`)}
            </Text>
          ) : null}
          <Box>
            <Button type="submit" colorPalette="brand" loading={creating} loadingText={t('apiKeys.creating')} disabled={!name.trim() || scopes.length === 0} data-testid="api-key-create">
              {t('apiKeys.create')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box as="section" aria-labelledby="api-key-list-title">
        <Heading as="h3" size="md" id="api-key-list-title" mb="3">
          {t('apiKeys.listTitle')}
        </Heading>
        {loadError ? (
          <Stack gap="2" align="start" role="alert">
            <Text color="fg.error">{t(`apiKeys.errors.${loadError}`)}</Text>
            <Button size="sm" variant="outline" onClick={load}>
              {t('apiKeys.retry')}
            </Button>
          </Stack>
        ) : keys === null ? (
          <HStack gap="2" aria-live="polite">
            <Spinner size="sm" />
            <Text>{t('apiKeys.loading')}</Text>
          </HStack>
        ) : keys.length === 0 ? (
          <Text color="fg.muted" data-testid="api-keys-empty">
            {t('apiKeys.empty')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" m="0" p="0" data-testid="api-keys-list">
            {keys.map((row) => (
              <KeyCard key={row.keyId} row={row} locale={locale} onRevoked={(r) => setKeys((k) => (k ?? []).map((x) => (x.keyId === r.keyId ? r : x)))} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
