import { Alert, Button, HStack, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { confirmSignIn, type ConfirmSignInOutput } from 'aws-amplify/auth';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, isCompleteCode } from '#app/components/twoFactor/CodeField';
import { twoFactorErrorKey } from '#app/components/twoFactor/errors';
import { readPendingChallenge, type PendingChallenge } from '#app/components/twoFactor/pendingChallenge';
import { TwoFactorLayout } from '#app/components/twoFactor/TwoFactorLayout';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './twoFactorSignInVerify.server';
import { i18nHandle } from '#app/lib/handles';
import { ScriptForm } from '#app/components/forms/ScriptForm';

export { loader } from './twoFactorSignInVerify.server';
export const handle = i18nHandle('twoFactor');

type Stage = 'checking' | 'none' | Exclude<PendingChallenge, null>;

function stageFor(output: ConfirmSignInOutput): Stage | 'done' {
  switch (output.nextStep.signInStep) {
    case 'DONE':
      return 'done';
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return 'TOTP';
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return 'SMS';
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return 'SELECT';
    default:
      return 'none';
  }
}

/**
 * /twoFactorSignInVerify: the second factor of a sign-in started on /signIn. Amplify holds the
 * challenge (for three minutes, in sessionStorage); with none pending, the screen says so.
 */
export default function TwoFactorSignInVerify() {
  const { t } = useTranslation();
  const { title, redirectTo } = useLoaderData<typeof loader>();
  const [stage, setStage] = useState<Stage>('checking');
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<'TOTP' | 'SMS'>('TOTP');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let store: Storage | null = null;
    try {
      store = window.sessionStorage;
    } catch {
      store = null;
    }
    setStage(readPendingChallenge(store) ?? 'none');
  }, []);

  async function respond(challengeResponse: string) {
    setBusy(true);
    setError(null);
    try {
      const next = stageFor(await confirmSignIn({ challengeResponse }));
      if (next === 'done') {
        // A full page load, so every loader sees the new session cookies.
        window.location.assign(redirectTo);
        return;
      }
      setCode('');
      setStage(next);
      setBusy(false);
    } catch (e) {
      const key = twoFactorErrorKey(e);
      if (key === 'notSignedIn' || key === 'sessionExpired') setStage('none');
      setError(t(`twoFactor.errors.${key}`));
      setBusy(false);
    }
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setError(t('twoFactor.errors.codeFormat'));
      return;
    }
    void respond(code);
  }

  if (stage === 'checking') {
    return (
      <TwoFactorLayout title={title}>
        <HStack gap="3">
          <Spinner size="sm" />
          <Text>{t('twoFactor.signIn.checking')}</Text>
        </HStack>
      </TwoFactorLayout>
    );
  }

  if (stage === 'none' || stage === 'EMAIL') {
    return (
      <TwoFactorLayout title={title}>
        <Alert.Root status="info" role="status" data-testid="no-challenge">
          <Alert.Indicator />
          <Stack gap="1">
            <Alert.Title>{t('twoFactor.signIn.noneTitle')}</Alert.Title>
            <Alert.Description>{error ?? t('twoFactor.signIn.noneText')}</Alert.Description>
          </Stack>
        </Alert.Root>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <Link to={`/signIn${redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}>{t('twoFactor.signIn.backToSignIn')}</Link>
        </Button>
      </TwoFactorLayout>
    );
  }

  if (stage === 'SELECT') {
    return (
      <TwoFactorLayout title={title} lead={t('twoFactor.signIn.selectLead')}>
        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <ScriptForm
          onSubmit={(e) => {
            e.preventDefault();
            void respond(method);
          }}
        >
          <Stack gap="4">
            <RadioGroup.Root value={method} onValueChange={(d) => setMethod(d.value === 'SMS' ? 'SMS' : 'TOTP')} aria-label={t('twoFactor.signIn.selectLead')}>
              <Stack gap="2">
                {(['TOTP', 'SMS'] as const).map((m) => (
                  <RadioGroup.Item key={m} value={m}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(m === 'TOTP' ? 'twoFactor.methods.totp' : 'twoFactor.methods.sms')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('twoFactor.code.verifying')} alignSelf="flex-start">
              {t('twoFactor.signIn.continue')}
            </Button>
          </Stack>
        </ScriptForm>
      </TwoFactorLayout>
    );
  }

  return (
    <TwoFactorLayout title={title} lead={t(stage === 'TOTP' ? 'twoFactor.signIn.totpLead' : 'twoFactor.signIn.smsLead')}>
      <ScriptForm onSubmit={submitCode}>
        <Stack gap="4">
          <CodeField label={t('twoFactor.code.label')} value={code} onChange={setCode} error={error} autoFocus />
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('twoFactor.code.verifying')} alignSelf="flex-start">
            {t('twoFactor.signIn.submit')}
          </Button>
        </Stack>
      </ScriptForm>
      <Text fontSize="sm">
        <Link to="/signIn">{t('twoFactor.signIn.startOver')}</Link>
      </Text>
    </TwoFactorLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
