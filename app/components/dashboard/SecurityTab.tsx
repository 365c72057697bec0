import { Alert, Badge, Button, Card, Heading, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@remix-run/react';
import { updateMFAPreference } from 'aws-amplify/auth';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoFactorErrorKey } from '#app/components/twoFactor/errors';
import { loadMfaState, type MfaState } from '#app/components/twoFactor/mfaState';
import { signOutEverywhere } from '#app/lib/identity/signOut.client';

/** Two-factor on/off, password change, and ending every session of the user. */
export function SecurityTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mfa, setMfa] = useState<MfaState | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setMfa(await loadMfaState());
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const on = (mfa?.enabled.length ?? 0) > 0;

  async function toggle(checked: boolean) {
    setError(null);
    if (checked) {
      // Turning it on needs a method set up first: the enrolment screen does that.
      navigate('/twoFactorEnrollment');
      return;
    }
    setBusy(true);
    try {
      await updateMFAPreference({ totp: 'DISABLED', sms: 'DISABLED' });
      await refresh();
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="5">
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h3" size="md">{t('dashboard.security.twoFactorTitle')}</Heading>
          <Text color="fg.muted">{t('dashboard.security.twoFactorText')}</Text>
          {loadFailed ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('twoFactor.status.unknown')}</Alert.Title>
            </Alert.Root>
          ) : !mfa ? (
            <Skeleton h="8" w="48" role="status" aria-label={t('twoFactor.status.loading')} />
          ) : (
            <Stack gap="3">
              <Switch.Root checked={on} disabled={busy} onCheckedChange={(d) => void toggle(d.checked)} colorPalette="brand" data-testid="mfa-switch">
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{busy ? t('dashboard.security.saving') : on ? t('dashboard.security.on') : t('dashboard.security.off')}</Switch.Label>
              </Switch.Root>
              {on ? (
                <HStack gap="2" wrap="wrap" data-testid="mfa-methods">
                  {mfa.enabled.map((m) => (
                    <Badge key={m} colorPalette="green">
                      {t(m === 'TOTP' ? 'twoFactor.methods.totp' : 'twoFactor.methods.sms')}
                    </Badge>
                  ))}
                </HStack>
              ) : null}
              <Link to="/twoFactorEnrollment">{t('dashboard.security.manage')}</Link>
            </Stack>
          )}
          {error ? (
            <Text role="alert" color="fg.error">
              {error}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h3" size="md">{t('dashboard.security.passwordTitle')}</Heading>
          <Button asChild variant="outline" alignSelf="flex-start">
            <Link to="/changePassword">{t('dashboard.security.changePassword')}</Link>
          </Button>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h3" size="md">{t('dashboard.security.sessionsTitle')}</Heading>
          <Text color="fg.muted">{t('dashboard.security.sessionsText')}</Text>
          <Button
            colorPalette="red"
            variant="outline"
            alignSelf="flex-start"
            loading={signingOut}
            loadingText={t('session.signingOut')}
            onClick={() => {
              setSigningOut(true);
              void signOutEverywhere('/');
            }}
            data-testid="sign-out-everywhere"
          >
            {t('dashboard.security.signOutEverywhere')}
          </Button>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
