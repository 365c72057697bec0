import { Alert, Badge, Box, Button, Card, Code, Heading, HStack, QrCode, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, isCompleteCode } from '#app/components/twoFactor/CodeField';
import { twoFactorErrorKey } from '#app/components/twoFactor/errors';
import { loadMfaState, type MfaState } from '#app/components/twoFactor/mfaState';
import { TwoFactorLayout } from '#app/components/twoFactor/TwoFactorLayout';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './twoFactorEnrollment.server';
import { i18nHandle } from '#app/lib/handles';
import { ScriptForm } from '#app/components/forms/ScriptForm';

export { loader } from './twoFactorEnrollment.server';
export const handle = i18nHandle('twoFactor');

type Step = { kind: 'choose' } | { kind: 'totp'; uri: string; secret: string };

/** /twoFactorEnrollment: current two-factor state, then SMS (own screens) or an authenticator app. */
export default function TwoFactorEnrollment() {
  const { t } = useTranslation();
  const { title, issuer } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [mfa, setMfa] = useState<MfaState | null>(null);
  const [mfaError, setMfaError] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [starting, setStarting] = useState(false);
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadMfaState()
      .then(setMfa)
      .catch(() => setMfaError(true));
  }, []);

  async function startTotp() {
    setStarting(true);
    setError(null);
    try {
      const details = await setUpTOTP();
      setStep({ kind: 'totp', uri: details.getSetupUri(issuer).toString(), secret: details.sharedSecret });
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
    } finally {
      setStarting(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setError(t('twoFactor.errors.codeFormat'));
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      navigate('/twoFactorEnrollSuccess?method=totp');
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
      setVerifying(false);
    }
  }

  const status = mfaError ? (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title>{t('twoFactor.status.unknown')}</Alert.Title>
    </Alert.Root>
  ) : !mfa ? (
    <Skeleton h="6" w="60%" role="status" aria-label={t('twoFactor.status.loading')} />
  ) : (
    <HStack gap="2" wrap="wrap" data-testid="mfa-status">
      <Text fontWeight="medium">{t('twoFactor.status.label')}</Text>
      {mfa.enabled.length === 0 ? (
        <Badge colorPalette="gray">{t('twoFactor.status.off')}</Badge>
      ) : (
        mfa.enabled.map((m) => (
          <Badge key={m} colorPalette="green">
            {t(m === 'TOTP' ? 'twoFactor.methods.totp' : 'twoFactor.methods.sms')}
            {mfa.preferred === m ? ` · ${t('twoFactor.status.preferred')}` : ''}
          </Badge>
        ))
      )}
    </HStack>
  );

  if (step.kind === 'totp') {
    return (
      <TwoFactorLayout title={t('twoFactor.totp.title')} lead={t('twoFactor.totp.lead')} wide>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align={{ base: 'stretch', md: 'flex-start' }}>
          <Box alignSelf="center" bg="white" p="3" borderRadius="l2" borderWidth="1px" borderColor="border">
            <QrCode.Root value={step.uri} size="xl" aria-label={t('twoFactor.totp.qrLabel')} data-testid="totp-qr">
              <QrCode.Frame>
                <QrCode.Pattern />
              </QrCode.Frame>
            </QrCode.Root>
          </Box>
          <Stack gap="3" flex="1" minW="0">
            <Text>{t('twoFactor.totp.manual')}</Text>
            <Code p="2" fontSize="md" wordBreak="break-all" whiteSpace="normal" data-testid="totp-secret">
              {step.secret}
            </Code>
            <ScriptForm onSubmit={verify}>
              <Stack gap="4">
                <CodeField label={t('twoFactor.code.label')} helper={t('twoFactor.totp.codeHelp')} value={code} onChange={setCode} error={error} autoFocus />
                <HStack gap="3" wrap="wrap">
                  <Button type="submit" colorPalette="brand" loading={verifying} loadingText={t('twoFactor.code.verifying')}>
                    {t('twoFactor.totp.verify')}
                  </Button>
                  <Button variant="ghost" onClick={() => setStep({ kind: 'choose' })} disabled={verifying}>
                    {t('twoFactor.back')}
                  </Button>
                </HStack>
              </Stack>
            </ScriptForm>
          </Stack>
        </Stack>
      </TwoFactorLayout>
    );
  }

  return (
    <TwoFactorLayout title={title} lead={t('twoFactor.enroll.lead')} wide>
      {status}
      {error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root variant="subtle">
          <Card.Body gap="3">
            <Heading as="h2" size="md">{t('twoFactor.methods.totp')}</Heading>
            <Text color="fg.muted">{t('twoFactor.enroll.totpText')}</Text>
            <Button colorPalette="brand" onClick={startTotp} loading={starting} loadingText={t('twoFactor.enroll.starting')} data-testid="choose-totp" mt="auto">
              {t('twoFactor.enroll.chooseTotp')}
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="subtle">
          <Card.Body gap="3">
            <Heading as="h2" size="md">{t('twoFactor.methods.sms')}</Heading>
            <Text color="fg.muted">{t('twoFactor.enroll.smsText')}</Text>
            <Button asChild variant="outline" colorPalette="brand" mt="auto" data-testid="choose-sms">
              <Link to="/twoFactorAddPhone">{t('twoFactor.enroll.chooseSms')}</Link>
            </Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Text fontSize="sm">
        <Link to="/userDashboard?tab=Security">{t('twoFactor.backToSecurity')}</Link>
      </Text>
    </TwoFactorLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
