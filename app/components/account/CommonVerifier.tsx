import { Badge, Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLoaderData } from '@remix-run/react';
import { confirmUserAttribute, fetchUserAttributes, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPage, Notice } from './AuthPage';
import { authErrorKey } from './errors';
import { CodeField } from './InputField';
import { maskDestination } from './mask';
import type { AccountScreenData } from '#app/lib/account/screen';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { ScriptForm } from '#app/components/forms/ScriptForm';

type Attr = 'email' | 'phone_number';
interface AttrState {
  key: Attr;
  value: string;
  verified: boolean;
}

/**
 * One address or number. A change waits for its code (the pool keeps the old value active until
 * then, so the row still shows the old one as verified): "Verify a change" sends the code to the new
 * value and takes it. docs/decisions/0013-host-invitations.md.
 */
function AttributeRow({ attr, onVerified }: { attr: AttrState; onVerified: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [destination, setDestination] = useState(attr.value);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [codeError, setCodeError] = useState<TranslationKey | null>(null);

  async function send() {
    setSending(true);
    setError(null);
    try {
      const delivery = await sendUserAttributeVerificationCode({ userAttributeKey: attr.key });
      // A pending change gets the code at its new value: say where it went.
      setDestination(delivery.destination || attr.value);
      setSent(true);
    } catch (e) {
      setError(authErrorKey(e, 'verify'));
    }
    setSending(false);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setCodeError(/^\d{6}$/.test(code) ? null : 'account.errors.code');
    setError(null);
    if (!/^\d{6}$/.test(code)) return;
    setBusy(true);
    try {
      await confirmUserAttribute({ userAttributeKey: attr.key, confirmationCode: code });
      setSent(false);
      onVerified();
    } catch (e) {
      setError(authErrorKey(e, 'verify'));
    }
    setBusy(false);
  }

  return (
    <Box as="section" p={{ base: '4', md: '5' }} borderWidth="1px" borderColor="border" borderRadius="l2" data-testid={`attribute-${attr.key}`}>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="2">
        <Box minW="0">
          <Heading as="h2" size="md">
            {t(`account.verifier.attributes.${attr.key}`)}
          </Heading>
          <Text color="fg.muted" wordBreak="break-all">
            {maskDestination(attr.value)}
          </Text>
        </Box>
        <Badge colorPalette={attr.verified ? 'green' : 'orange'} size="lg" data-testid="status">
          {attr.verified ? t('account.verifier.verified') : t('account.verifier.pending')}
        </Badge>
      </Stack>
      {attr.verified && !sent ? (
        <Stack gap="2" mt="3" align="flex-start">
          {error ? <Notice status="error" testId="form-error">{t(error)}</Notice> : null}
          <Button variant="ghost" size="sm" onClick={send} loading={sending} loadingText={t('account.verifier.sending')} data-testid="verify-change">
            {t('account.verifier.verifyChange')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="4" mt="4">
          {error ? <Notice status="error" testId="form-error">{t(error)}</Notice> : null}
          {sent ? <Notice status="info">{t('account.verifier.sent', { destination: maskDestination(destination) })}</Notice> : null}
          {sent ? (
            <ScriptForm onSubmit={confirm}>
              <Stack gap="4">
                <CodeField label={t('account.fields.code')} error={codeError} />
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                  <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('account.confirm.busy')} data-testid="confirm">
                    {t('account.verifier.confirm')}
                  </Button>
                  <Button type="button" variant="outline" onClick={send} loading={sending} loadingText={t('account.confirm.resending')}>
                    {t('account.confirm.resend')}
                  </Button>
                </Stack>
              </Stack>
            </ScriptForm>
          ) : (
            <Button alignSelf="flex-start" colorPalette="brand" onClick={send} loading={sending} loadingText={t('account.verifier.sending')} data-testid="send">
              {t('account.verifier.send')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** /commonVerifier: verify any pending attribute (email or phone) with a code. */
export function CommonVerifierScreen() {
  const { t } = useTranslation();
  const { title } = useLoaderData<AccountScreenData>();
  const [attrs, setAttrs] = useState<AttrState[] | null>(null);
  const [error, setError] = useState<TranslationKey | null>(null);

  const load = useCallback(async () => {
    try {
      const a = await fetchUserAttributes();
      const list: AttrState[] = [];
      if (a.email) list.push({ key: 'email', value: a.email, verified: a.email_verified === 'true' });
      if (a.phone_number) list.push({ key: 'phone_number', value: a.phone_number, verified: a.phone_number_verified === 'true' });
      setAttrs(list);
      setError(null);
    } catch (e) {
      setError(authErrorKey(e, 'verify'));
      setAttrs([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AuthPage title={title} lead={t('account.verifier.lead')} testId="verifier-screen">
      <Stack gap="4" aria-busy={attrs === null}>
        {error ? <Notice status="error">{t(error)}</Notice> : null}
        {attrs === null ? (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>{t('account.common.loading')}</Text>
          </Stack>
        ) : attrs.length === 0 && !error ? (
          <Text>{t('account.verifier.none')}</Text>
        ) : (
          attrs.map((attr) => <AttributeRow key={attr.key} attr={attr} onVerified={load} />)
        )}
      </Stack>
    </AuthPage>
  );
}
