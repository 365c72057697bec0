import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { confirmUserAttribute, sendUserAttributeVerificationCode, updateMFAPreference } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, isCompleteCode } from '#app/components/twoFactor/CodeField';
import { twoFactorErrorKey } from '#app/components/twoFactor/errors';
import { TwoFactorLayout } from '#app/components/twoFactor/TwoFactorLayout';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './twoFactorVerifyPhone.server';
import { i18nHandle } from '#app/lib/handles';
import { ScriptForm } from '#app/components/forms/ScriptForm';

export { loader } from './twoFactorVerifyPhone.server';
export const handle = i18nHandle('twoFactor');

/** /twoFactorVerifyPhone: the SMS code confirms the number, then SMS becomes the second factor. */
export default function TwoFactorVerifyPhone() {
  const { t } = useTranslation();
  const { title, phone } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setError(t('twoFactor.errors.codeFormat'));
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
      await updateMFAPreference({ sms: 'PREFERRED' });
      navigate('/twoFactorEnrollSuccess?method=sms');
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
      setVerifying(false);
    }
  }

  async function resend() {
    setResending(true);
    setError(null);
    setResent(false);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      setResent(true);
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
    } finally {
      setResending(false);
    }
  }

  return (
    <TwoFactorLayout title={title} lead={phone ? t('twoFactor.verifyPhone.leadTo', { phone }) : t('twoFactor.verifyPhone.lead')}>
      {resent ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('twoFactor.verifyPhone.resent')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <ScriptForm onSubmit={submit}>
        <Stack gap="4">
          <CodeField label={t('twoFactor.code.label')} helper={t('twoFactor.verifyPhone.codeHelp')} value={code} onChange={setCode} error={error} autoFocus />
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={verifying} loadingText={t('twoFactor.code.verifying')}>
              {t('twoFactor.verifyPhone.submit')}
            </Button>
            <Button variant="outline" onClick={resend} loading={resending} loadingText={t('twoFactor.verifyPhone.resending')} disabled={verifying}>
              {t('twoFactor.verifyPhone.resend')}
            </Button>
          </HStack>
        </Stack>
      </ScriptForm>
      <Text fontSize="sm">
        <Link to="/twoFactorAddPhone">{t('twoFactor.verifyPhone.changeNumber')}</Link>
      </Text>
    </TwoFactorLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
