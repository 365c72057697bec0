import { Alert, Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMfaState, type MfaState } from '#app/components/twoFactor/mfaState';
import { TwoFactorLayout } from '#app/components/twoFactor/TwoFactorLayout';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './twoFactorEnrollSuccess.server';
import { i18nHandle } from '#app/lib/handles';

export { loader } from './twoFactorEnrollSuccess.server';
export const handle = i18nHandle('twoFactor');

/** /twoFactorEnrollSuccess: what is on now (read from the identity service), and where to go next. */
export default function TwoFactorEnrollSuccess() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const [mfa, setMfa] = useState<MfaState | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadMfaState()
      .then(setMfa)
      .catch(() => setFailed(true));
  }, []);

  const on = mfa?.enabled ?? [];
  return (
    <TwoFactorLayout title={title}>
      {failed ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('twoFactor.status.unknown')}</Alert.Title>
        </Alert.Root>
      ) : !mfa ? (
        <Skeleton h="16" role="status" aria-label={t('twoFactor.status.loading')} />
      ) : on.length === 0 ? (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('twoFactor.success.nothingOn')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Alert.Root status="success" role="status" data-testid="enroll-success">
          <Alert.Indicator />
          <Stack gap="2">
            <Alert.Title>{t('twoFactor.success.on')}</Alert.Title>
            <HStack gap="2" wrap="wrap">
              {on.map((m) => (
                <Badge key={m} colorPalette="green" size="lg">
                  {t(m === 'TOTP' ? 'twoFactor.methods.totp' : 'twoFactor.methods.sms')}
                  {mfa.preferred === m ? ` · ${t('twoFactor.status.preferred')}` : ''}
                </Badge>
              ))}
            </HStack>
            <Text>{t(mfa.preferred === 'SMS' ? 'twoFactor.success.nextSms' : 'twoFactor.success.nextTotp')}</Text>
          </Stack>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/userDashboard?tab=Security">{t('twoFactor.success.toSecurity')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/twoFactorEnrollment">{t('twoFactor.success.manage')}</Link>
        </Button>
      </HStack>
    </TwoFactorLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
